import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestApp, type TestApp } from '../../../tests/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const subscribe = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/subscribe', payload: payload as object });
const count = async () =>
  Number(
    rowsOf<{ n: string }>(
      await t.database.db.execute(sql`SELECT count(*) AS n FROM newsletter_subscriptions`),
    )[0]?.n,
  );

describe('POST /api/subscribe', () => {
  it('subscribes an email once, answering the same success twice', async () => {
    const first = await subscribe({ email: ' Shopper@Example.com ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Subscribed successfully!' });
    expect((await subscribe({ email: 'shopper@example.com' })).json().message).toBe(
      'Subscribed successfully!',
    );
    expect(await count()).toBe(1);
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'not-an-email' }, 'Invalid email format'],
  ])('rejects %j with "%s" and stores nothing', async (payload, message) => {
    const before = await count();
    const res = await subscribe(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await count()).toBe(before);
  });
});
