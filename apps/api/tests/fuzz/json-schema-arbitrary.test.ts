import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSchemaArbitrary } from './json-schema-arbitrary';

describe('jsonSchemaArbitrary', () => {
  it('generates a patterned string longer than the default text cap (an order pass), matching the pattern', () => {
    const pattern = '^\\d{1,12}\\.[A-Za-z0-9_-]{43}$';
    const values = fc.sample(jsonSchemaArbitrary({ type: 'string', pattern }), { numRuns: 20, seed: 17 });
    expect(values).toHaveLength(20);
    for (const v of values) expect(v).toMatch(new RegExp(pattern));
  });

  it("keeps a patterned string within the schema's own maxLength", () => {
    const values = fc.sample(jsonSchemaArbitrary({ type: 'string', pattern: '^[a-z]+$', maxLength: 5 }), {
      numRuns: 50,
      seed: 17,
    });
    for (const v of values) expect(String(v)).toMatch(/^[a-z]{1,5}$/);
  });

  it('keeps an unpatterned string within the default cap of 40 characters', () => {
    const values = fc.sample(jsonSchemaArbitrary({ type: 'string' }), { numRuns: 50, seed: 17 });
    for (const v of values) expect(String(v).length).toBeLessThanOrEqual(40);
  });
});
