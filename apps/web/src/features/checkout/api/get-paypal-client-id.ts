import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';

/** base64 -> the UTF-8 text it encodes (`atob` alone would read it as Latin-1). */
export function decodeBase64Utf8(base64: string): string {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * `GET /api/encrypted-paypal-keys` -> `{ key }` (SPEC §7): PayPal's public client id, base64-encoded, which
 * the wallet button loads PayPal's script with. The server answers 404 when it runs the test wallet.
 */
export async function getPayPalClientId(signal?: AbortSignal): Promise<string> {
  const answer = await apiRequest('/encrypted-paypal-keys', served<{ key: string }>(), { signal });
  return decodeBase64Utf8(answer.key);
}

export function payPalClientIdQueryOptions() {
  return queryOptions({
    queryKey: ['paypal-client-id'],
    queryFn: ({ signal }) => getPayPalClientId(signal),
    // The client id changes only with the store's PayPal account.
    staleTime: Infinity,
  });
}

export function usePayPalClientId() {
  return useQuery(payPalClientIdQueryOptions());
}
