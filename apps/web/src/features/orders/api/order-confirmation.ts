/**
 * The thank-you page's calls (issue 37 §1, decision 0056): the order just placed, read again with the pass the
 * place-order answer gave this tab (or the owner's bearer), and "Create an account with this order".
 */
import type { AuthResponse } from '@store/shared/account';
import {
  accountFromOrderPath,
  orderConfirmationPath,
  type AccountFromOrderRequest,
  type OrderConfirmationResponse,
} from '@store/shared/order-confirmation';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, apiRequest, served } from '@/lib/api-client';

const apiPath = (path: string) => path.slice(API_BASE.length);

/** `POST /api/orders/{id}/confirmation` `{ pass }` -> the order with its buyer's fields and `account`. */
export function orderConfirmationQueryOptions(publicId: string, pass: string | undefined) {
  return queryOptions({
    queryKey: ['order-confirmation', publicId],
    queryFn: ({ signal }) =>
      apiRequest(apiPath(orderConfirmationPath(publicId)), served<OrderConfirmationResponse>(), {
        method: 'POST',
        body: pass ? { pass } : {},
        signal,
      }),
    // A 403 (pass expired) or 404 does not get better by asking again.
    retry: false,
  });
}

/** `POST /api/orders/{id}/account` `{ pass, password }` -> signed in as the new member; 409 when not possible. */
export function createAccountFromOrder(
  publicId: string,
  body: AccountFromOrderRequest,
): Promise<AuthResponse> {
  return apiRequest(apiPath(accountFromOrderPath(publicId)), served<AuthResponse>(), {
    method: 'POST',
    body,
    token: null,
  });
}
