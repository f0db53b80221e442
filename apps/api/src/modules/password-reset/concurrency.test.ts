/**
 * Reset codes under requests sent at the same moment (issue 43 §1-§2, §5; decision 0041): each try takes its
 * count in the code's row before it is compared, so 50 wrong codes at once are 5 tries and the right code is then
 * refused; a code changes the password once however many requests carry it; check-email answers before any of
 * its work and the code still reaches the outbox. Invariants are read from the database.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, OTP_MAX_ATTEMPTS } from '@store/shared/account-constants';
import { passwordResets, users } from '../../db/schema';
import { injectAtOnce, statusCounts } from '../../../tests/concurrency';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { verifyPassword } from '../accounts/passwords';

let t: TestApp;
const PASSWORD = 'Str0ng!pass';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ips = 0;
/** A client address of its own per call (10.44.x.y), so the per-address limits do not decide anything here. */
const nextIp = () => `10.44.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`;

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, remoteAddress: nextIp(), payload });

async function register(email: string): Promise<number> {
  const res = await post('/api/registered', {
    name: 'Race Person',
    email,
    password: PASSWORD,
    phone: '0412345678',
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { user: { id: number } }).user.id;
}

async function mailsTo(email: string): Promise<string[]> {
  const outbox = t.app.config.outboxDir;
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const texts = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
  return texts.filter((m) => m.includes(`To: ${email}`));
}

/** Asks for a code and reads it from the mail, which is sent after the answer (polled, up to 5 s). */
async function requestCode(email: string): Promise<string> {
  const before = (await mailsTo(email)).length;
  expect((await post('/api/check-email', { email })).statusCode).toBe(200);
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 5_000 }).toBe(before + 1);
  const parsed = await simpleParser((await mailsTo(email)).at(-1) ?? '');
  const match = /password is:\s+(\d{6})\s/.exec(parsed.text ?? '');
  if (!match?.[1]) throw new Error(`no code in the mail to ${email}`);
  return match[1];
}

/** Six digits that are not `otp`. */
const wrongCode = (otp: string, i: number) => String((Number(otp) + 1 + i) % 1_000_000).padStart(6, '0');

async function resetRow(userId: number) {
  const rows = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, userId));
  expect(rows).toHaveLength(1);
  return rows[0] as typeof passwordResets.$inferSelect;
}

async function passwordHashOf(userId: number): Promise<string> {
  const [row] = await t.database.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row?.hash ?? '';
}

describe('50 wrong codes at once, then the right one', () => {
  it('confirm-otp: at most 5 tries are counted and the right code is then refused', async () => {
    const email = 'race.confirm@example.com';
    const userId = await register(email);
    const otp = await requestCode(email);
    const answers = await injectAtOnce(t.app, 50, (i) => ({
      method: 'POST',
      url: '/api/confirm-otp',
      payload: { email, otp: wrongCode(otp, i) },
    }));
    expect(statusCounts(answers)).toEqual({ 400: 50 });
    expect((await resetRow(userId)).attempts).toBe(OTP_MAX_ATTEMPTS);

    const right = await post('/api/confirm-otp', { email, otp });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ message: ACCOUNT_MESSAGES.resetExpired });
    const row = await resetRow(userId);
    expect(row.attempts).toBe(OTP_MAX_ATTEMPTS);
    expect(row.confirmedAt).toBeNull();
  });

  it('update-password: at most 5 tries are counted and the password is never changed', async () => {
    const email = 'race.update@example.com';
    const userId = await register(email);
    const hashBefore = await passwordHashOf(userId);
    const otp = await requestCode(email);
    const answers = await injectAtOnce(t.app, 50, (i) => ({
      method: 'POST',
      url: '/api/update-password',
      payload: {
        email,
        otp: wrongCode(otp, i),
        password: 'N3w!passw0rd',
        password_confirmation: 'N3w!passw0rd',
      },
    }));
    expect(statusCounts(answers)).toEqual({ 400: 50 });
    expect((await resetRow(userId)).attempts).toBe(OTP_MAX_ATTEMPTS);

    const right = await post('/api/update-password', {
      email,
      otp,
      password: 'N3w!passw0rd',
      password_confirmation: 'N3w!passw0rd',
    });
    expect(right.statusCode).toBe(400);
    expect((await resetRow(userId)).attempts).toBe(OTP_MAX_ATTEMPTS);
    expect(await passwordHashOf(userId)).toBe(hashBefore);
  });

  it('a right code among 4 wrong ones sent at once is still accepted (5 tries in all)', async () => {
    const email = 'race.fifth@example.com';
    const userId = await register(email);
    const otp = await requestCode(email);
    const answers = await injectAtOnce(t.app, 5, (i) => ({
      method: 'POST',
      url: '/api/confirm-otp',
      payload: { email, otp: i === 4 ? otp : wrongCode(otp, i) },
    }));
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400, 400, 200]);
    const row = await resetRow(userId);
    expect(row.attempts).toBe(4);
    expect(row.confirmedAt).not.toBeNull();
  });
});

describe('one code, several update-password requests at once', () => {
  it('changes the password once: exactly one request wins and its password is the one stored', async () => {
    const email = 'race.twice@example.com';
    const userId = await register(email);
    const otp = await requestCode(email);
    const passwords = Array.from({ length: 6 }, (_, i) => `N3w!passw0rd${i}`);
    const answers = await injectAtOnce(t.app, passwords.length, (i) => ({
      method: 'POST',
      url: '/api/update-password',
      payload: { email, otp, password: passwords[i], password_confirmation: passwords[i] },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 400: passwords.length - 1 });
    const winner = answers.findIndex((a) => a.statusCode === 200);
    const stored = await passwordHashOf(userId);
    const matching = [];
    for (const p of passwords) if (await verifyPassword(stored, p)) matching.push(p);
    expect(matching).toEqual([passwords[winner]]);
    expect((await resetRow(userId)).usedAt).not.toBeNull();
    // And the code is dead afterwards.
    const again = await post('/api/update-password', {
      email,
      otp,
      password: 'An0ther!pass',
      password_confirmation: 'An0ther!pass',
    });
    expect(again.statusCode).toBe(400);
  });
});

describe('check-email', () => {
  it('answers the same for a known and an unknown email, and the code still arrives in the outbox', async () => {
    const email = 'race.mail@example.com';
    await register(email);
    const known = await post('/api/check-email', { email });
    const unknown = await post('/api/check-email', { email: 'race.nobody@example.com' });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: ACCOUNT_MESSAGES.otpSent });
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 5_000 }).toBe(1);
    await t.app.mail.settled();
    expect(await mailsTo('race.nobody@example.com')).toEqual([]);
  });

  it('10 requests at once for one email leave one code row, and every request is mailed', async () => {
    const email = 'race.many@example.com';
    const userId = await register(email);
    const answers = await injectAtOnce(t.app, 10, () => ({
      method: 'POST',
      url: '/api/check-email',
      payload: { email },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 10 });
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 10_000 }).toBe(10);
    await resetRow(userId);
  });
});
