/**
 * The trade mails the back office sends (issue 39 §1, §4): the application approved (with its price lists, credit
 * limit and terms in words) or declined (with the reason), and the monthly statement (its PDF attached). Each goes
 * to the account's owner and its accounts email, through the durable mail queue, after the change has committed.
 */
import { formatCents } from '@store/shared/money';
import { PAGES } from '@store/shared/paths';
import { TRADE_TERMS_WORDS, type TradeTerms } from '@store/shared/trade-accounts';
import type { Database } from '../../db/client';
import type { MailService } from '../mail/mail-service';
import { mailStoreOf } from '../mail/mail-store';
import { renderMail } from '../mail/render-mail';
import { TradeAccountMail } from '../mail/templates/trade-account-mail';
import type { MailAttachment } from '../mail/send-mail';
import { tradeUserEmails } from './trade-account-service';

export interface TradeMailDeps {
  db: Database;
  mail: MailService;
  config: { publicBaseUrl: string };
}

/** The owner's email(s) and the accounts email, each once. */
export async function tradeMailRecipients(
  db: Database,
  accountId: number,
  accountsEmail: string,
): Promise<string[]> {
  const owners = await tradeUserEmails(db, accountId);
  return [...new Set([...owners, accountsEmail].map((e) => e.toLowerCase()))];
}

async function deliver(
  deps: TradeMailDeps,
  kind: string,
  to: readonly string[],
  subject: (storeName: string) => string,
  heading: string,
  paragraphs: readonly string[],
  attachments?: MailAttachment[],
): Promise<void> {
  const store = await mailStoreOf(deps.db, deps.config.publicBaseUrl);
  const rendered = await renderMail(
    TradeAccountMail({
      store,
      heading,
      paragraphs,
      linkPath: PAGES.tradeAccount.path,
      linkText: 'Your trade account',
    }),
  );
  for (const address of to) {
    deps.mail.deliver(kind, {
      to: address,
      subject: subject(store.name),
      ...rendered,
      ...(attachments ? { attachments } : {}),
    });
  }
}

export interface ApprovalFacts {
  accountId: number;
  businessName: string;
  accountsEmail: string;
  priceLists: readonly string[];
  creditLimitCents: number;
  terms: TradeTerms;
}

/** The words of an approval: lists, limit and terms (the mail's body; tests read them). */
export function approvalParagraphs(f: Omit<ApprovalFacts, 'accountId' | 'accountsEmail'>): string[] {
  return [
    `Good news: ${f.businessName}'s trade account is approved. Sign in to see your trade prices, shown ex. GST.`,
    f.priceLists.length > 0
      ? `Your price ${f.priceLists.length === 1 ? 'list' : 'lists'}: ${f.priceLists.join(', ')}.`
      : 'You buy at our retail prices for now; we will tell you when a trade price list is added.',
    `Credit limit: ${formatCents(f.creditLimitCents)}. Payment terms: ${TRADE_TERMS_WORDS[f.terms]}.`,
    'You can now choose "On account" at the checkout and add a purchase order number to each order.',
  ];
}

export async function mailApproved(deps: TradeMailDeps, f: ApprovalFacts): Promise<void> {
  await deliver(
    deps,
    'trade account approved',
    await tradeMailRecipients(deps.db, f.accountId, f.accountsEmail),
    (store) => `Your ${store} trade account is approved`,
    'Your trade account is approved',
    approvalParagraphs(f),
  );
}

export async function mailDeclined(
  deps: TradeMailDeps,
  f: { accountId: number; businessName: string; accountsEmail: string; reason: string },
): Promise<void> {
  await deliver(
    deps,
    'trade account declined',
    await tradeMailRecipients(deps.db, f.accountId, f.accountsEmail),
    (store) => `Your ${store} trade application`,
    'About your trade application',
    [
      `We are sorry: we could not approve ${f.businessName}'s trade application.`,
      `The reason: ${f.reason}`,
      'You can keep buying at our retail prices, and reply to this mail if something has changed.',
    ],
  );
}

/** "November 2026" for "2026-11". */
export function monthWords(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-AU', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

export async function mailStatement(
  deps: TradeMailDeps,
  f: {
    accountId: number;
    businessName: string;
    accountsEmail: string;
    month: string;
    amountDueCents: number;
    pdf: Buffer;
  },
): Promise<string[]> {
  const to = await tradeMailRecipients(deps.db, f.accountId, f.accountsEmail);
  await deliver(
    deps,
    'trade statement',
    to,
    (store) => `${store} statement for ${monthWords(f.month)}: ${f.businessName}`,
    `Your statement for ${monthWords(f.month)}`,
    [
      `${f.businessName}'s statement for ${monthWords(f.month)} is attached as a PDF.`,
      `Amount due: ${formatCents(Math.max(0, f.amountDueCents))}.`,
      'Your open invoices and their due days are on your trade account page.',
    ],
    [
      {
        filename: `statement-${f.month}.pdf`,
        contentType: 'application/pdf',
        content: f.pdf.toString('base64'),
        encoding: 'base64',
      },
    ],
  );
  return to;
}
