import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';
import { tradeAccountQueryOptions } from '@/lib/api/get-trade-account';
import { useSession } from '@/stores/session-store';
import type { TradeAnswer } from './apply-for-trade';

/** `POST /api/trade/users` `{ email }` (issue 39 §5, the owner only) -> `{ message, data }` with the new user. */
export function addTradeUser(email: string): Promise<TradeAnswer> {
  return apiRequest('/trade/users', served<TradeAnswer>(), { method: 'POST', body: { email }, member: true });
}

/** `DELETE /api/trade/users/{userId}` (issue 39 §5, the owner only) -> `{ message, data }` without them. */
export function removeTradeUser(userId: number): Promise<TradeAnswer> {
  return apiRequest(`/trade/users/${userId}`, served<TradeAnswer>(), { method: 'DELETE', member: true });
}

/** The owner's add and remove (issue 39 §5); each success lays the server's account over the one shown. */
export function useChangeTradeUsers() {
  const queryClient = useQueryClient();
  const userId = useSession()?.user.id ?? 0;
  const onSuccess = (answer: TradeAnswer) =>
    queryClient.setQueryData(tradeAccountQueryOptions(userId).queryKey, answer.data);
  return {
    add: useMutation({ mutationFn: addTradeUser, onSuccess }),
    remove: useMutation({ mutationFn: removeTradeUser, onSuccess }),
  };
}
