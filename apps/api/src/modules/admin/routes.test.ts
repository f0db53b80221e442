/**
 * Back-office sign-in and guards (issue 12): the first admin from the CLI with a one-time password that must be
 * changed, 401 without a token, 403 for a customer's token and before the password change, sessions ended by a
 * password change, and the audit trail of both.
 */
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { ADMIN_MESSAGES } from '@store/shared/admin';
import { auditLog, staffUsers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCustomer, seedStaff } from '../../../tests/seeders';
import { runAdminCreate } from '../../cli/admin-create';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: (c) => void (c.rateLimits.loginsPerMinute = 1_000) });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Garage!Door42';

async function createAdmin(email: string, role = 'admin') {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdminCreate(['--email', email, '--name', 'Owner Person', '--role', role], {
    out: (s) => out.push(s),
    err: (s) => err.push(s),
    openDb: async () => ({ db: t.database.db, close: async () => {} }),
  });
  const password = /^One-time password: (\S+)$/m.exec(out.join('\n'))?.[1] ?? '';
  return { code, out, err, password };
}

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

async function login(email: string, password: string) {
  const res = await call('POST', '/api/admin/login', undefined, { email, password });
  return {
    status: res.statusCode,
    body: res.json() as { token?: string; user?: { must_change_password: boolean; role: string } },
  };
}

describe('admin:create and the first sign-in', () => {
  it('creates an admin with a one-time password that works only to change it', async () => {
    const created = await createAdmin('Owner@Example.com');
    expect(created.code).toBe(0);
    expect(created.out[0]).toBe('Created admin Owner Person <owner@example.com>.');
    expect(created.password.length).toBeGreaterThanOrEqual(20);

    const first = await login('owner@example.com', created.password);
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ role: 'admin', must_change_password: true });
    const token = first.body.token ?? '';
    expect((await call('GET', '/api/admin/me', token)).statusCode).toBe(200);

    // Anything but the change is refused until then.
    const early = await call('GET', '/api/admin/staff', token);
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(ADMIN_MESSAGES.changePasswordFirst);
    const logoutOther = await login('owner@example.com', created.password);
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/admin/password',
      headers: { authorization: `Bearer ${token}` },
      payload: { current_password: 'wrong', new_password: NEW_PASSWORD },
    });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().message).toBe(ADMIN_MESSAGES.wrongCurrentPassword);
    const same = await call('POST', '/api/admin/password', token, {
      current_password: created.password,
      new_password: created.password,
    });
    expect(same.statusCode).toBe(400);

    const changed = await call('POST', '/api/admin/password', token, {
      current_password: created.password,
      new_password: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.must_change_password).toBe(false);
    // The other session ended; this one lives on; the old password no longer works.
    expect((await call('GET', '/api/admin/me', logoutOther.body.token)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/me', token)).json().user.must_change_password).toBe(false);
    expect((await login('owner@example.com', created.password)).status).toBe(401);
    expect((await login('owner@example.com', NEW_PASSWORD)).status).toBe(200);
    const list = await call('GET', '/api/admin/staff', token);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ email: 'owner@example.com', role: 'admin' }),
    );

    const [staff] = await t.database.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, 'owner@example.com'));
    expect(staff?.passwordHash).toMatch(/^\$argon2id\$/);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(staff?.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['staff.create', 'staff.password_change']);
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
  });

  it('refuses a taken email, a bad email and a bad role with a message and an exit code', async () => {
    await createAdmin('taken@example.com');
    const again = await createAdmin('taken@example.com');
    expect(again.code).toBe(1);
    expect(again.err.join('\n')).toMatch(/already exists/);
    expect((await createAdmin('not-an-email')).code).toBe(2);
    expect((await createAdmin('role@example.com', 'owner')).err.join('\n')).toMatch(
      /--role must be admin or staff/,
    );
  });
});

describe('who may call the back office', () => {
  it('401 without a token or with a made-up one, 403 for a customer’s token', async () => {
    const none = await call('GET', '/api/admin/me');
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(ADMIN_MESSAGES.signInRequired);
    expect((await call('GET', '/api/admin/me', 'A'.repeat(43))).statusCode).toBe(401);

    const customer = await seedCustomer(t, { email: 'shopper@example.com' });
    const refused = await call('GET', '/api/admin/me', customer.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ADMIN_MESSAGES.notStaff);
    // And a staff token is not a customer's.
    const created = await createAdmin('staff.member@example.com', 'staff');
    const staffToken = (await login('staff.member@example.com', created.password)).body.token ?? '';
    expect((await call('GET', '/api/profile', staffToken)).statusCode).toBe(401);
    // Staff (not admin) may not see the staff list, even after changing the one-time password.
    await call('POST', '/api/admin/password', staffToken, {
      current_password: created.password,
      new_password: NEW_PASSWORD,
    });
    const forbidden = await call('GET', '/api/admin/staff', staffToken);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(ADMIN_MESSAGES.forbidden);
  });

  it('a wrong password and an unknown email get the same answer', async () => {
    await createAdmin('known@example.com');
    const wrong = await login('known@example.com', 'Nope!Nope1');
    const unknown = await login('unknown@example.com', 'Nope!Nope1');
    expect(wrong).toEqual(unknown);
    expect(wrong).toEqual({ status: 401, body: { message: ACCOUNT_MESSAGES.wrongCredentials } });
  });

  it('signing out ends the session', async () => {
    const created = await createAdmin('leaver@example.com');
    const token = (await login('leaver@example.com', created.password)).body.token ?? '';
    expect((await call('POST', '/api/admin/logout', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/me', token)).statusCode).toBe(401);
  });
});

describe('staff management (admins)', () => {
  /** An admin or staff member past the one-time password, and their token. */
  async function signedIn(email: string, role: 'admin' | 'staff') {
    const created = await createAdmin(email, role);
    const token = (await login(email, created.password)).body.token ?? '';
    await call('POST', '/api/admin/password', token, {
      current_password: created.password,
      new_password: NEW_PASSWORD,
    });
    return token;
  }

  it('adds an account with a one-time password shown once, refuses a taken email, audits it', async () => {
    const admin = await signedIn('boss@example.com', 'admin');
    const added = await call('POST', '/api/admin/staff', admin, {
      email: ' Packer@Example.com ',
      name: 'Pat Packer',
      role: 'staff',
    });
    expect(added.statusCode).toBe(201);
    const body = added.json() as {
      user: { id: number; email: string; role: string; must_change_password: boolean };
      one_time_password: string;
    };
    expect(body.user).toMatchObject({
      email: 'packer@example.com',
      role: 'staff',
      must_change_password: true,
    });
    const first = await login('packer@example.com', body.one_time_password);
    expect(first.body.user?.must_change_password).toBe(true);

    const again = await call('POST', '/api/admin/staff', admin, {
      email: 'packer@example.com',
      name: 'X',
      role: 'staff',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMIN_MESSAGES.staffEmailTaken);
    const bad = await call('POST', '/api/admin/staff', admin, {
      email: 'not-an-email',
      name: '',
      role: 'owner',
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json() as { errors: { field: string }[] }).errors.map((e) => e.field).sort();
    expect(fields).toEqual(['email', 'name', 'role']);

    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(body.user.id)));
    expect(row).toMatchObject({
      action: 'staff.create',
      after: { email: 'packer@example.com', role: 'staff' },
    });
    expect(JSON.stringify(row)).not.toContain(body.one_time_password);

    // Staff may not add accounts; nobody without a token may.
    const clerk = await signedIn('clerk2@example.com', 'staff');
    expect(
      (await call('POST', '/api/admin/staff', clerk, { email: 'a@example.com', name: 'A', role: 'staff' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call('POST', '/api/admin/staff', undefined, {
          email: 'a@example.com',
          name: 'A',
          role: 'staff',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('disables an account (its sessions end, it cannot sign in) and enables it again; never oneself or the last admin', async () => {
    const admin = await signedIn('chief@example.com', 'admin');
    const clerk = await signedIn('temp@example.com', 'staff');
    const [clerkRow] = await t.database.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, 'temp@example.com'));
    const [adminRow] = await t.database.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, 'chief@example.com'));
    const off = await call('POST', `/api/admin/staff/${clerkRow?.id}/status`, admin, { disabled: true });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ user: { disabled: true } });
    expect((await call('GET', '/api/admin/me', clerk)).statusCode).toBe(401);
    expect((await login('temp@example.com', NEW_PASSWORD)).status).toBe(401);
    const on = await call('POST', `/api/admin/staff/${clerkRow?.id}/status`, admin, { disabled: false });
    expect(on.json()).toMatchObject({ user: { disabled: false } });
    expect((await login('temp@example.com', NEW_PASSWORD)).status).toBe(200);
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(clerkRow?.id)));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['staff.disable', 'staff.enable']));

    const self = await call('POST', `/api/admin/staff/${adminRow?.id}/status`, admin, { disabled: true });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(ADMIN_MESSAGES.cannotDisableSelf);
    expect((await call('POST', '/api/admin/staff/999999/status', admin, { disabled: true })).statusCode).toBe(
      404,
    );
  });

  it('keeps at least one active admin', async () => {
    const fresh = await createTestApp();
    try {
      const make = (email: string, role: 'admin' | 'staff') => seedStaff(fresh, { email, role, name: email });
      const a = await make('a@example.com', 'admin');
      const b = await make('b@example.com', 'admin');
      const post = (token: string, id: number) =>
        fresh.app.inject({
          method: 'POST',
          url: `/api/admin/staff/${id}/status`,
          headers: { authorization: `Bearer ${token}` },
          payload: { disabled: true },
        });
      // Two admins disabling each other at the same moment: one wins, the other is refused (409 for the last
      // admin, or 401 once its own session has ended), and an admin remains.
      const answers = await Promise.all([post(a.token, b.id), post(b.token, a.id)]);
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect([401, 409]).toContain(codes[1]);
      const refused = answers.find((r) => r.statusCode === 409);
      if (refused) expect(refused.json().message).toBe(ADMIN_MESSAGES.lastAdmin);
      const active = await fresh.database.db.select().from(staffUsers).where(isNull(staffUsers.disabledAt));
      expect(active.map((r) => r.role)).toEqual(['admin']);
    } finally {
      await fresh.close();
    }
  });
});
