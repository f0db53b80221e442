import type { ReturnableOrder } from '@store/shared/shopper-returns';
import { apiRequest, envelope, served } from '@/lib/api-client';

/** What finds an order to return: its number or public id, and the order's email (a member's own order needs none). */
export interface ReturnableOrderLookup {
  id: string;
  email: string;
}

/**
 * `POST /api/returnable-order` `{ id, email }` -> the order's lines with what is still returnable, its contact
 * details and its requests so far (issue 37 §3). A wrong email or an unknown order is `ApiError(404)`. The email
 * goes in the body, never in an address.
 */
export function findReturnableOrder(lookup: ReturnableOrderLookup): Promise<ReturnableOrder> {
  return apiRequest('/returnable-order', envelope(served<ReturnableOrder>()), {
    method: 'POST',
    body: lookup.email ? { id: lookup.id, email: lookup.email } : { id: lookup.id },
  });
}
