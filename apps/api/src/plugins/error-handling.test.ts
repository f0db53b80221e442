/** The house error shape: bodies that are not what a route reads (issue 17); a database away is a 503 (issue 43). */
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/test-app';
import errorHandling, {
  BODY_NOT_AN_OBJECT,
  DATABASE_RETRY_AFTER_S,
  DATABASE_UNAVAILABLE_MESSAGE,
  HttpError,
} from './error-handling';

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

describe('a database that cannot be reached or refuses connections (issue 43 §4)', () => {
  /** A bare app with the house error handler and one route throwing `err`. */
  async function answerTo(err: Error) {
    const app = Fastify({ logger: false });
    await app.register(errorHandling);
    app.get('/throws', async () => {
      throw err;
    });
    try {
      return await app.inject({ url: '/throws' });
    } finally {
      await app.close();
    }
  }
  const pgError = (code: string, message: string) =>
    Object.assign(new pg.DatabaseError(message, message.length, 'error'), { code });

  it.each([
    [
      '55000 not accepting connections',
      pgError('55000', 'database "store" is not currently accepting connections'),
    ],
    [
      '57P01 inside Drizzle',
      new DrizzleQueryError('select 1', [], pgError('57P01', 'terminating connection')),
    ],
    ['a pool connect timeout', new Error('timeout exceeded when trying to connect')],
  ])('%s answers 503 with Retry-After and the plain message', async (_name, err) => {
    const res = await answerTo(err);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_S));
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE, request_id: expect.any(String) });
  });

  it('a failed query is still a 500, and any HttpError 503 carries Retry-After too', async () => {
    const failed = await answerTo(pgError('55000', 'cannot ALTER TABLE "x" because it is being used'));
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['retry-after']).toBeUndefined();
    const later = await answerTo(new HttpError(503, 'Deliver it again later.'));
    expect(later.statusCode).toBe(503);
    expect(later.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_S));
  });
});
