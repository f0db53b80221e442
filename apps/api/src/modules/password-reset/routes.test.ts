/**
 * Password reset by emailed OTP (issue 9; SPEC §4, §7; DESIGN §5.5): the mail lands in the outbox as a
 * multipart message with the store's name; the code is single use, 5 minutes, 5 wrong tries; answers do not
 * reveal whether an email has an account; the old password stops working and every session ends.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { passwordResets } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/test-app';

let t: TestApp;
let outbox = '';
const PASSWORD = 'Str0ng!pass';
const NEW_PASSWORD = 'N3w!passw0rd';

beforeAll(async () => {
  t = await createTestApp();
  outbox = t.app.config.outboxDir;
});
afterAll(() => t.close());

let counter = 0;
async function call(options: InjectOptions & { token?: string; ip?: string }) {
  const { token, ip, ...rest } = options;
  const res = await t.app.inject({
    remoteAddress: ip ?? `10.8.0.${(++counter % 250) + 1}`,
    ...rest,
    headers: { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { res, body: res.json() as { message: string; token?: string } };
}

async function register(email: string) {
  const { body } = await call({
    method: 'POST',
    url: '/api/registered',
    payload: { name: 'Reset Person', email, password: PASSWORD, phone: '0412345678' },
  });
  return body.token as string;
}

async function mailsTo(email: string): Promise<string[]> {
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const texts = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
  return texts.filter((m) => m.includes(`To: ${email}`));
}

/** The mails to `email`, waiting (up to 5 s) until there are at least `count`: the mail is sent after the answer. */
async function waitForMails(email: string, count = 1): Promise<string[]> {
  await expect
    .poll(async () => (await mailsTo(email)).length, { timeout: 5_000 })
    .toBeGreaterThanOrEqual(count);
  return mailsTo(email);
}

/** The six digits of the newest reset mail to `email`, read from its decoded text part. */
async function latestOtp(email: string, count = 1): Promise<string> {
  const mails = await waitForMails(email, count);
  const parsed = await simpleParser(mails.at(-1) ?? '');
  const match = /password is:\s+(\d{6})\s/.exec(parsed.text ?? '');
  if (!match?.[1]) throw new Error(`no OTP mail to ${email}`);
  return match[1];
}

describe('POST /api/check-email', () => {
  it('mails a 6-digit code as text and HTML with the store name, and answers the same for an unknown email', async () => {
    await register('reset.me@example.com');
    const known = await call({
      method: 'POST',
      url: '/api/check-email',
      payload: { email: 'Reset.Me@example.com' },
    });
    const unknown = await call({
      method: 'POST',
      url: '/api/check-email',
      payload: { email: 'nobody.here@example.com' },
    });
    expect([known.res.statusCode, unknown.res.statusCode]).toEqual([200, 200]);
    expect(known.body).toEqual({ message: ACCOUNT_MESSAGES.otpSent });
    expect(unknown.body).toEqual(known.body);
    expect(await mailsTo('nobody.here@example.com')).toEqual([]);

    const [mail = ''] = await waitForMails('reset.me@example.com');
    const parsed = await simpleParser(mail);
    expect(parsed.html).toContain('Online Store');
    expect(parsed.text).toMatch(/^Hello Reset Person,$/m);
    // The same words in both parts (one template), and the business in the footer.
    expect(parsed.html).toMatch(/It works once, for 5 minutes/);
    expect(parsed.text).toMatch(/It works once, for 5 minutes/);
    expect(mail).toMatch(/^From: Online Store <no-reply@localhost>$/m);
    expect(mail).toMatch(/^Subject: Your Online Store password reset code$/m);
    expect(mail).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail).toMatch(/Content-Type: text\/plain/);
    expect(mail).toMatch(/Content-Type: text\/html/);
    expect(await latestOtp('reset.me@example.com')).toMatch(/^\d{6}$/);
  });

  it('answers 429 with Retry-After past 5 a minute from one address', async () => {
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (let i = 0; i < 6; i++) {
      const { res } = await call({
        method: 'POST',
        url: '/api/check-email',
        ip: '10.77.0.1',
        payload: { email: 'flood@example.com' },
      });
      statuses.push(res.statusCode);
      retryAfter = res.headers['retry-after'];
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe('confirm-otp and update-password', () => {
  it('resets the password: the old one stops working, every session ends, the code works once', async () => {
    const token = await register('change.me@example.com');
    await call({ method: 'POST', url: '/api/check-email', payload: { email: 'change.me@example.com' } });
    const otp = await latestOtp('change.me@example.com');
    const confirmed = await call({
      method: 'POST',
      url: '/api/confirm-otp',
      payload: { email: 'change.me@example.com', otp },
    });
    expect(confirmed.body).toEqual({ message: ACCOUNT_MESSAGES.otpConfirmed });

    const mismatch = await call({
      method: 'POST',
      url: '/api/update-password',
      payload: {
        email: 'change.me@example.com',
        otp,
        password: NEW_PASSWORD,
        password_confirmation: 'Other!pass1',
      },
    });
    expect(mismatch.body.message).toBe(ACCOUNT_MESSAGES.passwordsDoNotMatch);
    const payload = {
      email: 'change.me@example.com',
      otp,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    };
    const updated = await call({ method: 'POST', url: '/api/update-password', payload });
    expect(updated.body).toEqual({ message: ACCOUNT_MESSAGES.passwordUpdated });

    const again = await call({
      method: 'POST',
      url: '/api/update-password',
      payload: { ...payload, password: 'Th1rd!pass', password_confirmation: 'Th1rd!pass' },
    });
    expect(again.res.statusCode).toBe(400);
    expect(again.body.message).toBe(ACCOUNT_MESSAGES.resetExpired);
    expect((await call({ url: '/api/profile', token })).res.statusCode).toBe(401);
    const oldLogin = await call({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'change.me@example.com', password: PASSWORD },
    });
    const newLogin = await call({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'change.me@example.com', password: NEW_PASSWORD },
    });
    expect([oldLogin.res.statusCode, newLogin.res.statusCode]).toEqual([401, 200]);
  });

  it('five wrong codes lock the code: the right one is refused afterwards', async () => {
    await register('locked@example.com');
    await call({ method: 'POST', url: '/api/check-email', payload: { email: 'locked@example.com' } });
    const otp = await latestOtp('locked@example.com');
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await call({
        method: 'POST',
        url: '/api/confirm-otp',
        payload: { email: 'locked@example.com', otp: wrong },
      });
      expect(r.body.message).toBe(ACCOUNT_MESSAGES.resetExpired);
    }
    const right = await call({
      method: 'POST',
      url: '/api/confirm-otp',
      payload: { email: 'locked@example.com', otp },
    });
    expect(right.res.statusCode).toBe(400);
    expect(right.body.message).toBe(ACCOUNT_MESSAGES.resetExpired);
  });

  it('a code older than 5 minutes is refused; a new request replaces the old code', async () => {
    await register('slow@example.com');
    await call({ method: 'POST', url: '/api/check-email', payload: { email: 'slow@example.com' } });
    const first = await latestOtp('slow@example.com');
    await t.database.db.update(passwordResets).set({ expiresAt: sql`now() - interval '1 second'` });
    const late = await call({
      method: 'POST',
      url: '/api/confirm-otp',
      payload: { email: 'slow@example.com', otp: first },
    });
    expect(late.body.message).toBe(ACCOUNT_MESSAGES.resetExpired);

    await call({ method: 'POST', url: '/api/check-email', payload: { email: 'slow@example.com' } });
    const second = await latestOtp('slow@example.com', 2);
    const rows = await t.database.db.select().from(passwordResets);
    expect(rows.filter((r) => r.expiresAt > new Date())).toHaveLength(1);
    if (second !== first) {
      const old = await call({
        method: 'POST',
        url: '/api/confirm-otp',
        payload: { email: 'slow@example.com', otp: first },
      });
      expect(old.res.statusCode).toBe(400);
    }
    const ok = await call({
      method: 'POST',
      url: '/api/confirm-otp',
      payload: { email: 'slow@example.com', otp: second },
    });
    expect(ok.res.statusCode).toBe(200);
    // The code is stored hashed, never as the digits.
    const [row] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.attempts, 0))
      .limit(1);
    expect(row?.otpHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('code checks answer 429 with Retry-After past 10 a minute from one address', async () => {
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (let i = 0; i < 11; i++) {
      const { res } = await call({
        method: 'POST',
        url: '/api/confirm-otp',
        ip: '10.78.0.1',
        payload: { email: 'guess@example.com', otp: String(100000 + i) },
      });
      statuses.push(res.statusCode);
      retryAfter = res.headers['retry-after'];
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('a wrong email and a wrong code get the same answer', async () => {
    const noAccount = await call({
      method: 'POST',
      url: '/api/confirm-otp',
      payload: { email: 'ghost@example.com', otp: '123456' },
    });
    expect(noAccount.res.statusCode).toBe(400);
    expect(noAccount.body.message).toBe(ACCOUNT_MESSAGES.resetExpired);
    const notDigits = await call({
      method: 'POST',
      url: '/api/confirm-otp',
      payload: { email: 'ghost@example.com', otp: '12ab56' },
    });
    expect(notDigits.body.message).toBe(ACCOUNT_MESSAGES.otpShape);
  });
});

describe('when the mail server is down', () => {
  it('check-email still answers the same at once, and the failure is logged without the address', async () => {
    const lines: string[] = [];
    const down = await createTestApp({
      logStream: { write: (line: string) => void lines.push(line) },
      config: (c) => {
        // Nothing listens on port 9 here: every delivery fails.
        c.smtpUrl = 'smtp://127.0.0.1:9';
        c.logLevel = 'error';
      },
    });
    try {
      await down.app.inject({
        method: 'POST',
        url: '/api/registered',
        payload: {
          name: 'Mail Down',
          email: 'mail.down@example.com',
          password: PASSWORD,
          phone: '0412345678',
        },
      });
      const res = await down.app.inject({
        method: 'POST',
        url: '/api/check-email',
        payload: { email: 'mail.down@example.com' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.otpSent });
      await expect
        .poll(
          () => lines.some((l) => l.includes('mail not sent: gave up') && l.includes('password reset code')),
          {
            timeout: 10_000,
          },
        )
        .toBe(true);
      expect(lines.join('')).not.toContain('mail.down@example.com');
    } finally {
      await down.close();
    }
  });
});
