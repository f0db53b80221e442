/**
 * Staff sign-in under requests sent at the same moment (issue 43 §1-§2, §5; decision 0041): one TOTP code
 * signs in once however many requests carry it; turning it on or off is one change and one audit row; turning it
 * on ends the account's other sessions, including password-only sign-ins racing it; two password changes proving
 * the same current password apply one. Invariants are read from the database.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staffSessions, staffUsers } from '../../db/schema';
import { injectAtOnce, statusCounts } from '../../../tests/concurrency';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { verifyPassword } from '../accounts/passwords';
import { createStaff } from './staff-accounts';

const PASSWORD = 'Gearbox#2026x';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: (c) => void (c.rateLimits.loginsPerMinute = 1_000) });
});
afterAll(() => t.close());

/** The code an authenticator app shows `offsetS` seconds from now. */
const codeAt = (secret: string, offsetS = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetS });

const post = (url: string, token?: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });

async function signIn(email: string, code?: string): Promise<string> {
  const res = await post('/api/admin/login', undefined, {
    email,
    password: PASSWORD,
    ...(code ? { code } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { token: string }).token;
}

/** A staff member with their own password, signed in once; answers id and token. */
async function staffMember(email: string) {
  const { staff, password } = await createStaff(t.database.db, { email, name: 'Race Clerk', role: 'staff' });
  const first = ((await post('/api/admin/login', undefined, { email, password })).json() as { token: string })
    .token;
  const changed = await post('/api/admin/password', first, {
    current_password: password,
    new_password: PASSWORD,
  });
  expect(changed.statusCode).toBe(200);
  return { id: staff.id, token: first };
}

async function startSetup(token: string): Promise<string> {
  const setup = await post('/api/admin/totp/setup', token);
  expect(setup.statusCode).toBe(200);
  return (setup.json() as { secret: string }).secret;
}

const auditRows = (id: number, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.entityType, 'staff'), eq(auditLog.entityId, String(id)), eq(auditLog.action, action)),
    );

const liveSessions = (id: number) =>
  t.database.db
    .select({ id: staffSessions.id })
    .from(staffSessions)
    .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.revokedAt)));

describe('two-step sign-in, requests at once', () => {
  it('one code signs in once: 20 sign-ins carrying it make one session', async () => {
    const email = 'race.signin@example.com';
    const { id, token } = await staffMember(email);
    const secret = await startSetup(token);
    expect((await post('/api/admin/totp/enable', token, { code: await codeAt(secret) })).statusCode).toBe(
      200,
    );
    const before = (await liveSessions(id)).length;

    const code = await codeAt(secret, 30);
    const answers = await injectAtOnce(t.app, 20, () => ({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email, password: PASSWORD, code },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 401: 19 });
    expect((await liveSessions(id)).length).toBe(before + 1);
  });

  it('turning it on with three valid codes at once is one change and one audit row', async () => {
    const { id, token } = await staffMember('race.enable@example.com');
    const secret = await startSetup(token);
    const codes = await Promise.all([-30, 0, 30].map((offset) => codeAt(secret, offset)));
    const answers = await injectAtOnce(t.app, codes.length, (i) => ({
      method: 'POST',
      url: '/api/admin/totp/enable',
      headers: { authorization: `Bearer ${token}` },
      payload: { code: codes[i] },
    }));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(await auditRows(id, 'staff.totp_enable')).toHaveLength(1);
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, id));
    expect(row?.totpEnabledAt).not.toBeNull();
    expect(row?.totpSecret).toBe(secret);
  });

  it('turning it off with three valid codes at once is one change and one audit row', async () => {
    const { id, token } = await staffMember('race.disable@example.com');
    const secret = await startSetup(token);
    expect(
      (await post('/api/admin/totp/enable', token, { code: await codeAt(secret, -30) })).statusCode,
    ).toBe(200);
    const codes = await Promise.all([0, 30, 60].map((offset) => codeAt(secret, offset)));
    // Only the steps within 30 s of now are valid; +60 s is not, so at most two can pass the code check.
    const answers = await injectAtOnce(t.app, codes.length, (i) => ({
      method: 'POST',
      url: '/api/admin/totp/disable',
      headers: { authorization: `Bearer ${token}` },
      payload: { code: codes[i] },
    }));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(await auditRows(id, 'staff.totp_disable')).toHaveLength(1);
  });

  it("turning it on ends the account's other sessions and keeps the one that turned it on", async () => {
    const email = 'race.sessions@example.com';
    const { id, token } = await staffMember(email);
    const other = await signIn(email);
    const secret = await startSetup(token);
    expect((await post('/api/admin/totp/enable', token, { code: await codeAt(secret) })).statusCode).toBe(
      200,
    );
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/me',
          headers: { authorization: `Bearer ${other}` },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/me',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(200);
    expect(await liveSessions(id)).toHaveLength(1);
  });

  it('password-only sign-ins racing the switch-on leave no session but the one that turned it on', async () => {
    const email = 'race.login.enable@example.com';
    const { id, token } = await staffMember(email);
    const secret = await startSetup(token);
    const code = await codeAt(secret);
    const answers = await injectAtOnce(t.app, 12, (i) =>
      i === 0
        ? {
            method: 'POST',
            url: '/api/admin/totp/enable',
            headers: { authorization: `Bearer ${token}` },
            payload: { code },
          }
        : { method: 'POST', url: '/api/admin/login', payload: { email, password: PASSWORD } },
    );
    expect(answers[0]?.statusCode).toBe(200);
    const live = await liveSessions(id);
    expect(live).toHaveLength(1);
    // The survivor is the enabler's own session.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/me',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('staff password change, requests at once', () => {
  it('two changes proving the same current password: one is applied, the other refused', async () => {
    const { id, token } = await staffMember('race.password@example.com');
    const next = ['Clutch#2027yA', 'Clutch#2027yB'];
    const answers = await injectAtOnce(t.app, next.length, (i) => ({
      method: 'POST',
      url: '/api/admin/password',
      headers: { authorization: `Bearer ${token}` },
      payload: { current_password: PASSWORD, new_password: next[i] },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 400: 1 });
    const winner = answers.findIndex((a) => a.statusCode === 200);
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, id));
    expect(await verifyPassword(row?.passwordHash ?? null, next[winner] ?? '')).toBe(true);
    expect(await verifyPassword(row?.passwordHash ?? null, next[1 - winner] ?? '')).toBe(false);
  });
});
