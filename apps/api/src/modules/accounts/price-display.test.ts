/**
 * A member's price display (issue 18 §2): a member with business details may see prices excluding GST, kept in
 * the account as user meta; anyone else always sees them including GST.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EX_GST_NEEDS_BUSINESS, priceDisplayOf } from '@store/shared/gst-prices';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCustomer } from '../../../tests/seeders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = { user_meta: { option: string; value: string }[] };

async function register(email: string, fields: Record<string, unknown> = {}): Promise<string> {
  return (await seedCustomer(t, { email, fields })).token;
}

async function choose(token: string | null, body: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/profile/price-display',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as Record<string, unknown>,
  });
  return { status: res.statusCode, body: res.json<{ data?: User; message?: string }>() };
}

async function profile(token: string): Promise<User> {
  const res = await t.app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${token}` } });
  return res.json<{ data: User }>().data;
}

describe('POST /api/profile/price-display', () => {
  it('lets a business member switch to ex. GST and back, kept in the account', async () => {
    const token = await register('trade@example.com', { _b_name: 'Lee Motors', _b_number: '51824753556' });
    expect(priceDisplayOf((await profile(token)).user_meta)).toBe('inc_gst');
    const ex = await choose(token, { price_display: 'ex_gst' });
    expect(ex.status).toBe(200);
    expect(priceDisplayOf(ex.body.data?.user_meta ?? [])).toBe('ex_gst');
    expect(priceDisplayOf((await profile(token)).user_meta)).toBe('ex_gst');
    const back = await choose(token, { price_display: 'inc_gst' });
    expect(back.status).toBe(200);
    expect(priceDisplayOf((await profile(token)).user_meta)).toBe('inc_gst');
  });

  it('refuses ex. GST to a member without business details, with a message saying why', async () => {
    const token = await register('retail@example.com');
    const ex = await choose(token, { price_display: 'ex_gst' });
    expect(ex).toEqual({ status: 409, body: { message: EX_GST_NEEDS_BUSINESS } });
    expect(priceDisplayOf((await profile(token)).user_meta)).toBe('inc_gst');
  });

  it('shows GST-inclusive prices again once the business details are removed', async () => {
    const token = await register('closing@example.com', { _b_name: 'Closing Pty' });
    expect((await choose(token, { price_display: 'ex_gst' })).status).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/update',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Sam Lee', phone: '0412345678', _b_name: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(priceDisplayOf((await profile(token)).user_meta)).toBe('inc_gst');
  });

  it('answers 400 for another value and 401 without a session', async () => {
    const token = await register('odd@example.com', { _b_name: 'Odd Pty' });
    const bad = await choose(token, { price_display: 'cheap' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("price_display must be 'inc_gst' or 'ex_gst'");
    expect((await choose(null, { price_display: 'ex_gst' })).status).toBe(401);
  });
});
