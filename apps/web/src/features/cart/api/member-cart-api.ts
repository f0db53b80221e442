import type { MemberCart } from '@store/shared/member-cart';
import type { CartQuantity } from '@store/shared/member-cart-lines';
import { ApiError, apiRequest, served } from '@/lib/api-client';

/** `GET /api/cart` (decision 0060): the member's cart kept with the account. */
export async function fetchMemberCart(): Promise<MemberCart> {
  const answer = await apiRequest('/cart', served<{ data: MemberCart }>(), { member: true });
  return answer.data;
}

/**
 * `PUT /api/cart`: saves the whole cart built on `version`. Answers the stored cart and whether this save was
 * stored; a 409 (the cart changed meanwhile) answers the stored cart with `saved: false`.
 */
export async function saveMemberCart(
  version: number,
  lines: readonly CartQuantity[],
): Promise<{ saved: boolean; cart: MemberCart }> {
  try {
    const answer = await apiRequest('/cart', served<{ data: MemberCart }>(), {
      method: 'PUT',
      body: { version, lines },
      member: true,
    });
    return { saved: true, cart: answer.data };
  } catch (error) {
    const stored = (error as { body?: { data?: MemberCart } }).body?.data;
    if (error instanceof ApiError && error.status === 409 && stored) return { saved: false, cart: stored };
    throw error;
  }
}
