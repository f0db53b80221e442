/**
 * The edge rule for invisible characters (issue 17; decision 0011): before any route validates its input,
 * every string of the query, the path parameters, the JSON body (object keys included) and the headers the
 * route declares (plus Authorization) is checked with the shared `findControlCharacter`. A refused character
 * answers 400 `{ message, errors: [{ field, message }] }` naming the field, before anything is read or written.
 *
 * A field's kind comes from its zod schema: `.meta({ 'x-text-kind': 'multi-line' | 'search' })` (see
 * `@store/shared/text-schemas`); every other string is single-line. Routes added later are covered without
 * doing anything; a multi-line field only has to say so in its schema.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  controlCharacterMessage,
  findControlCharacter,
  normaliseText,
  TEXT_KIND_KEY,
  type TextKind,
} from '@store/shared/control-characters';
import { HttpError } from './error-handling';

/** Field kinds of one part of a request by path: `comment`, `products.*.note` (`*` stands for any index). */
type KindsByPath = ReadonlyMap<string, TextKind>;

interface RouteTextKinds {
  querystring: KindsByPath;
  params: KindsByPath;
  body: KindsByPath;
  /** Lower-case names of the headers the route declares. */
  headers: readonly string[];
}

const isTextKind = (v: unknown): v is TextKind => v === 'single-line' || v === 'multi-line' || v === 'search';

/** Collects the kinds that a JSON schema (as zod writes it) declares, by property path. */
function collectKinds(schema: unknown, prefix: string, into: Map<string, TextKind>): void {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Record<string, unknown>;
  const kind = s[TEXT_KIND_KEY];
  if (prefix !== '' && isTextKind(kind)) into.set(prefix, kind);
  const join = (name: string) => (prefix === '' ? name : `${prefix}.${name}`);
  if (s.properties && typeof s.properties === 'object') {
    for (const [name, child] of Object.entries(s.properties)) collectKinds(child, join(name), into);
  }
  if (s.items) collectKinds(s.items, join('*'), into);
  if (s.additionalProperties) collectKinds(s.additionalProperties, join('*'), into);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    if (Array.isArray(s[key])) for (const branch of s[key]) collectKinds(branch, prefix, into);
  }
}

function kindsOf(schema: unknown): KindsByPath {
  const kinds = new Map<string, TextKind>();
  if (schema instanceof z.ZodType) {
    collectKinds(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), '', kinds);
  }
  return kinds;
}

function headerNames(schema: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: object };
  return Object.keys(json.properties ?? {}).map((h) => h.toLowerCase());
}

/** Kinds per route, worked out from its schemas on the route's first request. */
const kindsBySchema = new WeakMap<object, RouteTextKinds>();
const NO_SCHEMA: RouteTextKinds = { querystring: new Map(), params: new Map(), body: new Map(), headers: [] };

function routeTextKinds(request: FastifyRequest): RouteTextKinds {
  const schema = request.routeOptions.schema;
  if (!schema) return NO_SCHEMA;
  let kinds = kindsBySchema.get(schema);
  if (!kinds) {
    kinds = {
      querystring: kindsOf(schema.querystring),
      params: kindsOf(schema.params),
      body: kindsOf(schema.body),
      headers: headerNames(schema.headers),
    };
    kindsBySchema.set(schema, kinds);
  }
  return kinds;
}

interface Refusal {
  field: string;
  message: string;
}

/** Deepest nesting of objects and arrays read; no call of this API needs more than a few levels. */
export const MAX_NESTING_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `The request is nested too deeply: at most ${MAX_NESTING_DEPTH} levels of objects and arrays.`;

const kindPath = (path: readonly string[]) => path.map((p) => (/^\d+$/.test(p) ? '*' : p)).join('.');

/**
 * Checks every string in `value` (object keys too) and normalises `search` fields in place. Returns the first
 * refusal, or null. The dotted field name in a refusal is the one answers use (`products.0.title`). The walk
 * keeps its own stack and stops at MAX_NESTING_DEPTH: a body nested thousands of levels deep is refused, not
 * walked into a stack overflow.
 */
function checkValue(value: unknown, root: readonly string[], kinds: KindsByPath): Refusal | null {
  const pending: { value: unknown; path: readonly string[] }[] = [{ value, path: root }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path } = next;
    if (Buffer.isBuffer(current)) {
      // A raw body (the payment webhooks verify signatures over the bytes): not text fields, and the
      // provider's signature, not this rule, decides whether it is trusted.
      continue;
    } else if (typeof current === 'string') {
      const field = path.join('.');
      const found = findControlCharacter(current, kinds.get(kindPath(path)) ?? 'single-line');
      if (found) return { field, message: controlCharacterMessage(field || 'The request', found) };
    } else if (current && typeof current === 'object' && path.length - root.length >= MAX_NESTING_DEPTH) {
      return { field: path.join('.'), message: TOO_DEEP_MESSAGE };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        pending.push({ value: current[i], path: [...path, String(i)] });
    } else if (current && typeof current === 'object') {
      const record = current as Record<string, unknown>;
      const keys = Object.keys(record);
      for (const key of keys) {
        const found = findControlCharacter(key);
        if (found) {
          const where = path.length ? `A field name in ${path.join('.')}` : 'A field name';
          return { field: [...path, key].join('.'), message: controlCharacterMessage(where, found) };
        }
        const child = record[key];
        if (typeof child === 'string' && kinds.get(kindPath([...path, key])) === 'search') {
          record[key] = normaliseText(child, 'search');
        }
      }
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        pending.push({ value: record[key], path: [...path, key] });
      }
    }
  }
  return null;
}

function refuse(where: 'query' | 'params' | 'headers' | 'body', refusal: Refusal): never {
  // The same prefixes as the schema's own 400s (error-handling.ts): body messages are shown to shoppers as they are.
  const prefix = where === 'body' ? '' : `Invalid ${where}: `;
  throw new HttpError(400, `${prefix}${refusal.message}`, [refusal]);
}

export default fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    const kinds = routeTextKinds(request);
    const query = checkValue(request.query, [], kinds.querystring);
    if (query) refuse('query', query);
    const params = checkValue(request.params, [], kinds.params);
    if (params) refuse('params', params);
    for (const name of [...kinds.headers, 'authorization']) {
      const value = request.headers[name];
      const refusal = value === undefined ? null : checkValue(value, [name], new Map());
      if (refusal) refuse('headers', refusal);
    }
    const body = checkValue(request.body, [], kinds.body);
    if (body) refuse('body', body);
  });
});
