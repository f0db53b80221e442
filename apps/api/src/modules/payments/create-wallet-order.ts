/**
 * `POST /api/payments/wallet-orders` (SPEC §4 Wallet payment): the wallet order is created on the server for
 * the server's own total of the cart's lines, never for an amount the browser names (DESIGN §4, §5.2).
 */
import { centsToDecimalString } from '@store/shared/money';
import { MAX_ORDER_LINES, ORDER_MESSAGES } from '@store/shared/order-constants';
import type { Database } from '../../db/client';
import { HttpError } from '../../plugins/error-handling';
import type { MemberDiscounts } from '@store/shared/checkout-totals';
import type { TradePricingContext } from '../trade/trade-pricing-context';
import { priceOrderLines } from '../orders/price-order-lines';
import type { WalletPaymentProvider } from './payment-provider';

export interface WalletOrder {
  wallet_order_id: string;
  /** Dollars as a decimal string, e.g. '123.45'. */
  amount: string;
  currency: 'AUD';
}

/**
 * Reprices `lines` (SPEC §9 totals, with a signed-in member's `discounts`) and creates a wallet order for the
 * total, so the capture at place-order expects exactly what the order will cost; `deliveryChargeCents` is the chosen
 * delivery option's charge (issue 41, `priceChosenDelivery`), omitted for the flat rule.
 * Throws HttpError 400: ORDER_MESSAGES.tooManyLines, .unknownProduct, or .walletTotalZero when the total
 * is not above zero (SPEC §5).
 */
export async function createWalletOrder(
  db: Database,
  wallet: WalletPaymentProvider,
  lines: readonly { id: number; quantity: number }[],
  discounts: MemberDiscounts = {},
  pricing: TradePricingContext | null = null,
  deliveryChargeCents?: number,
): Promise<WalletOrder> {
  if (lines.length > MAX_ORDER_LINES) throw new HttpError(400, ORDER_MESSAGES.tooManyLines);
  const { totals } = await priceOrderLines(db, lines, discounts, pricing, deliveryChargeCents);
  if (totals.totalCents <= 0) throw new HttpError(400, ORDER_MESSAGES.walletTotalZero);
  const { walletOrderId } = await wallet.createOrder({ amountCents: totals.totalCents, currency: 'AUD' });
  return { wallet_order_id: walletOrderId, amount: centsToDecimalString(totals.totalCents), currency: 'AUD' };
}
