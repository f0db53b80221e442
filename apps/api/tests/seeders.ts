/**
 * The API tests' seeders for people and orders (issue 35 §4): one way to make a signed-in staff member, a signed-in
 * customer and a placed order, instead of a copy of each in every test file. Staff are written through the back
 * office's own functions (as `npm run admin:create` does, then past the first-sign-in password change); customers
 * sign up and orders are placed through the real routes (`POST /api/registered`, `POST /api/place-order`), so what
 * they leave behind is what a shopper would. Each seeder throws, with the answer's body, when the app refuses.
 * The catalog is seeded by `seed-catalog.ts`.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { OrderDiscounts } from '@store/shared/checkout-totals';
import { orders, staffUsers } from '../src/db/schema';
import { createStaff, createStaffSession } from '../src/modules/admin/staff-accounts';
import { testOrderBody, type TestLine } from '../src/modules/orders/test-order-body';
import type { TestApp } from './test-app';

/** A bearer token's `authorization` header, as the web client sends it. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export interface SeededStaff {
  id: number;
  email: string;
  /** A session's bearer token (30 minutes idle, 12 hours at most). */
  token: string;
}

/**
 * A staff member (role `staff` unless told) who has already changed the one-time password, with a live session.
 * The account's creation is audited as any other (`staff.create`, by nobody).
 */
export async function seedStaff(
  t: TestApp,
  input: { email: string; role?: 'admin' | 'staff'; name?: string },
): Promise<SeededStaff> {
  const role = input.role ?? 'staff';
  const { db } = t.database;
  const { staff } = await createStaff(db, { email: input.email, name: input.name ?? `${role} person`, role });
  await db.update(staffUsers).set({ mustChangePassword: false }).where(eq(staffUsers.id, staff.id));
  return { id: staff.id, email: staff.email, token: await createStaffSession(db, staff.id) };
}

/** The password every seeded customer signs up with (meets the SPEC's password rules). */
export const CUSTOMER_PASSWORD = 'Str0ng!pass';

export interface SeededCustomer {
  id: number;
  email: string;
  password: string;
  /** The bearer token sign-up answered. */
  token: string;
}

let customers = 0;

/**
 * A member signed up through `POST /api/registered` (name Sam Lee, phone 0412345678, CUSTOMER_PASSWORD, a new
 * `customer.<n>@example.com` unless told; `fields` adds or overrides sign-up fields such as `_b_name`). Each
 * sign-up comes from its own client address, so the per-address sign-up limit never refuses a seeder.
 */
export async function seedCustomer(
  t: TestApp,
  input: { email?: string; name?: string; password?: string; fields?: Record<string, unknown> } = {},
): Promise<SeededCustomer> {
  const n = ++customers;
  const email = input.email ?? `customer.${n}@example.com`;
  const password = input.password ?? CUSTOMER_PASSWORD;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/registered',
    remoteAddress: `10.254.${Math.floor(n / 250)}.${(n % 250) + 1}`,
    payload: { name: input.name ?? 'Sam Lee', email, password, phone: '0412345678', ...input.fields },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up of ${email} refused ${res.statusCode}: ${res.body}`);
  const body = res.json<{ token: string; user: { id: number } }>();
  return { id: body.user.id, email, password, token: body.token };
}

export interface SeededOrder {
  publicId: string;
  /** The order's row as stored. */
  row: typeof orders.$inferSelect;
  /** `POST /api/place-order`'s answer. */
  answer: { data: { id: string; invoice_number: string }; tax_invoice_url?: string } & Record<
    string,
    unknown
  >;
}

/**
 * A paid order of `lines` (unit prices inc. GST) placed through `POST /api/place-order` with the offline test
 * card, a new Idempotency-Key and the figures the checkout would send (testOrderBody): as a guest, or as the
 * member whose `token` is given (then pass their `discounts`, e.g. `{ signupPercent: 10 }`, so the figures agree).
 * `fields` adds or overrides order fields (`email`, `comment`, ...).
 */
export async function seedOrder(
  t: TestApp,
  input: { lines: TestLine[]; fields?: Record<string, unknown>; token?: string; discounts?: OrderDiscounts },
): Promise<SeededOrder> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/place-order',
    headers: { 'idempotency-key': randomUUID(), ...(input.token ? bearer(input.token) : {}) },
    payload: testOrderBody(input.lines, input.fields, input.discounts),
  });
  if (res.statusCode !== 200) throw new Error(`order refused ${res.statusCode}: ${res.body}`);
  const answer = res.json<SeededOrder['answer']>();
  const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, answer.data.id));
  if (!row) throw new Error(`order ${answer.data.id} answered but not stored`);
  return { publicId: answer.data.id, row, answer };
}
