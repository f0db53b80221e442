/**
 * Who the store's mail is from and where its own mail goes (issue 11), from the store settings. Read at most
 * every 30 seconds per database (every order mail needs it, twice), so a renamed store or a new ABN shows in
 * mail within half a minute.
 */
import { formatAbn } from '@store/shared/abn';
import { sellerAbnOf } from '@store/shared/tax-invoice';
import type { Database } from '../../db/client';
import { getStoreSettings, storePromisesOfRow } from '../content/content-service';
import type { MailStore } from './templates/mail-layout';

/** How long the settings are reused, ms. */
export const MAIL_STORE_TTL_MS = 30_000;

/** `gstPercent`: the store's GST percent, for prices shown including GST (issue 18). */
type StoreIdentity = Omit<MailStore, 'baseUrl'> & { salesEmail: string; gstPercent: number };
const cache = new WeakMap<Database, { at: number; identity: Promise<StoreIdentity> }>();

async function readIdentity(db: Database): Promise<StoreIdentity> {
  const s = await getStoreSettings(db);
  return {
    name: s.storeName,
    // The ABN the tax invoice prints (issue 34 §6): none in the footer when the setting is not a valid ABN.
    abn: formatAbn(sellerAbnOf(s.abn) ?? ''),
    address: s.businessAddress,
    salesEmail: s.salesEmail,
    gstPercent: s.gstPercent,
    promises: storePromisesOfRow(s),
  };
}

/** Forgets the kept settings of `db`, so the next mail reads them (after the back office saved them, issue 36 §5). */
export function forgetMailStore(db: Database): void {
  cache.delete(db);
}

/** The store as mails print it, with `baseUrl` (PUBLIC_BASE_URL) for links. */
export async function mailStoreOf(
  db: Database,
  baseUrl: string,
): Promise<MailStore & { salesEmail: string; gstPercent: number }> {
  let entry = cache.get(db);
  if (!entry || Date.now() - entry.at > MAIL_STORE_TTL_MS) {
    entry = { at: Date.now(), identity: readIdentity(db) };
    cache.set(db, entry);
    // A failed read is not kept: the next mail asks again.
    entry.identity.catch(() => cache.delete(db));
  }
  return { ...(await entry.identity), baseUrl };
}
