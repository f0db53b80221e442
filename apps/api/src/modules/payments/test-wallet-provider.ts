/**
 * The offline test wallet (DESIGN §3): stands in for PayPal's servers. It keeps its wallet orders in this
 * process's memory, which is acceptable only because it plays the provider's side (PayPal keeps them on
 * its own servers): a test wallet order lives as long as the process and is not shared between instances.
 * The buyer's approval on PayPal's site is played by `approve` (route
 * `POST /api/payments/test-wallet/:walletOrderId/approve`, registered only while this provider serves).
 */
import { randomBytes } from 'node:crypto';
import type { ProviderPaymentState, WalletCaptureResult, WalletPaymentProvider } from './payment-provider';
import { testRefund } from './test-card-provider';

/** Capped so a long-running test store stays small; the oldest wallet orders are forgotten first. */
const MAX_WALLET_ORDERS = 10_000;

interface TestWalletOrder {
  amountCents: number;
  approved: boolean;
  cancelled: boolean;
  captureId: string | null;
  /** The request that captured it: the same request again answers the same capture, as PayPal-Request-Id does. */
  captureKey: string | null;
}

export type TestWalletAction = 'done' | 'not_found' | 'already_captured';

/** The test wallet: the provider interface plus the buyer's side (approve or cancel on the wallet's site). */
export interface TestWalletProvider extends WalletPaymentProvider {
  mode: 'test';
  /** The buyer approves the payment. */
  approve(walletOrderId: string): TestWalletAction;
  /** The buyer cancels on the wallet's site; the order can no longer be captured unless approved again. */
  cancel(walletOrderId: string): TestWalletAction;
}

/**
 * createOrder stores {amount, approved: false}; capture succeeds only when the order exists, was approved,
 * was not cancelled or captured before, and its amount equals `expectedAmountCents`; a capture repeated with
 * the same idempotency key answers the first capture again. Failures carry
 * PayPal's issue names (RESOURCE_NOT_FOUND, ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED) or AMOUNT_MISMATCH.
 */
export function createTestWalletProvider(): TestWalletProvider {
  const walletOrders = new Map<string, TestWalletOrder>();

  const act = (walletOrderId: string, change: (o: TestWalletOrder) => void): TestWalletAction => {
    const order = walletOrders.get(walletOrderId);
    if (!order) return 'not_found';
    if (order.captureId) return 'already_captured';
    change(order);
    return 'done';
  };

  return {
    name: 'test-wallet',
    mode: 'test',
    async createOrder({ amountCents }) {
      if (!Number.isInteger(amountCents) || amountCents <= 0) {
        throw new RangeError(`Wallet order amount must be positive whole cents, got ${amountCents}`);
      }
      const walletOrderId = `TW${randomBytes(8).toString('hex').toUpperCase()}`;
      walletOrders.set(walletOrderId, {
        amountCents,
        approved: false,
        cancelled: false,
        captureId: null,
        captureKey: null,
      });
      if (walletOrders.size > MAX_WALLET_ORDERS) {
        const oldest = walletOrders.keys().next().value;
        if (oldest !== undefined) walletOrders.delete(oldest);
      }
      return { walletOrderId };
    },
    async capture({ walletOrderId, expectedAmountCents, idempotencyKey }): Promise<WalletCaptureResult> {
      const order = walletOrders.get(walletOrderId);
      if (!order) {
        return { status: 'failed', message: 'Wallet order not found', issue: 'RESOURCE_NOT_FOUND' };
      }
      if (order.captureId && order.captureKey === idempotencyKey) {
        return { status: 'completed', captureId: order.captureId };
      }
      if (order.captureId) {
        return {
          status: 'failed',
          message: 'Wallet order already captured',
          issue: 'ORDER_ALREADY_CAPTURED',
        };
      }
      if (!order.approved || order.cancelled) {
        return {
          status: 'failed',
          message: 'The buyer has not approved the payment',
          issue: 'ORDER_NOT_APPROVED',
        };
      }
      if (order.amountCents !== expectedAmountCents) {
        return {
          status: 'failed',
          message: `Wallet order is for ${order.amountCents} cents, the order totals ${expectedAmountCents}`,
          issue: 'AMOUNT_MISMATCH',
        };
      }
      order.captureId = `TWCAP${randomBytes(8).toString('hex').toUpperCase()}`;
      order.captureKey = idempotencyKey;
      return { status: 'completed', captureId: order.captureId };
    },
    async paymentState(walletOrderId): Promise<{ state: ProviderPaymentState; captureId?: string }> {
      const order = walletOrders.get(walletOrderId);
      if (!order) return { state: 'unknown' };
      if (order.captureId) return { state: 'completed', captureId: order.captureId };
      return { state: order.cancelled ? 'failed' : 'pending' };
    },
    async refund(request) {
      // The wallet's payment reference is the capture (TWCAP...); a wallet order id was never captured.
      return testRefund('TWREF', request, !request.paymentId.startsWith('TWCAP'));
    },
    async findRefund({ paymentId, idempotencyKey }) {
      // Stateless, as refund is: the refund with this key is the one refund would make (see testRefund).
      return testRefund('TWREF', { amountCents: 1, idempotencyKey }, !paymentId.startsWith('TWCAP'));
    },
    approve: (walletOrderId) =>
      act(walletOrderId, (o) => {
        o.approved = true;
        o.cancelled = false;
      }),
    cancel: (walletOrderId) =>
      act(walletOrderId, (o) => {
        o.approved = false;
        o.cancelled = true;
      }),
  };
}
