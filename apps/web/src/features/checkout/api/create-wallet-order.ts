import type { DeliveryOption } from '@store/shared/delivery-rules';
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
  /** Issue 41: the chosen delivery option and where it goes (`walletDeliveryOf`), so the total includes its charge. */
  delivery?: WalletDelivery | null,
): Promise<WalletOrder> {
  const answer = await apiRequest('/payments/wallet-orders', served<{ data: WalletOrder }>(), {
    method: 'POST',
    body: {
      products: products.map(({ id, quantity }) => ({ id, quantity })),
      ...(discountPlan ? { discountPlan } : {}),
      ...(discountCode ? { discount_code: discountCode } : {}),
      ...(delivery ?? {}),
    },
    signal,
  });
  return answer.data;
}

/** The delivery fields of the wallet order's request (issue 41), as place-order will get them. */
export interface WalletDelivery {
  delivery_option: DeliveryOption;
  collect_location_id: number | null;
  post_code: string;
  street_address: string;
  state: string;
}

/**
 * The delivery of the saved checkout's order for the wallet order: its option and the address it goes to (the
 * shipping one when ticked). Null for checkout data saved without an option (standard at the cart's rule).
 */
export function walletDeliveryOf(order: {
  delivery_option?: DeliveryOption | undefined;
  collect_location_id?: number | null | undefined;
  ship_to_different_address?: boolean | undefined;
  post_code: string;
  street_address: string;
  state: string;
  s_post_code?: string | undefined;
  s_street_address?: string | undefined;
  s_state?: string | undefined;
}): WalletDelivery | null {
  if (!order.delivery_option) return null;
  const s = order.ship_to_different_address === true;
  return {
    delivery_option: order.delivery_option,
    collect_location_id: order.collect_location_id ?? null,
    post_code: (s ? (order.s_post_code ?? '') : order.post_code).trim(),
    street_address: s ? (order.s_street_address ?? '') : order.street_address,
    state: s ? (order.s_state ?? '') : order.state,
  };
}
