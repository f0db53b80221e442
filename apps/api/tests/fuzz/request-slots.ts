/**
 * The places of a request a mutation can change, each with its schema when the operation declares one: path
 * parameters, query entries, declared headers, and every value of a JSON body (the body itself, each property
 * and array item, nested). `setSlot` / `removeSlot` change one place and copy only what leads to it.
 */
import type { JsonSchema } from './json-schema';
import { isPlainObject, JsonNumberText, jsonText, objectWithEntries } from './json-text';
import type { Operation } from './list-operations';
import type { RequestParts } from './request-parts';
import { mergeSchemas, resolveSchema, type SchemaComponents } from './resolve-schema';

export type SlotLocation =
  | { where: 'path'; name: string }
  | { where: 'query'; index: number; name: string }
  | { where: 'header'; name: string }
  | { where: 'body'; path: (string | number)[] };

export interface Slot {
  location: SlotLocation;
  /** `body.products[0].id`, `query page`, `path sku`, `header idempotency-key`. */
  label: string;
  value: unknown;
  schema: JsonSchema | undefined;
  required: boolean;
}

export function requestSlots(operation: Operation, parts: RequestParts): Slot[] {
  const declared = (where: string, name: string) =>
    operation.parameters.find((p) => p.in === where && p.name === name);
  const slots: Slot[] = [];
  for (const [name, value] of Object.entries(parts.pathParams)) {
    const p = declared('path', name);
    slots.push({
      location: { where: 'path', name },
      label: `path ${name}`,
      value,
      schema: p?.schema,
      required: true,
    });
  }
  parts.query.forEach(([name, value], index) => {
    const p = declared('query', name);
    slots.push({
      location: { where: 'query', index, name },
      label: `query ${name}`,
      value,
      schema: p?.schema,
      required: p?.required ?? false,
    });
  });
  for (const [name, value] of Object.entries(parts.headers)) {
    const p = declared('header', name);
    slots.push({
      location: { where: 'header', name },
      label: `header ${name}`,
      value,
      schema: p?.schema,
      required: p?.required ?? false,
    });
  }
  if (parts.body.kind === 'json') {
    walkBody(parts.body.value, operation.body?.schema, [], true, operation.components, slots);
  }
  return slots;
}

function walkBody(
  value: unknown,
  schema: JsonSchema | undefined,
  path: (string | number)[],
  required: boolean,
  components: SchemaComponents,
  out: Slot[],
) {
  const s = schema ? schemaForValue(schema, value, components) : undefined;
  out.push({ location: { where: 'body', path }, label: bodyLabel(path), value, schema: s, required });
  if (Array.isArray(value)) {
    value.forEach((item, i) => walkBody(item, s?.items, [...path, i], false, components, out));
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const child = s?.properties?.[key];
      walkBody(item, child, [...path, key], s?.required?.includes(key) ?? false, components, out);
    }
  }
}

export function bodyLabel(path: (string | number)[]): string {
  return `body${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')}`;
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof JsonNumberText) return 'number';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The schema that describes `value`: for `anyOf` / `oneOf`, the first variant of the value's type. */
export function schemaForValue(schema: JsonSchema, value: unknown, components: SchemaComponents): JsonSchema {
  const s = resolveSchema(schema, components);
  const variants = s.anyOf ?? s.oneOf;
  if (!variants) return s;
  const { anyOf: _anyOf, oneOf: _oneOf, ...siblings } = s;
  const type = jsonTypeOf(value);
  const fits = (v: JsonSchema) => {
    const r = resolveSchema(v, components);
    const types = Array.isArray(r.type) ? r.type : r.type === undefined ? [] : [r.type];
    return types.includes(type) || (type === 'integer' && types.includes('number'));
  };
  const chosen = variants.find(fits) ?? variants[0];
  return chosen ? mergeSchemas(siblings, resolveSchema(chosen, components)) : siblings;
}

const REMOVE = Symbol('remove');

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(root) && typeof head === 'number') {
    const copy = root.slice();
    if (rest.length === 0 && value === REMOVE) copy.splice(head, 1);
    else copy[head] = setAt(copy[head], rest, value);
    return copy;
  }
  if (isPlainObject(root) && typeof head === 'string') {
    const entries = Object.entries(root);
    if (rest.length === 0 && value === REMOVE) return objectWithEntries(entries.filter(([k]) => k !== head));
    return objectWithEntries(entries.map(([k, v]) => [k, k === head ? setAt(v, rest, value) : v]));
  }
  return root;
}

/** The request with `slot` set to `value` (path, query and header values are written as text). */
export function setSlot(parts: RequestParts, location: SlotLocation, value: unknown): RequestParts {
  const text = typeof value === 'string' ? value : jsonText(value);
  switch (location.where) {
    case 'path':
      return { ...parts, pathParams: { ...parts.pathParams, [location.name]: text } };
    case 'query':
      return {
        ...parts,
        query: parts.query.map((entry, i) => (i === location.index ? [entry[0], text] : entry)),
      };
    case 'header':
      return { ...parts, headers: { ...parts.headers, [location.name]: text } };
    case 'body':
      if (parts.body.kind !== 'json') return parts;
      return { ...parts, body: { kind: 'json', value: setAt(parts.body.value, location.path, value) } };
  }
}

/** The request without `slot` (a path parameter becomes empty: it cannot be left out of the URL). */
export function removeSlot(parts: RequestParts, location: SlotLocation): RequestParts {
  switch (location.where) {
    case 'path':
      return setSlot(parts, location, '');
    case 'query':
      return { ...parts, query: parts.query.filter(([name]) => name !== location.name) };
    case 'header':
      return {
        ...parts,
        headers: Object.fromEntries(Object.entries(parts.headers).filter(([name]) => name !== location.name)),
      };
    case 'body':
      if (parts.body.kind !== 'json') return parts;
      if (location.path.length === 0) return { ...parts, body: { kind: 'none' } };
      return { ...parts, body: { kind: 'json', value: setAt(parts.body.value, location.path, REMOVE) } };
  }
}
