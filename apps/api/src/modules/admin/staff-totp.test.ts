/**
 * Two-step sign-in for staff (issue 12): setting up with a QR secret confirmed by a code, sign-in asking for the
 * code, a code accepted once only, turning it off, and ADMIN_REQUIRE_TOTP=1 holding an admin at the setup until it
 * is on (and refusing to turn it off) while the staff role is unaffected. Codes are made with otplib as an
 * authenticator app would.
 */
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@store/shared/admin';
import { auditLog, staffUsers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { createStaff } from './staff-accounts';

const PASSWORD = 'Gearbox#2026x';

/** The code an authenticator app shows `offsetS` seconds from now. */
const codeAt = (secret: string, offsetS = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetS });

async function staffWithPassword(t: TestApp, email: string, role: 'admin' | 'staff') {
  const { staff, password } = await createStaff(t.database.db, { email, name: `${role} ${email}`, role });
  const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });
  const token = (login.json() as { token: string }).token;
  const changed = await t.app.inject({
    method: 'POST',
    url: '/api/admin/password',
    headers: { authorization: `Bearer ${token}` },
    payload: { current_password: password, new_password: PASSWORD },
  });
  expect(changed.statusCode).toBe(200);
  return { id: staff.id, token };
}

const call = (t: TestApp, method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });

describe('two-step sign-in (optional)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: (c) => void (c.rateLimits.loginsPerMinute = 1_000) });
  });
  afterAll(() => t.close());

  it('is set up with a code from the new secret, then asked for at sign-in, each code once', async () => {
    const { id, token } = await staffWithPassword(t, 'clerk@example.com', 'staff');
    expect((await call(t, 'GET', '/api/admin/me', token)).json()).toMatchObject({
      user: { totp_enabled: false, totp_setup_required: false },
    });
    // Confirming before starting is refused; so is a wrong code.
    expect((await call(t, 'POST', '/api/admin/totp/enable', token, { code: '123456' })).statusCode).toBe(409);
    const setup = await call(t, 'POST', '/api/admin/totp/setup', token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri } = setup.json() as { secret: string; otpauth_uri: string };
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/.+clerk%40example\.com\?.*secret=/);
    const wrongCode = String((Number(await codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await call(t, 'POST', '/api/admin/totp/enable', token, { code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: ADMIN_MESSAGES.totpWrong });
    // Not six digits: said so, naming the field.
    const malformed = await call(t, 'POST', '/api/admin/totp/enable', token, { code: '12ab56' });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json())).toContain('code');

    const code = await codeAt(secret);
    const enabled = await call(t, 'POST', '/api/admin/totp/enable', token, {
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({
      message: ADMIN_MESSAGES.totpEnabled,
      user: { totp_enabled: true },
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'staff'), eq(auditLog.action, 'staff.totp_enable')));
    expect(audit.map((a) => a.entityId)).toEqual([String(id)]);
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect((await call(t, 'POST', '/api/admin/totp/setup', token)).statusCode).toBe(409);

    const login = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: 'clerk@example.com', password: PASSWORD, ...body },
      });
    const noCode = await login({});
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json()).toEqual({ message: ADMIN_MESSAGES.totpRequired, code: 'totp_required' });
    expect((await login({ code: wrongCode })).statusCode).toBe(401);
    // A wrong password never reaches the code question.
    const badPassword = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'clerk@example.com', password: 'Wrong#Password1' },
    });
    expect(badPassword.statusCode).toBe(401);
    expect(badPassword.json()).not.toHaveProperty('code');
    // The code used to turn it on is spent; the next step's code signs in, once.
    expect((await login({ code })).statusCode).toBe(401);
    const next = await codeAt(secret, 30);
    const signedIn = await login({ code: next });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { totp_enabled: true } });
    const replay = await login({ code: next });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ message: ADMIN_MESSAGES.totpWrong });

    // Off again with a fresh code. Sign-in spent the next step's code; rather than wait 30 s for a step after
    // it, forget the spent step (as the clock moving on would make it history).
    const newToken = (signedIn.json() as { token: string }).token;
    await t.database.db.update(staffUsers).set({ totpLastStep: null }).where(eq(staffUsers.id, id));
    const off = await call(t, 'POST', '/api/admin/totp/disable', newToken, { code: await codeAt(secret) });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ user: { totp_enabled: false } });
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, id));
    expect(row?.totpSecret).toBeNull();
    expect((await login({})).statusCode).toBe(200);
  });

  it('401 without a token on every two-step call', async () => {
    for (const url of ['/api/admin/totp/setup', '/api/admin/totp/enable', '/api/admin/totp/disable']) {
      expect((await call(t, 'POST', url, undefined, { code: '123456' })).statusCode).toBe(401);
    }
  });
});

describe('ADMIN_REQUIRE_TOTP=1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: (c) => {
        c.adminRequireTotp = true;
        c.rateLimits.loginsPerMinute = 1_000;
      },
    });
  });
  afterAll(() => t.close());

  it('holds an admin at the setup until two-step sign-in is on, and keeps it on; staff are not held', async () => {
    const admin = await staffWithPassword(t, 'owner@example.com', 'admin');
    const clerk = await staffWithPassword(t, 'clerk@example.com', 'staff');
    expect((await call(t, 'GET', '/api/admin/me', admin.token)).json()).toMatchObject({
      user: { totp_setup_required: true },
    });
    const held = await call(t, 'GET', '/api/admin/orders', admin.token);
    expect(held.statusCode).toBe(403);
    expect(held.json()).toEqual({ message: ADMIN_MESSAGES.totpSetupFirst });
    expect((await call(t, 'GET', '/api/admin/orders', clerk.token)).statusCode).toBe(200);

    const { secret } = (await call(t, 'POST', '/api/admin/totp/setup', admin.token)).json() as {
      secret: string;
    };
    const on = await call(t, 'POST', '/api/admin/totp/enable', admin.token, { code: await codeAt(secret) });
    expect(on.json()).toMatchObject({ user: { totp_enabled: true, totp_setup_required: false } });
    expect((await call(t, 'GET', '/api/admin/orders', admin.token)).statusCode).toBe(200);
    const off = await call(t, 'POST', '/api/admin/totp/disable', admin.token, {
      code: await codeAt(secret, 30),
    });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toEqual({ message: ADMIN_MESSAGES.totpCannotDisable });
  });
});
