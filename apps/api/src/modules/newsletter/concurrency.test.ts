/**
 * The newsletter under requests sent at the same moment (issue 43 §1-§2; decision 0041): subscribing is one
 * INSERT … ON CONFLICT DO UPDATE … WHERE unsubscribed, so however many requests carry one address it is one row
 * and one confirmation mail, and a comeback after unsubscribing is renewed (and mailed) once.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '../../db/schema';
import { injectAtOnce, statusCounts } from '../../../tests/concurrency';
import { createTestApp, type TestApp } from '../../../tests/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function mailsTo(email: string): Promise<number> {
  await t.app.mail.settled();
  const outbox = t.app.config.outboxDir;
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
  const texts = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
  return texts.filter((m) => m.includes(`To: ${email}`)).length;
}

const rowsFor = (email: string) =>
  t.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));

const subscribeAtOnce = (email: string, n: number) =>
  injectAtOnce(t.app, n, () => ({ method: 'POST', url: '/api/subscribe', payload: { email } }));

describe('subscribe, requests at once', () => {
  it('20 subscriptions of one address: one row, one mail; after unsubscribing, 20 more renew it once', async () => {
    const email = 'race.news@example.com';
    expect(statusCounts(await subscribeAtOnce(email, 20))).toEqual({ 200: 20 });
    const [row] = await rowsFor(email);
    expect(await rowsFor(email)).toHaveLength(1);
    expect(await mailsTo(email)).toBe(1);

    const off = await t.app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      payload: { token: row?.unsubscribeToken },
    });
    expect(off.statusCode).toBe(200);
    expect(statusCounts(await subscribeAtOnce(email, 20))).toEqual({ 200: 20 });
    const again = await rowsFor(email);
    expect(again).toHaveLength(1);
    expect(again[0]?.unsubscribedAt).toBeNull();
    expect(await mailsTo(email)).toBe(2);
  });
});
