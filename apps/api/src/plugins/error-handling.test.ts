/** The house error shape for bodies that are not what a route reads (issue 17). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/test-app';
import { BODY_NOT_AN_OBJECT } from './error-handling';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a JSON body that is not an object', () => {
  it.each(['[]', 'null', '"text"', '42', '[{"email":"a@example.com"}]'])(
    '%s answers 400 with one plain message',
    async (payload) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/subscribe',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: BODY_NOT_AN_OBJECT,
        errors: [{ field: '', message: BODY_NOT_AN_OBJECT }],
      });
    },
  );

  it('malformed JSON and a forbidden __proto__ key answer 400 with a message, no stack', async () => {
    for (const payload of ['{"email":', '{"__proto__":{"admin":true},"email":"a@example.com"}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/subscribe',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
      expect(res.body).not.toMatch(/\n\s+at |node_modules/);
    }
  });
});

describe('type errors name the field', () => {
  it.each([
    [{ comment: 42 }, 'comment must be a string, not a number'],
    [{ comment: ['Back door'] }, 'comment must be a string, not an array'],
    [{ ship_to_different_address: 'yes' }, 'ship_to_different_address must be a boolean, not a string'],
  ])('%j is answered %j', async (extra, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/place-order',
      payload: { f_name: 'Jane', ...extra },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { field: string; message: string }[];
    expect(errors.map((e) => e.message)).toContain(message);
  });

  it('a field with its own message keeps it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/subscribe', payload: { email: 42 } });
    expect(res.json().message).toBe('Email is required');
  });

  it('an amount of the wrong type says how to write one', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/place-order', payload: { subTotal: true } });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { field: string; message: string }[];
    expect(errors.find((e) => e.field === 'subTotal')?.message).toBe(
      'Amounts must be in dollars with at most 2 decimals, such as 79.95',
    );
  });
});
