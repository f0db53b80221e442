/**
 * The trade account mails a customer's own action causes (issue 39 §1, §5): the application received (to the
 * applicant and the accounts email) and a buyer added (to the buyer). Rendered by `TradeAccountMail` and sent as
 * `mail` jobs after the answer (mail-service.ts). The back office's decisions mail from admin-trade-accounts.
 */
import { eq } from 'drizzle-orm';
import { formatAbn } from '@store/shared/abn';
import { PAGES } from '@store/shared/paths';
import type { Database } from '../../db/client';
import { tradeAccounts, users } from '../../db/schema';
import type { MailMessage } from '../mail/send-mail';
import { mailStoreOf } from '../mail/mail-store';
import { renderMail } from '../mail/render-mail';
import { TradeAccountMail } from '../mail/templates/trade-account-mail';
import { tradeMembershipOf } from './trade-pricing-context';

/** "Application received" for member `userId`'s business, to them and its accounts email; null when none. */
export async function applicationReceivedMail(
  db: Database,
  baseUrl: string,
  userId: number,
): Promise<MailMessage | null> {
  const membership = await tradeMembershipOf(db, userId);
  if (!membership) return null;
  const [[account], [user], store] = await Promise.all([
    db.select().from(tradeAccounts).where(eq(tradeAccounts.id, membership.accountId)),
    db.select().from(users).where(eq(users.id, userId)),
    mailStoreOf(db, baseUrl),
  ]);
  if (!account || !user) return null;
  const parts = await renderMail(
    TradeAccountMail({
      store,
      heading: 'Your trade application is in',
      paragraphs: [
        `Hello ${user.name},`,
        `Thanks for applying for a ${store.name} trade account for ${account.businessName} (ABN ${formatAbn(account.abn)}).`,
        'We check every application by hand, usually within one business day, and will email you our answer. Until then you can keep ordering at our usual prices.',
      ],
      linkPath: PAGES.tradeAccount.path,
      linkText: 'See your application',
    }),
  );
  const to = [...new Set([user.email, account.accountsEmail])].join(', ');
  return { to, subject: `${store.name}: trade application received`, ...parts };
}

/** "You can order for <business>" to buyer `userId` of account `accountId`; null when either is gone. */
export async function userAddedMail(
  db: Database,
  baseUrl: string,
  accountId: number,
  userId: number,
): Promise<MailMessage | null> {
  const [[account], [user], store] = await Promise.all([
    db.select().from(tradeAccounts).where(eq(tradeAccounts.id, accountId)),
    db.select().from(users).where(eq(users.id, userId)),
    mailStoreOf(db, baseUrl),
  ]);
  if (!account || !user) return null;
  const parts = await renderMail(
    TradeAccountMail({
      store,
      heading: `You can now order for ${account.businessName}`,
      paragraphs: [
        `Hello ${user.name},`,
        account.status === 'approved'
          ? `You have been added to ${account.businessName}'s trade account: sign in to see its trade prices (ex. GST), order on its account and add a purchase order number.`
          : `You have been added to ${account.businessName}'s trade account. Its application is still being reviewed; you will see trade prices once it is approved.`,
      ],
      linkPath: PAGES.tradeAccount.path,
      linkText: 'Open the trade account',
    }),
  );
  return { to: user.email, subject: `${store.name}: you can order for ${account.businessName}`, ...parts };
}
