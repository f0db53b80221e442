/**
 * The back office's discount codes (issue 34 §5): admins create, list, edit and deactivate codes, with messages a
 * person can act on and an audit row per change; `staff` and customers are refused, as for products.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_DISCOUNT_CODE_MESSAGES as M, DISCOUNT_CODE_MESSAGES } from '@store/shared/discount-codes';
import { auditLog, discountCodes } from '../../db/schema';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedStaff } from '../../../tests/seeders';

let t: TestApp;
let adminToken = '';
let staffToken = '';
let productId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db);
  productId = await seedProduct(t.database.db, {
    sku: 'ADM-DC',
    title: 'Admin Code Pads',
    priceCents: 5_000,
    stock: null,
  });
  adminToken = (await seedStaff(t, { email: 'codes-admin@example.com', role: 'admin' })).token;
  staffToken = (await seedStaff(t, { email: 'codes-staff@example.com', role: 'staff' })).token;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, token = adminToken) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

const body = (over: Record<string, unknown> = {}) => ({
  code: 'spring-20',
  kind: 'percent',
  value: '20',
  min_spend: '50',
  starts_at: '2026-09-01T00:00:00+10:00',
  ends_at: '2026-11-30T23:59:59+11:00',
  usage_limit: 100,
  once_per_customer: true,
  applies_to: 'all',
  target_ids: [],
  active: true,
  ...over,
});

describe('admin discount codes', () => {
  it('refuses staff and strangers', async () => {
    expect((await call('GET', '/api/admin/discount-codes', undefined, staffToken)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/discount-codes' })).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/discount-codes', body(), staffToken)).statusCode).toBe(403);
  });

  it('creates a code (upper case, audited), lists it and refuses the same code in another case', async () => {
    const res = await call('POST', '/api/admin/discount-codes', body());
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.message).toBe(M.created('SPRING-20'));
    expect(created.data).toMatchObject({
      code: 'SPRING-20',
      kind: 'percent',
      value: '20',
      description: '20% off',
      min_spend: '50.00',
      usage_limit: 100,
      used_count: 0,
      once_per_customer: true,
      active: true,
      created_by: 'admin person',
    });
    expect(created.data.starts_at).toBe('2026-08-31T14:00:00.000Z');
    const list = await call('GET', '/api/admin/discount-codes?search=spring');
    expect(list.json().total).toBe(1);
    expect(list.json().data[0].code).toBe('SPRING-20');
    const again = await call('POST', '/api/admin/discount-codes', body({ code: 'Spring-20' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.taken('SPRING-20'));
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'discount_code'), eq(auditLog.entityId, String(created.data.id))));
    expect(audit.map((a) => a.action)).toEqual(['discount_code.create']);
  });

  it.each([
    [{ value: '0' }, 'value', M.percent],
    [{ value: '150' }, 'value', M.percent],
    [{ kind: 'amount', value: '-5' }, 'value', M.amount],
    [{ min_spend: 'lots' }, 'min_spend', M.minSpend],
    [{ ends_at: '2026-08-01T00:00:00Z' }, 'ends_at', M.endsBeforeStart],
    [{ usage_limit: 0 }, 'usage_limit', M.usageLimit],
    [{ applies_to: 'products', target_ids: [] }, 'target_ids', M.targets],
    [{ code: 'a b!' }, 'code', DISCOUNT_CODE_MESSAGES.format],
  ])('refuses %j with the message on %s', async (over, field, message) => {
    const res = await call('POST', '/api/admin/discount-codes', body({ code: 'BAD-ONE', ...over }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
  });

  it('refuses targets that do not exist, naming them', async () => {
    const res = await call(
      'POST',
      '/api/admin/discount-codes',
      body({ code: 'PADS-ONLY', applies_to: 'products', target_ids: [productId, 999_999] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.unknownTargets('products', [999_999]));
  });

  it('edits a code (only the changes audited), keeps the limit above the uses, and deactivates it', async () => {
    const made = (
      await call(
        'POST',
        '/api/admin/discount-codes',
        body({ code: 'EDIT-ME', applies_to: 'products', target_ids: [productId] }),
      )
    ).json().data;
    const edited = await call(
      'PUT',
      `/api/admin/discount-codes/${made.id}`,
      body({
        code: 'EDIT-ME',
        kind: 'amount',
        value: '7.50',
        applies_to: 'products',
        target_ids: [productId],
      }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ kind: 'amount', value: '7.50', description: '$7.50 off' });
    const [update] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'discount_code.update'), eq(auditLog.entityId, String(made.id))));
    expect(update?.before).toEqual({ kind: 'percent', value: 20 });
    expect(update?.after).toEqual({ kind: 'amount', value: 750 });

    await t.database.db.update(discountCodes).set({ usedCount: 5 }).where(eq(discountCodes.id, made.id));
    const tooLow = await call(
      'PUT',
      `/api/admin/discount-codes/${made.id}`,
      body({ code: 'EDIT-ME', usage_limit: 4 }),
    );
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json().message).toBe(M.usageLimitBelowUses(5));

    const off = await call('PATCH', `/api/admin/discount-codes/${made.id}/active`, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe(M.deactivated('EDIT-ME'));
    expect(off.json().data.active).toBe(false);
    const inactive = await call('GET', '/api/admin/discount-codes?status=inactive');
    expect(inactive.json().data.map((c: { code: string }) => c.code)).toContain('EDIT-ME');
    expect((await call('GET', '/api/admin/discount-codes/999999')).statusCode).toBe(404);
  });
});
