import type { DeliveryQuoteRequest, DeliveryQuoteResponse } from '@store/shared/delivery-quote';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { getDeliveryOptions } from '../api/get-delivery-options';

/** How long the cart, post code and street must be still before the options are asked again (ms). */
export const DELIVERY_QUOTE_DEBOUNCE_MS = 400;

/**
 * The delivery options for the cart and where it goes (issue 41), asked again once the cart, the post code or the
 * street has stopped changing; the previous answer stays shown meanwhile. A post code that is not four digits yet
 * is sent as '' (the server then asks for it on the delivered options, and still lists click & collect).
 */
export function useDeliveryQuote(request: DeliveryQuoteRequest) {
  // Debounced as text: a new object every render would restart the timer for ever.
  const asked = useDebouncedValue(
    JSON.stringify({
      ...request,
      post_code: /^\d{4}$/.test(request.post_code.trim()) ? request.post_code.trim() : '',
    }),
    DELIVERY_QUOTE_DEBOUNCE_MS,
  );
  const body = JSON.parse(asked) as DeliveryQuoteRequest;
  return useQuery<DeliveryQuoteResponse>({
    queryKey: ['delivery-options', asked],
    queryFn: ({ signal }) => getDeliveryOptions(body, signal),
    enabled: body.products.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
