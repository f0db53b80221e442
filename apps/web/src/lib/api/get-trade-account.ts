/**
 * The signed-in member's trade account (issue 39, decision 0066): `GET /api/trade/account` answers their business
 * (status, terms, credit, open invoices, statements, users) or null when they have none. One query per member,
 * read by the account pages, the header's account menu, the checkout's "On account" choice and the trade prices.
 */
import { buysAsBusiness } from '@store/shared/buys-as-business';
import type { TradeAccountView } from '@store/shared/trade-accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';
import { useSession } from '@/stores/session-store';

/** `GET /api/trade/account` (bearer) -> `{ data: TradeAccountView | null }` (issue 39). */
export async function getTradeAccount(signal?: AbortSignal): Promise<TradeAccountView | null> {
  const answer = await apiRequest('/trade/account', served<{ data: TradeAccountView | null }>(), {
    member: true,
    signal,
  });
  return answer.data;
}

/** The query of member `userId`'s trade account: kept a minute, as other account reads. */
export function tradeAccountQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['account', 'trade', userId],
    queryFn: ({ signal }) => getTradeAccount(signal),
  });
}

/** The signed-in member's trade account (issue 39); nothing is asked while signed out (data undefined). */
export function useTradeAccount() {
  const userId = useSession()?.user.id ?? null;
  return useQuery({ ...tradeAccountQueryOptions(userId ?? 0), enabled: userId !== null });
}

/** Whether the signed-in member buys for an approved trade account (issue 39): trade prices, quick order, on account. */
export function useIsTradeBuyer(): boolean {
  return useTradeAccount().data?.status === 'approved';
}

/**
 * Whether the signed-in member buys as a business (`buysAsBusiness`: approved or suspended trade account, issue 40):
 * no Afterpay for them.
 */
export function useBuysAsBusiness(): boolean {
  return buysAsBusiness(useTradeAccount().data?.status);
}
