/**
 * Accounts under requests sent at the same moment (issue 43 §1-§2; decision 0041): one email makes one account
 * however many sign-ups carry it (the unique email and INSERT … ON CONFLICT DO NOTHING), and a password change is
 * written only over the hash its old password was checked against. Invariants are read from the database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { users } from '../../db/schema';
import { injectAtOnce, statusCounts } from '../../../tests/concurrency';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { verifyPassword } from './passwords';

const PASSWORD = 'Str0ng!pass';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const usersWith = (email: string) => t.database.db.select().from(users).where(eq(users.email, email));

describe('sign-up, requests at once', () => {
  it('10 sign-ups with one email make one account; the others get 409 saying what to do', async () => {
    const email = 'race.signup@example.com';
    const answers = await injectAtOnce(t.app, 10, (i) => ({
      method: 'POST',
      url: '/api/registered',
      payload: {
        name: `Racer ${String.fromCharCode(65 + i)}`,
        email,
        password: PASSWORD,
        phone: '0412345678',
      },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 9 });
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toEqual({ message: ACCOUNT_MESSAGES.emailTaken });
    }
    const rows = await usersWith(email);
    expect(rows).toHaveLength(1);
    const winner = answers.find((a) => a.statusCode === 200)?.json() as {
      user: { id: number; name: string };
    };
    expect(rows[0]?.id).toBe(winner.user.id);
    expect(rows[0]?.name).toBe(winner.user.name);
  });
});

describe('password change, requests at once', () => {
  it('two changes proving the same old password: one is applied, the other refused', async () => {
    const email = 'race.change@example.com';
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/registered',
      remoteAddress: '10.46.0.1',
      payload: { name: 'Change Racer', email, password: PASSWORD, phone: '0412345678' },
    });
    const token = (signup.json() as { token: string }).token;
    const next = ['N3w!passw0rdA', 'N3w!passw0rdB'];
    const answers = await injectAtOnce(t.app, next.length, (i) => ({
      method: 'POST',
      url: '/api/profile/update',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Change Racer', phone: '0412345678', old_password: PASSWORD, password: next[i] },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 400: 1 });
    const refused = answers.find((a) => a.statusCode === 400);
    expect(refused?.json()).toMatchObject({ message: ACCOUNT_MESSAGES.oldPasswordWrong });
    const winner = answers.findIndex((a) => a.statusCode === 200);
    const [row] = await usersWith(email);
    expect(await verifyPassword(row?.passwordHash ?? null, next[winner] ?? '')).toBe(true);
    expect(await verifyPassword(row?.passwordHash ?? null, next[1 - winner] ?? '')).toBe(false);
  });
});
