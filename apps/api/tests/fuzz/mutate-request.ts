/**
 * Mutations of a valid request, each a small record that fast-check generates and shrinks (`kind`, and three
 * whole numbers that pick the place, the variant and the position), applied by `mutateRequest`:
 *
 * - a control character (U+0000-U+001F, U+007F, U+0080-U+009F) or a lone surrogate inserted into a string
 *   (body strings, query values, path parameters, declared headers);
 * - very long strings (10 000 and 100 000 chars) and a 2 MB body;
 * - a wrong type (number, boolean, null, object, array, a string where a number belongs), an array where a
 *   scalar belongs (and a repeated query parameter, `?page=1&page=2`);
 * - a required field left out; extra fields, `__proto__` / `constructor` / `prototype` among them, at the top
 *   and nested;
 * - numbers at, just past and far past the schema's limits (and 0, -1, 1.5, 2^31-1, 2^31, 2^53+1, 1e308, -0),
 *   strings and arrays at and past their length limits;
 * - an empty body, malformed JSON, a JSON scalar or array as the body, arrays nested 100 000 deep, and wrong
 *   content types (text/plain, form-urlencoded, multipart with a bogus boundary, none ...).
 *
 * A mutation with nothing to work on (a string mutation on a route without strings) adds a query parameter.
 */
import fc from 'fast-check';
import { integerRange } from './json-schema-arbitrary';
import { isPlainObject, JsonNumberText, jsonText, objectWithEntries } from './json-text';
import type { Operation } from './list-operations';
import type { RequestParts } from './request-parts';
import { removeSlot, requestSlots, setSlot, type Slot } from './request-slots';

export const MUTATION_KINDS = [
  'control-character',
  'lone-surrogate',
  'long-string',
  'huge-body',
  'wrong-type',
  'array-for-scalar',
  'missing-required',
  'extra-field',
  'limit-value',
  'body-shape',
  'content-type',
] as const;
export type MutationKind = (typeof MUTATION_KINDS)[number];

export interface Mutation {
  kind: MutationKind;
  /** Which place (modulo the number of candidates). */
  pick: number;
  /** Which variant (character, value, content type ...). */
  choice: number;
  /** Where in a string, or a second choice. */
  at: number;
}

/** Text-injection mutations (the subject of issue 17) are drawn more often than the others. */
const KIND_WEIGHTS: Partial<Record<MutationKind, number>> = { 'control-character': 4, 'lone-surrogate': 2 };

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.oneof(
    ...MUTATION_KINDS.map((kind) => ({ weight: KIND_WEIGHTS[kind] ?? 1, arbitrary: fc.constant(kind) })),
  ),
  pick: fc.nat(),
  choice: fc.nat(),
  at: fc.nat(),
});

export interface MutatedRequest {
  parts: RequestParts;
  /** What was done, for the report: `control character U+0000 at 3 of body.f_name`. */
  note: string;
}

const CONTROL_CHARACTERS = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  0x7f,
  ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
].map((c) => String.fromCharCode(c));
const LONE_SURROGATES = ['\uD800', '\uDC00'];
const LONG_LENGTHS = [10_000, 100_000];
const LONG_FILLERS = ['a', 'é', '😀', ' ', '%', '0', '\\'];
const TWO_MEGABYTES = 2 * 1024 * 1024;

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];
const EXTRA_KEYS = [
  ...PROTO_KEYS,
  'toString',
  'hasOwnProperty',
  'status',
  'payment_status',
  'user_id',
  'x_extra',
  '',
];
const pollution = () => objectWithEntries([['polluted', 'yes']]);
const EXTRA_VALUES: (() => unknown)[] = [
  pollution,
  () => objectWithEntries([['__proto__', pollution()]]),
  () => objectWithEntries([['prototype', pollution()]]),
  () => objectWithEntries([['constructor', objectWithEntries([['prototype', pollution()]])]]),
  () => 'x',
  () => 1,
  () => null,
  () => true,
  () => [],
];
const WRONG_TYPES: (() => unknown)[] = [
  () => 0,
  () => 1.5,
  () => -1,
  () => true,
  () => false,
  () => null,
  () => objectWithEntries([]),
  () => objectWithEntries([['a', 1]]),
  () => [],
  () => ['x'],
  () => 'text',
  () => '',
];
/** Numbers every numeric place gets, besides its own limits. */
const AWKWARD_NUMBERS: unknown[] = [
  0,
  -1,
  1.5,
  2147483647,
  2147483648,
  new JsonNumberText('9007199254740993'),
  1e308,
  new JsonNumberText('-0'),
  new JsonNumberText('1e400'),
];
const AWKWARD_NUMBER_TEXTS = [
  '0',
  '-1',
  '1.5',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '1e308',
  '-0',
  '00001',
  ' 1',
  '1e400',
];
const BAD_BODIES = (text: string, at: number): string[] => [
  '',
  text.slice(0, text.length === 0 ? 0 : at % text.length),
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":01}',
  'NaN',
  `${text}}`,
  `${text} trailing`,
  `\uFEFF${text}`,
  'null',
  '0',
  '"text"',
  'true',
  '[]',
  `[${text}]`,
  '{"a":1,"a":2}',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
];
const CONTENT_TYPES: (string | null)[] = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=bogus',
  'multipart/form-data',
  null,
  'application/json; charset=utf-16',
  'application/xml',
  '',
  'application/json, text/plain',
];

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const at = <T>(list: readonly T[], n: number): T => {
  const item = list[n % list.length];
  if (item === undefined) throw new Error('empty list');
  return item;
};
const codeOf = (c: string) => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
const short = (v: unknown) => {
  const text = typeof v === 'string' ? JSON.stringify(v) : jsonText(v);
  return text.length > 60 ? `${text.slice(0, 60)}… (${text.length} chars)` : text;
};

/** A new query parameter, for mutations that found nothing of their kind in the request. */
function addQuery(parts: RequestParts, name: string, value: string, why: string): MutatedRequest {
  return {
    parts: { ...parts, query: [...parts.query, [name, value]] },
    note: `${why}: added query ${name}=${short(value)}`,
  };
}

const isString = (s: Slot) => typeof s.value === 'string';
const isBodyValue = (s: Slot) => s.location.where === 'body' && s.location.path.length > 0;
const isNumeric = (s: Slot) => typeof s.value === 'number' || s.value instanceof JsonNumberText;
const looksNumeric = (v: unknown) => typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim());

/** NUL is the one character PostgreSQL refuses in text, so it takes a quarter of the draws. */
const controlCharacter = (choice: number) =>
  choice % 4 === 0 ? '\u0000' : at(CONTROL_CHARACTERS, choice >> 2);

function insertInto(
  parts: RequestParts,
  slots: Slot[],
  m: Mutation,
  character: (choice: number) => string,
  what: string,
): MutatedRequest {
  const c = character(m.choice);
  const strings = slots.filter(isString);
  if (strings.length === 0) return addQuery(parts, 'q', `a${c}b`, `${what} ${codeOf(c)}`);
  const slot = at(strings, m.pick);
  const text = String(slot.value);
  const position = m.at % (text.length + 1);
  return {
    parts: setSlot(parts, slot.location, `${text.slice(0, position)}${c}${text.slice(position)}`),
    note: `${what} ${codeOf(c)} at ${position} of ${slot.label}`,
  };
}

/** Values at, just past and far past the limits the slot's schema sets, and the awkward numbers. */
function limitValues(slot: Slot): unknown[] {
  const s = slot.schema ?? {};
  if (isNumeric(slot) || s.type === 'integer' || s.type === 'number') {
    const { min, max } = integerRange(s);
    const own: unknown[] = [];
    if (s.minimum !== undefined || s.exclusiveMinimum !== undefined) own.push(min, min - 1, min - 1e9);
    if (s.maximum !== undefined || s.exclusiveMaximum !== undefined) own.push(max, max + 1, max * 1e6);
    return [...own, ...AWKWARD_NUMBERS];
  }
  if (Array.isArray(slot.value)) {
    const first: unknown = slot.value[0] ?? null;
    const sized = (n: number) => Array.from({ length: Math.max(0, n) }, () => first);
    const own: unknown[] = [];
    if (s.minItems !== undefined) own.push(sized(s.minItems - 1));
    if (s.maxItems !== undefined) own.push(sized(s.maxItems), sized(s.maxItems + 1));
    return [...own, sized(1000), []];
  }
  if (typeof slot.value === 'string') {
    const text = slot.value;
    const sized = (n: number) => (n <= text.length ? text.slice(0, Math.max(0, n)) : text.padEnd(n, 'x'));
    const own: unknown[] = [];
    if (s.minLength !== undefined && s.minLength > 0) own.push(sized(s.minLength - 1), sized(s.minLength));
    if (s.maxLength !== undefined)
      own.push(sized(s.maxLength), sized(s.maxLength + 1), sized(s.maxLength * 10 + 1));
    const numeric = looksNumeric(text) || (s.pattern ?? '').includes('\\d') ? AWKWARD_NUMBER_TEXTS : [];
    return [...own, ...numeric];
  }
  return [];
}

export function mutateRequest(operation: Operation, parts: RequestParts, m: Mutation): MutatedRequest {
  const slots = requestSlots(operation, parts);
  const takesBody = BODY_METHODS.has(operation.method);
  switch (m.kind) {
    case 'control-character':
      return insertInto(parts, slots, m, controlCharacter, 'control character');
    case 'lone-surrogate':
      return insertInto(parts, slots, m, (choice) => at(LONE_SURROGATES, choice), 'lone surrogate');
    case 'long-string': {
      const length = at(LONG_LENGTHS, m.choice);
      const filler = at(LONG_FILLERS, m.at);
      const long = filler.repeat(length);
      const strings = slots.filter(isString);
      if (strings.length === 0) return addQuery(parts, 'q', long, `${length}-char string`);
      const slot = at(strings, m.pick);
      return {
        parts: setSlot(parts, slot.location, long),
        note: `${slot.label} = ${JSON.stringify(filler)} × ${length}`,
      };
    }
    case 'huge-body': {
      const huge = 'a'.repeat(TWO_MEGABYTES);
      if (!takesBody) return addQuery(parts, 'q', huge, '2 MB');
      const strings = slots.filter((s) => isString(s) && s.location.where === 'body');
      const slot = strings.length > 0 ? at(strings, m.pick) : undefined;
      if (slot) return { parts: setSlot(parts, slot.location, huge), note: `${slot.label} = 2 MB of "a"` };
      return {
        parts: { ...parts, body: { kind: 'json', value: objectWithEntries([['padding', huge]]) } },
        note: 'body = {"padding": 2 MB of "a"}',
      };
    }
    case 'wrong-type': {
      const values = slots.filter(isBodyValue);
      if (values.length === 0) return repeatQuery(parts, slots, m);
      const slot = at(values, m.pick);
      const candidates = [...WRONG_TYPES, ...(isNumeric(slot) ? [() => jsonText(slot.value)] : [])];
      const value = at(candidates, m.choice)();
      return {
        parts: setSlot(parts, slot.location, value),
        note: `${slot.label} = ${short(value)} (wrong type)`,
      };
    }
    case 'array-for-scalar': {
      const scalars = slots.filter(
        (s) => isBodyValue(s) && !Array.isArray(s.value) && !isPlainObject(s.value),
      );
      if (scalars.length === 0 || m.at % 3 === 0) return repeatQuery(parts, slots, m);
      const slot = at(scalars, m.pick);
      const value = m.choice % 2 === 0 ? [slot.value] : [slot.value, slot.value];
      return { parts: setSlot(parts, slot.location, value), note: `${slot.label} = ${short(value)} (array)` };
    }
    case 'missing-required': {
      const present = slots.filter((s) => s.location.where !== 'body' || s.location.path.length > 0);
      const required = present.filter((s) => s.required);
      const candidates = required.length > 0 ? required : present;
      if (candidates.length === 0) return { parts, note: 'nothing to leave out' };
      const slot = at(candidates, m.pick);
      return {
        parts: removeSlot(parts, slot.location),
        note: `left out ${slot.required ? 'required ' : ''}${slot.label}`,
      };
    }
    case 'extra-field': {
      const key = at(EXTRA_KEYS, m.choice);
      const value = at(EXTRA_VALUES, m.at)();
      const objects = slots.filter((s) => s.location.where === 'body' && isPlainObject(s.value));
      if (objects.length === 0 || m.at % 4 === 0) {
        return addQuery(parts, key, typeof value === 'string' ? value : jsonText(value), 'extra field');
      }
      const slot = at(objects, m.pick);
      const target = isPlainObject(slot.value) ? slot.value : {};
      const extended = objectWithEntries([...Object.entries(target), [key, value]]);
      return {
        parts: setSlot(parts, slot.location, extended),
        note: `extra key ${JSON.stringify(key)} = ${short(value)} in ${slot.label}`,
      };
    }
    case 'limit-value': {
      const limited = slots.filter((s) => limitValues(s).length > 0);
      if (limited.length === 0)
        return addQuery(parts, 'page', at(AWKWARD_NUMBER_TEXTS, m.choice), 'limit value');
      const slot = at(limited, m.pick);
      const value = at(limitValues(slot), m.choice);
      return { parts: setSlot(parts, slot.location, value), note: `${slot.label} = ${short(value)} (limit)` };
    }
    case 'body-shape': {
      if (!takesBody) return addQuery(parts, 'q', at(BAD_BODIES('{}', m.at), m.choice), 'body shape');
      const text =
        parts.body.kind === 'json'
          ? jsonText(parts.body.value)
          : parts.body.kind === 'text'
            ? parts.body.text
            : '';
      const bad = at(BAD_BODIES(text, m.at), m.choice);
      return {
        parts: {
          ...parts,
          body: { kind: 'text', text: bad },
          contentType: parts.contentType ?? 'application/json',
        },
        note: `body text = ${short(bad)}`,
      };
    }
    case 'content-type': {
      const contentType = at(CONTENT_TYPES, m.choice);
      if (!takesBody) return addQuery(parts, 'content-type', contentType ?? '', 'content type');
      return {
        parts: { ...parts, contentType },
        note: `content-type ${contentType === null ? 'left out' : JSON.stringify(contentType)}`,
      };
    }
  }
}

/** `?page=1&page=2`: a query parameter given twice, or a new parameter given twice when there is none. */
function repeatQuery(parts: RequestParts, slots: Slot[], m: Mutation): MutatedRequest {
  const queries = slots.filter((s) => s.location.where === 'query');
  if (queries.length === 0) {
    return {
      parts: { ...parts, query: [...parts.query, ['page', '1'], ['page', '2']] },
      note: 'query page=1&page=2',
    };
  }
  const slot = at(queries, m.pick);
  const value = String(slot.value);
  const second = looksNumeric(value) ? String(Number(value) + 1) : `${value}x`;
  const name = slot.location.where === 'query' ? slot.location.name : '';
  return {
    parts: { ...parts, query: [...parts.query, [name, second]] },
    note: `query ${name} repeated (${short(value)} and ${short(second)})`,
  };
}
