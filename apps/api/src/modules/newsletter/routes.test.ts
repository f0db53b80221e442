import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_MESSAGES } from '@store/shared/newsletter-constants';
import { rowsOf } from '../../db/client';
import { newsletterSubscriptions } from '../../db/schema';
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

describe('newsletter consent and unsubscribe (Spam Act basics)', () => {
  async function mailsTo(address: string) {
    await t.app.mail.settled();
    const dir = t.app.config.outboxDir;
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
    const raw = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
    return Promise.all(
      raw
        .filter((m) => m.includes(`To: ${address}`))
        .map(async (m) => ({ raw: m, parsed: await simpleParser(m) })),
    );
  }
  const row = async (email: string) =>
    (
      await t.database.db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email))
    )[0];

  it('records when and where consent was given and mails a confirmation with a working one-click unsubscribe', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      payload: { email: 'Reader@Example.com' },
      headers: { referer: `${t.app.config.publicBaseUrl}/cart` },
    });
    expect(res.json()).toEqual({ message: NEWSLETTER_MESSAGES.success });
    const stored = await row('reader@example.com');
    expect(stored).toMatchObject({ consentSource: 'newsletter form on /cart', unsubscribedAt: null });
    expect(stored?.consentIp).toBeTruthy();
    expect(Date.now() - (stored?.consentAt.getTime() ?? 0)).toBeLessThan(60_000);

    // Subscribing again changes nothing and sends no second mail.
    await subscribe({ email: 'reader@example.com' });
    const mails = await mailsTo('reader@example.com');
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    const token = stored?.unsubscribeToken ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail?.parsed.text).toContain(`/unsubscribe?token=${token}`);
    expect(mail?.parsed.text).toContain('/cart');
    expect(mail?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // Long headers are folded onto several lines (RFC 5322): unfold before reading.
    const headers = (mail?.raw ?? '').replace(/\r?\n[ \t]+/g, ' ');
    const oneClick = /^List-Unsubscribe: <([^>]+)>$/m.exec(headers)?.[1] ?? '';
    expect(oneClick).toBe(`${t.app.config.publicBaseUrl}/api/unsubscribe?token=${token}`);

    // The mail client's one-click POST (RFC 8058) unsubscribes at once.
    const url = new URL(oneClick);
    const click = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(click.statusCode).toBe(200);
    expect(click.json()).toEqual({ message: NEWSLETTER_MESSAGES.unsubscribed });
    expect((await row('reader@example.com'))?.unsubscribedAt).toBeInstanceOf(Date);
    // The page's POST with the same token says the same.
    const again = await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token } });
    expect(again.statusCode).toBe(200);

    // Subscribing again renews the consent and mails again.
    await subscribe({ email: 'reader@example.com' });
    expect((await row('reader@example.com'))?.unsubscribedAt).toBeNull();
    expect(await mailsTo('reader@example.com')).toHaveLength(2);
  });

  it('refuses a made-up or malformed token without changing anyone', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      payload: { token: 'A'.repeat(43) },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(NEWSLETTER_MESSAGES.unsubscribeInvalid);
    const bad = await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(await count()).toBeGreaterThan(0);
  });
});
