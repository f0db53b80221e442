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
