/**
 * Saved addresses (SPEC §2 /address, /update-address/{id}; §3 Saved address; DESIGN §5.4): every read and write
 * is scoped to the member's own user id, so another member's address id answers 404 whatever the request says.
 */
import { and, asc, eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { addressRequestSchema, type AddressRequest, type SavedAddress } from '@store/shared/account';
import type { Database } from '../../db/client';
import { userAddresses } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';

type AddressRow = typeof userAddresses.$inferSelect;

export function presentAddress(a: AddressRow): SavedAddress {
  return {
    id: a.id,
    user_id: a.userId,
    f_name: a.fName,
    l_name: a.lName,
    email: a.email,
    phone: a.phone,
    street_address: a.streetAddress,
    city: a.city,
    state: a.state,
    suburb: a.suburb,
    post_code: a.postCode,
    address_type: a.addressType,
    company: a.company,
  };
}

const columns = (a: AddressRequest) => ({
  fName: a.f_name,
  lName: a.l_name,
  email: a.email,
  phone: a.phone,
  streetAddress: a.street_address,
  city: a.city,
  state: a.state,
  suburb: a.suburb,
  postCode: a.post_code,
  addressType: a.address_type,
  company: a.company,
});

/** The member's addresses, oldest first. */
export async function listAddresses(db: Database, userId: number): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(asc(userAddresses.id));
  return rows.map(presentAddress);
}

/** One of the member's addresses; 404 when it is not theirs or does not exist. */
export async function getAddress(db: Database, userId: number, id: number): Promise<SavedAddress> {
  const [row] = await db
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)));
  if (!row) throw new HttpError(404, ACCOUNT_MESSAGES.addressNotFound);
  return presentAddress(row);
}

/** Saves a new address for the member (any `user_id` in the request is ignored). */
export async function addAddress(db: Database, userId: number, a: AddressRequest): Promise<SavedAddress> {
  const [row] = await db
    .insert(userAddresses)
    .values({ userId, ...columns(a) })
    .returning();
  if (!row) throw new Error('address insert returned no row');
  return presentAddress(row);
}

/**
 * Updates one of the member's addresses with the fields sent (SPEC §5: an update has no required fields): they
 * are merged into the stored address and the whole is checked with the add rules (400 with their messages).
 */
export async function updateAddress(
  db: Database,
  userId: number,
  id: number,
  changes: Record<string, unknown>,
): Promise<SavedAddress> {
  const current = await getAddress(db, userId, id);
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (key in current && key !== 'id' && key !== 'user_id' && value !== undefined) merged[key] = value;
  }
  const parsed = addressRequestSchema.safeParse(merged);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
    throw new HttpError(400, errors[0]?.message ?? 'Invalid address', errors);
  }
  const [row] = await db
    .update(userAddresses)
    .set({ ...columns(parsed.data), updatedAt: new Date() })
    .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)))
    .returning();
  if (!row) throw new HttpError(404, ACCOUNT_MESSAGES.addressNotFound);
  return presentAddress(row);
}

/** Deletes one of the member's addresses; 404 when it is not theirs. */
export async function deleteAddress(db: Database, userId: number, id: number): Promise<SavedAddress> {
  const [deleted] = await db
    .delete(userAddresses)
    .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)))
    .returning();
  if (!deleted) throw new HttpError(404, ACCOUNT_MESSAGES.addressNotFound);
  return presentAddress(deleted);
}
