/**
 * The offline test card provider's 3-D Secure (DESIGN §3): these two calls stand in for the shopper
 * confirming, or failing to confirm, a payment on their bank's page. They exist only while the store runs
 * the test card provider (`card_payments: 'test'`). Each answers `{ message }`; 404 when the payment is
 * unknown, 409 when it is not waiting for confirmation (thrown as an `ApiError`).
 */
import { apiRequest, served } from '@/lib/api-client';

export interface TestCardAnswer {
  message: string;
}

function post(
  paymentId: string,
  action: 'authenticate' | 'fail',
  clientSecret: string,
  signal?: AbortSignal,
) {
  return apiRequest(
    `/payments/test-card/${encodeURIComponent(paymentId)}/${action}`,
    served<TestCardAnswer>(),
    { method: 'POST', body: { client_secret: clientSecret }, signal },
  );
}

/** `POST /api/payments/test-card/{paymentId}/authenticate` `{ client_secret }`: the shopper confirmed. */
export function authenticateTestCardPayment(
  paymentId: string,
  clientSecret: string,
  signal?: AbortSignal,
): Promise<TestCardAnswer> {
  return post(paymentId, 'authenticate', clientSecret, signal);
}

/** `POST /api/payments/test-card/{paymentId}/fail` `{ client_secret }`: the shopper did not confirm. */
export function failTestCardPayment(
  paymentId: string,
  clientSecret: string,
  signal?: AbortSignal,
): Promise<TestCardAnswer> {
  return post(paymentId, 'fail', clientSecret, signal);
}
