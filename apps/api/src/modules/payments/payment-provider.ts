/**
 * The payment-provider interface (DESIGN §2 payments, §3): what the order workflow asks of a card provider
 * and of a wallet provider. The offline test providers implement it now; the real adapters drop in later:
 *
 * - Card (Stripe): `charge` = create a PaymentIntent with `confirm: true` for the payment method id the
 *   browser's Stripe Elements made, passing `idempotencyKey` as Stripe's Idempotency-Key, and answer
 *   'succeeded' only when the PaymentIntent status is `succeeded` (DESIGN §5.2).
 * - Wallet (PayPal Orders v2): `createOrder` = POST /v2/checkout/orders on the server (intent CAPTURE); the
 *   buyer approves on PayPal's site; `capture` = POST /v2/checkout/orders/{id}/capture on the server, after
 *   checking that the order's amount is `expectedAmountCents` (the server's own total), answering
 *   'completed' only when the capture status is COMPLETED.
 *
 * Amounts are integer cents; the currency is AUD (SPEC §9). Providers answer declines as values and throw
 * only when they cannot be reached or answer nonsense (the workflow then cancels the order).
 */

export type Currency = 'AUD';

export interface CardChargeRequest {
  /** Integer cents, > 0. */
  amountCents: number;
  currency: Currency;
  /** The tokenised card (Stripe `pm_...`); card numbers never reach the server (DESIGN §5.1). */
  paymentMethodId: string;
  /** Makes a retried charge for the same order a no-op at the provider. */
  idempotencyKey: string;
  /** Shown on the provider's dashboard, e.g. 'Order INV-001001'. */
  description: string;
}

export type CardChargeResult =
  { status: 'succeeded'; paymentId: string } | { status: 'declined'; message: string };

export interface CardPaymentProvider {
  name: string;
  mode: 'test' | 'live';
  /** Charges the card now (create + confirm). Throws only when the provider cannot be reached. */
  charge(request: CardChargeRequest): Promise<CardChargeResult>;
}

export interface WalletOrderRequest {
  /** Integer cents, > 0. */
  amountCents: number;
  currency: Currency;
}

export interface WalletCaptureRequest {
  walletOrderId: string;
  /** The server's own total for the order being placed; a wallet order for another amount is not captured. */
  expectedAmountCents: number;
}

export type WalletCaptureResult =
  | { status: 'completed'; captureId: string }
  /** `issue` is the provider's first detail issue, e.g. PayPal's PAYEE_ACCOUNT_RESTRICTED (SPEC §8). */
  | { status: 'failed'; message: string; issue?: string };

export interface WalletPaymentProvider {
  name: string;
  mode: 'test' | 'live';
  /** Creates the wallet order the buyer then approves on the provider's site. */
  createOrder(request: WalletOrderRequest): Promise<{ walletOrderId: string }>;
  /** Captures an approved wallet order. Throws only when the provider cannot be reached. */
  capture(request: WalletCaptureRequest): Promise<WalletCaptureResult>;
}
