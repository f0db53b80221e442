/**
 * Secrets the store makes for itself (issue 43; `store_secrets`, migration 0018): the first instance to need one
 * creates it, every other instance, started at the same moment or later, reads the same value. The random value is
 * inserted if absent (ON CONFLICT DO NOTHING waits for a concurrent insert of the same name and then yields to it),
 * then read back: whichever insert won, every caller answers the stored value.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { storeSecrets } from './schema';

/** Bytes of randomness in a new secret (256 bits), stored base64url. */
export const STORE_SECRET_BYTES = 32;

/**
 * The secret called `name` (e.g. 'order_document_links'), created on first use. Answers its text (base64url).
 * Throws when the database cannot be reached; never logs or returns anything but the value to its caller.
 */
export async function readStoreSecret(db: Database, name: string): Promise<string> {
  await db
    .insert(storeSecrets)
    .values({ name, value: randomBytes(STORE_SECRET_BYTES).toString('base64url') })
    .onConflictDoNothing({ target: storeSecrets.name });
  const [row] = await db
    .select({ value: storeSecrets.value })
    .from(storeSecrets)
    .where(eq(storeSecrets.name, name))
    .limit(1);
  if (!row) throw new Error(`the store secret "${name}" was neither created nor found`);
  return row.value;
}
