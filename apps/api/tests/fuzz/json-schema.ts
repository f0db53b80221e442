/**
 * The part of JSON Schema (OpenAPI 3.0 flavour, as `@fastify/swagger` writes it from zod) that the fuzz suite
 * reads, as a zod schema: the document the app serves is outside data, checked once where it enters the suite.
 */
import { z } from 'zod';

export interface JsonSchema {
  $ref?: string | undefined;
  type?: string | string[] | undefined;
  enum?: unknown[] | undefined;
  const?: unknown;
  default?: unknown;
  nullable?: boolean | undefined;
  pattern?: string | undefined;
  format?: string | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  minimum?: number | undefined;
  maximum?: number | undefined;
  /** OpenAPI 3.0 writes a boolean beside `minimum`; JSON Schema 2019+ a number. Both are read. */
  exclusiveMinimum?: boolean | number | undefined;
  exclusiveMaximum?: boolean | number | undefined;
  minItems?: number | undefined;
  maxItems?: number | undefined;
  uniqueItems?: boolean | undefined;
  items?: JsonSchema | undefined;
  properties?: Record<string, JsonSchema> | undefined;
  required?: string[] | undefined;
  additionalProperties?: boolean | JsonSchema | undefined;
  anyOf?: JsonSchema[] | undefined;
  oneOf?: JsonSchema[] | undefined;
  allOf?: JsonSchema[] | undefined;
  /** Set by the shared text schemas: 'multi-line' text may hold tabs and line breaks. */
  'x-text-kind'?: string | undefined;
}

export const jsonSchema: z.ZodType<JsonSchema> = z.lazy(() =>
  z.object({
    $ref: z.string().optional(),
    type: z.union([z.string(), z.array(z.string())]).optional(),
    enum: z.array(z.unknown()).optional(),
    const: z.unknown().optional(),
    default: z.unknown().optional(),
    nullable: z.boolean().optional(),
    pattern: z.string().optional(),
    format: z.string().optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    exclusiveMinimum: z.union([z.boolean(), z.number()]).optional(),
    exclusiveMaximum: z.union([z.boolean(), z.number()]).optional(),
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
    uniqueItems: z.boolean().optional(),
    items: jsonSchema.optional(),
    properties: z.record(z.string(), jsonSchema).optional(),
    required: z.array(z.string()).optional(),
    additionalProperties: z.union([z.boolean(), jsonSchema]).optional(),
    anyOf: z.array(jsonSchema).optional(),
    oneOf: z.array(jsonSchema).optional(),
    allOf: z.array(jsonSchema).optional(),
    'x-text-kind': z.string().optional(),
  }),
);
