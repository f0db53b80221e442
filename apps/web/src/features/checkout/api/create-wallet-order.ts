import type { walletOrderResponseSchema } from '@store/shared/order';
import type { z } from 'zod';
import { apiRequest, served } from '@/lib/api-client';

/** The wallet order the server created, for its own total of the cart (never the browser's figure). */
export type WalletOrder = z.infer<typeof walletOrderResponseSchema>['data'];

/**
 * `POST /api/payments/wallet-orders` `{ products: [{ id, quantity }] }` -> `{ data: WalletOrder }` (SPEC §4
 * Wallet payment: "an order is created only if the total is above zero"). A zero total answers 400
 * 'Total amount must be greater than zero.', thrown as an `ApiError` with that message.
 */
export async function createWalletOrder(
  products: { id: number; quantity: number }[],
  signal?: AbortSignal,
  /** A member's chosen membership plan, so the wallet order is for the discounted total. */
  discountPlan?: number | null,
  /** The discount code applied at checkout (issue 34 §5), likewise. */
  discountCode?: string | null,
): Promise<WalletOrder> {
  const answer = await apiRequest('/payments/wallet-orders', served<{ data: WalletOrder }>(), {
    method: 'POST',
    body: {
      products: products.map(({ id, quantity }) => ({ id, quantity })),
      ...(discountPlan ? { discountPlan } : {}),
      ...(discountCode ? { discount_code: discountCode } : {}),
    },
    signal,
  });
  return answer.data;
}
