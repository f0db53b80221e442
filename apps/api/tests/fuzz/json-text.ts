/**
 * JSON text of a request body, written by hand rather than by `JSON.stringify` so that what a mutation put in
 * the value really reaches the wire: own `__proto__` / `constructor` keys appear as keys, and a number that a
 * JavaScript number cannot hold (9007199254740993, -0, 1e400) is written as the digits given.
 */

/** A JSON number written exactly as `text`. */
export class JsonNumberText {
  constructor(readonly text: string) {}
}

/** An object with exactly these own keys, `__proto__` included (an object literal would set the prototype). */
export function objectWithEntries(entries: [string, unknown][]): Record<string, unknown> {
  return Object.fromEntries(entries);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof JsonNumberText)
  );
}

export function jsonText(value: unknown): string {
  if (value instanceof JsonNumberText) return value.text;
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (isPlainObject(value)) {
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(String(value));
}
