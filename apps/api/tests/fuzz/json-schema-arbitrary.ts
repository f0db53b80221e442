/**
 * A fast-check arbitrary of values that a JSON schema accepts: types string / number / integer / boolean /
 * null / array / object, `enum`, `const`, `pattern` (fc.stringMatching), `format` email / uuid / date-time,
 * length, range (OpenAPI 3.0 boolean `exclusiveMinimum` too) and item bounds, required and optional
 * properties, `anyOf` / `oneOf` / `allOf`, `nullable` and `default`. Text never holds a control character,
 * except that fields marked `"x-text-kind": "multi-line"` may hold `\n`, `\r\n` and `\t`.
 *
 * Schemas cannot say everything (a post code within its state, a total that matches the server's prices), so
 * "valid" here means valid for the schema; the known-good requests cover the rest.
 */
import fc from 'fast-check';
import type { JsonSchema } from './json-schema';
import { jsonText } from './json-text';
import { resolveSchema, type SchemaComponents } from './resolve-schema';

/** Longest text generated for a field without its own `maxLength`, and most extra array items. */
const UNBOUNDED_TEXT_LENGTH = 40;
const EXTRA_ITEMS = 4;

/** Letters of other alphabets, typographic marks and astral characters, besides printable ASCII. */
const WIDER_TEXT = ['é', 'ü', 'ñ', 'ō', 'ß', 'Я', '中', '文', '’', '–', '€', '\u00a0', '😀', '🚗'];
const LINE_BREAKS = ['\n', '\r\n', '\t'];

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_OTHER_THAN_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export function jsonSchemaArbitrary(
  schema: JsonSchema,
  components: SchemaComponents = {},
): fc.Arbitrary<unknown> {
  const s = resolveSchema(schema, components);
  let arb = withoutDefaultOrNull(s, components);
  if (s.nullable) arb = fc.option(arb, { nil: null, freq: 5 });
  if (s.default !== undefined) {
    arb = fc.oneof({ weight: 1, arbitrary: fc.constant(s.default) }, { weight: 3, arbitrary: arb });
  }
  return arb;
}

function withoutDefaultOrNull(s: JsonSchema, components: SchemaComponents): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum !== undefined && s.enum.length > 0) return fc.constantFrom(...s.enum);
  const variants = s.anyOf ?? s.oneOf;
  if (variants !== undefined && variants.length > 0) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...siblings } = s;
    return fc.oneof(...variants.map((v) => jsonSchemaArbitrary({ ...siblings, ...v }, components)));
  }
  const types = Array.isArray(s.type) ? s.type : s.type !== undefined ? [s.type] : [impliedType(s)];
  return fc.oneof(...types.map((type) => typedArbitrary(type, s, components)));
}

function impliedType(s: JsonSchema): string {
  if (s.properties !== undefined) return 'object';
  if (s.items !== undefined) return 'array';
  if (s.pattern !== undefined || s.minLength !== undefined || s.maxLength !== undefined) return 'string';
  return 'any';
}

function typedArbitrary(type: string, s: JsonSchema, components: SchemaComponents): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringArbitrary(s);
    case 'integer':
      return integerArbitrary(s);
    case 'number':
      return numberArbitrary(s);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayArbitrary(s, components);
    case 'object':
      return objectArbitrary(s, components);
    default:
      return fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), stringArbitrary({ maxLength: 20 }));
  }
}

/** True when `text` holds no control character that a field of this kind refuses. */
export function isCleanText(text: string, s: JsonSchema): boolean {
  const forbidden = s['x-text-kind'] === 'multi-line' ? CONTROL_OTHER_THAN_LINE_BREAKS : CONTROL_CHARACTER;
  return !forbidden.test(text);
}

export function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = s.maxLength ?? Math.max(minLength, UNBOUNDED_TEXT_LENGTH);
  const fits = (v: string) => v.length >= minLength && v.length <= maxLength && isCleanText(v, s);
  if (s.pattern !== undefined) {
    const regex = compilePattern(s.pattern);
    // A pattern bounds its own length (an order pass is 45+ characters): only the schema's own maxLength applies,
    // not the generator's default cap, or the filter would refuse every match and sampling would never end.
    const patternMax = s.maxLength ?? Number.POSITIVE_INFINITY;
    const fitsPattern = (v: string) => v.length >= minLength && v.length <= patternMax && isCleanText(v, s);
    if (regex) return patternArbitrary(regex, minLength, patternMax).filter(fitsPattern);
  }
  if (s.format === 'email') return fc.emailAddress().filter(fits);
  if (s.format === 'uuid') return fc.uuid().filter(fits);
  if (s.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString())
      .filter(fits);
  }
  const units: fc.WeightedArbitrary<string>[] = [
    { weight: 12, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) },
    { weight: 2, arbitrary: fc.constantFrom(...WIDER_TEXT) },
  ];
  if (s['x-text-kind'] === 'multi-line')
    units.push({ weight: 2, arbitrary: fc.constantFrom(...LINE_BREAKS) });
  return fc.string({ unit: fc.oneof(...units), minLength, maxLength }).filter(fits);
}

/** The pattern as a RegExp (Unicode mode only when plain mode refuses it), or undefined if neither takes it. */
function compilePattern(pattern: string): RegExp | undefined {
  for (const flags of ['', 'u']) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      // try the next mode
    }
  }
  return undefined;
}

/** fc.stringMatching, kept inside the length bounds by trying a few times before giving up. */
function patternArbitrary(regex: RegExp, minLength: number, maxLength: number): fc.Arbitrary<string> {
  const matching = fc.stringMatching(regex);
  return minLength === 0 && maxLength >= UNBOUNDED_TEXT_LENGTH
    ? matching
    : matching.filter((v) => v.length >= minLength && v.length <= maxLength);
}

function lowerBound(s: JsonSchema): { value: number; excluded: boolean } | undefined {
  if (typeof s.exclusiveMinimum === 'number') return { value: s.exclusiveMinimum, excluded: true };
  if (s.minimum === undefined) return undefined;
  return { value: s.minimum, excluded: s.exclusiveMinimum === true };
}

function upperBound(s: JsonSchema): { value: number; excluded: boolean } | undefined {
  if (typeof s.exclusiveMaximum === 'number') return { value: s.exclusiveMaximum, excluded: true };
  if (s.maximum === undefined) return undefined;
  return { value: s.maximum, excluded: s.exclusiveMaximum === true };
}

/** The schema's integer range, as the least and greatest integers it accepts (within safe integers). */
export function integerRange(s: JsonSchema): { min: number; max: number } {
  const low = lowerBound(s);
  const high = upperBound(s);
  const min =
    low === undefined ? -(2 ** 31) : low.excluded ? Math.floor(low.value) + 1 : Math.ceil(low.value);
  const max =
    high === undefined ? 2 ** 31 - 1 : high.excluded ? Math.ceil(high.value) - 1 : Math.floor(high.value);
  return {
    min: Math.max(min, Number.MIN_SAFE_INTEGER),
    max: Math.min(max, Number.MAX_SAFE_INTEGER),
  };
}

function integerArbitrary(s: JsonSchema): fc.Arbitrary<number> {
  const { min, max } = integerRange(s);
  return fc.integer({ min, max: Math.max(min, max) });
}

function numberArbitrary(s: JsonSchema): fc.Arbitrary<number> {
  const low = lowerBound(s);
  const high = upperBound(s);
  return fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    ...(low ? { min: low.value, minExcluded: low.excluded } : {}),
    ...(high ? { max: high.value, maxExcluded: high.excluded } : {}),
  });
}

function arrayArbitrary(s: JsonSchema, components: SchemaComponents): fc.Arbitrary<unknown[]> {
  const items = s.items ? jsonSchemaArbitrary(s.items, components) : typedArbitrary('any', {}, components);
  const minLength = s.minItems ?? 0;
  const maxLength = Math.min(s.maxItems ?? Number.MAX_SAFE_INTEGER, minLength + EXTRA_ITEMS);
  return s.uniqueItems
    ? fc.uniqueArray(items, { minLength, maxLength, selector: jsonText })
    : fc.array(items, { minLength, maxLength });
}

function objectArbitrary(s: JsonSchema, components: SchemaComponents): fc.Arbitrary<unknown> {
  const properties = s.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, schema]) => [key, jsonSchemaArbitrary(schema, components)]),
  );
  const required = (s.required ?? []).filter((key) => key in properties);
  return fc.record(model, { requiredKeys: required });
}
