/**
 * The offline test wallet (DESIGN §3): these two calls stand in for the shopper approving or cancelling
 * on PayPal's own site. They exist only while the store runs the test wallet (`wallet_payments: 'test'`).
 */
import { apiRequest, served } from '@/lib/api-client';

export interface TestWalletAnswer {
  message: string;
}

/** `POST /api/payments/test-wallet/{id}/approve` -> `{ message }`: the shopper approved the payment. */
export function approveTestWalletOrder(
  walletOrderId: string,
  signal?: AbortSignal,
): Promise<TestWalletAnswer> {
  return apiRequest(
    `/payments/test-wallet/${encodeURIComponent(walletOrderId)}/approve`,
    served<TestWalletAnswer>(),
    { method: 'POST', signal },
  );
}

/** `POST /api/payments/test-wallet/{id}/cancel` -> `{ message }`: the shopper closed the wallet. */
export function cancelTestWalletOrder(
  walletOrderId: string,
  signal?: AbortSignal,
): Promise<TestWalletAnswer> {
  return apiRequest(
    `/payments/test-wallet/${encodeURIComponent(walletOrderId)}/cancel`,
    served<TestWalletAnswer>(),
    { method: 'POST', signal },
  );
}
