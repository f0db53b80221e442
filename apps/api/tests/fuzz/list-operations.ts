/**
 * The operations of the app's own OpenAPI 3.0 document (`GET /api/docs/json`): method, path, parameters and
 * JSON request body, each keyed like `POST /api/place-order`. The document is parsed with zod as it enters.
 */
import { z } from 'zod';
import { jsonSchema, type JsonSchema } from './json-schema';
import type { SchemaComponents } from './resolve-schema';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const parameterSchema = z.object({
  name: z.string(),
  in: z.enum(['path', 'query', 'header', 'cookie']),
  required: z.boolean().optional(),
  schema: jsonSchema.optional(),
});
export type OperationParameter = z.infer<typeof parameterSchema>;

const operationSchema = z.object({
  parameters: z.array(parameterSchema).optional(),
  requestBody: z
    .object({
      required: z.boolean().optional(),
      content: z.record(z.string(), z.object({ schema: jsonSchema.optional() })),
    })
    .optional(),
});

export const openApiDocumentSchema = z.object({
  openapi: z.string().startsWith('3.'),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.object({ schemas: z.record(z.string(), jsonSchema).optional() }).optional(),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

export interface Operation {
  /** `METHOD /path/{param}`, as the known-good table and the test names write it. */
  key: string;
  method: string;
  /** The OpenAPI path, with `{param}` placeholders. */
  path: string;
  parameters: OperationParameter[];
  /** The `application/json` request body schema, if the operation takes one. */
  body: { schema: JsonSchema; required: boolean } | undefined;
  components: SchemaComponents;
}

export function listOperations(document: OpenApiDocument): Operation[] {
  const components = document.components?.schemas ?? {};
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      if (item[method] === undefined) continue;
      const op = operationSchema.parse(item[method]);
      const json = op.requestBody?.content['application/json']?.schema;
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: json ? { schema: json, required: op.requestBody?.required ?? false } : undefined,
        components,
      });
    }
  }
  return operations;
}
