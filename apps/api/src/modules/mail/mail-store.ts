/**
 * Who the store's mail is from and where its own mail goes (issue 11), read from the store settings each time
 * so a renamed store or a new ABN shows in the next mail.
 */
import type { Database } from '../../db/client';
import { getStoreSettings } from '../content/content-service';
import type { MailStore } from './templates/mail-layout';

/** The store as mails print it, with `baseUrl` (PUBLIC_BASE_URL) for links. */
export async function mailStoreOf(
  db: Database,
  baseUrl: string,
): Promise<MailStore & { salesEmail: string }> {
  const s = await getStoreSettings(db);
  return { name: s.storeName, abn: s.abn, address: s.businessAddress, baseUrl, salesEmail: s.salesEmail };
}
