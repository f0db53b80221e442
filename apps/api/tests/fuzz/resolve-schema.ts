/**
 * Resolves the indirections of a schema at its top level: a `$ref` into the document's components, and an
 * `allOf` merged into one schema (properties and `required` joined, the tighter of two bounds kept). What is
 * left is read by the arbitrary builder and the mutations without their own `$ref` / `allOf` handling.
 */
import type { JsonSchema } from './json-schema';

/** `components.schemas` of the OpenAPI document, for `$ref: '#/components/schemas/Name'`. */
export type SchemaComponents = Record<string, JsonSchema>;

const REF_PREFIX = '#/components/schemas/';

export function resolveSchema(schema: JsonSchema, components: SchemaComponents, depth = 0): JsonSchema {
  if (depth > 20) throw new Error('schema $ref / allOf nests more than 20 deep');
  let current = schema;
  if (current.$ref !== undefined) {
    const { $ref, ...rest } = current;
    const name = $ref.startsWith(REF_PREFIX) ? $ref.slice(REF_PREFIX.length) : undefined;
    const target = name === undefined ? undefined : components[name];
    if (!target) throw new Error(`cannot resolve schema $ref ${$ref}`);
    current = mergeSchemas(resolveSchema(target, components, depth + 1), rest);
  }
  if (current.allOf !== undefined) {
    const { allOf, ...rest } = current;
    current = allOf
      .map((part) => resolveSchema(part, components, depth + 1))
      .reduce<JsonSchema>((merged, part) => mergeSchemas(merged, part), rest);
  }
  return current;
}

const tighter = (a: number | undefined, b: number | undefined, pick: (x: number, y: number) => number) =>
  a === undefined ? b : b === undefined ? a : pick(a, b);

/** Both schemas at once (an `allOf` of two), as far as this suite needs. */
export function mergeSchemas(a: JsonSchema, b: JsonSchema): JsonSchema {
  const properties =
    a.properties || b.properties ? { ...(a.properties ?? {}), ...(b.properties ?? {}) } : undefined;
  const required =
    a.required || b.required ? [...new Set([...(a.required ?? []), ...(b.required ?? [])])] : undefined;
  return {
    ...a,
    ...b,
    ...(properties ? { properties } : {}),
    ...(required ? { required } : {}),
    ...(a.type === undefined && b.type === undefined ? {} : { type: b.type ?? a.type }),
    minLength: tighter(a.minLength, b.minLength, Math.max),
    maxLength: tighter(a.maxLength, b.maxLength, Math.min),
    minimum: tighter(a.minimum, b.minimum, Math.max),
    maximum: tighter(a.maximum, b.maximum, Math.min),
    minItems: tighter(a.minItems, b.minItems, Math.max),
    maxItems: tighter(a.maxItems, b.maxItems, Math.min),
  };
}
