/**
 * Who buys as a business (issue 40, decision 0067), apart from trade-accounts.ts and its zod schemas: the price
 * display and the checkout ask it on every page, whose first script loads no schema library (issue 42, decision
 * 0070).
 */
import type { TradeAccountStatus } from './trade-accounts';

/**
 * Whether a member of a trade account with `status` buys as a business (issue 40, decision 0067): the account is
 * approved, or suspended (a suspension stops ordering on account, not being a business). The checkout offers them
 * "On account" (a suspended one is refused with its reason) and Afterpay, which is not for business purchases, is
 * never offered to them. A pending or declined applicant still buys as a consumer.
 */
export function buysAsBusiness(status: TradeAccountStatus | string | null | undefined): boolean {
  return status === 'approved' || status === 'suspended';
}
