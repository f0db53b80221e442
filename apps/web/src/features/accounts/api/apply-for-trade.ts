import type { TradeAccountView, TradeApplicationInput } from '@store/shared/trade-accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';
import { tradeAccountQueryOptions } from '@/lib/api/get-trade-account';
import { useSession } from '@/stores/session-store';

export interface TradeAnswer {
  message: string;
  data: TradeAccountView;
}

/**
 * `POST /api/trade/applications` (issue 39 §1) -> 201 `{ message, data }`; 400 with `errors: [{ field, message }]`,
 * 409 when the business already applied or the ABN has an account (`ApiError`).
 */
export function applyForTrade(body: TradeApplicationInput): Promise<TradeAnswer> {
  return apiRequest('/trade/applications', served<TradeAnswer>(), { method: 'POST', body, member: true });
}

/** Applies; on success the member's trade account is the server's answer (the page shows its status). */
export function useApplyForTrade() {
  const queryClient = useQueryClient();
  const userId = useSession()?.user.id ?? 0;
  return useMutation({
    mutationFn: applyForTrade,
    onSuccess: (answer) => queryClient.setQueryData(tradeAccountQueryOptions(userId).queryKey, answer.data),
  });
}
