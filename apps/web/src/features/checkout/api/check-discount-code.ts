import type { DiscountCodeCheckResponse } from '@store/shared/discount-codes';
import { apiRequest, served } from '@/lib/api-client';

/**
 * `POST /api/discount-codes/check` `{ code, products: [{ id, quantity }], email? }` -> `{ data: CodeDiscount,
 * message }` (issue 34 §5): the discount the code gives these lines, in their order. A code that cannot be used
 * answers 400 with the reason, thrown as an `ApiError` with that message.
 */
export function checkDiscountCode(
  body: { code: string; products: { id: number; quantity: number }[]; email?: string },
  signal?: AbortSignal,
): Promise<DiscountCodeCheckResponse> {
  return apiRequest('/discount-codes/check', served<DiscountCodeCheckResponse>(), {
    method: 'POST',
    body,
    signal,
  });
}
