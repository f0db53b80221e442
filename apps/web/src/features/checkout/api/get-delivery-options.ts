import type { DeliveryQuoteRequest, DeliveryQuoteResponse } from '@store/shared/delivery-quote';
import { apiRequest, served } from '@/lib/api-client';

/**
 * `POST /api/delivery-options` `{ products: [{ id, quantity }], post_code, street_address, state }` -> every
 * delivery option with its charge and estimate or why this cart may not take it, and the stores to collect from
 * (issue 41, decision 0069). Errors are thrown as an `ApiError` with the server's message.
 */
export function getDeliveryOptions(
  body: DeliveryQuoteRequest,
  signal?: AbortSignal,
): Promise<DeliveryQuoteResponse> {
  return apiRequest('/delivery-options', served<DeliveryQuoteResponse>(), { method: 'POST', body, signal });
}
