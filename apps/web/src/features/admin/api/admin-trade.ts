/**
 * The back office's trade account calls (issue 39 §6): applications and their decision, accounts (list, detail,
 * changes, payments, statements), the ageing report, and price lists (list, one, save, delete, rule targets,
 * preview). Shapes and messages in `@store/shared/trade-accounts`.
 */
import type { AuditEntry } from '@store/shared/admin';
import type {
  AdminAgeingReport,
  AdminTradeAccountDetail,
  AdminTradeAccountRow,
  AdminTradeApplication,
  PriceList,
  PriceListPreview,
  TradeAccountStatus,
  TradeTerms,
} from '@store/shared/trade-accounts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';
import { downloadAdminFile } from './admin-return-file';

type DetailAnswer = { data: AdminTradeAccountDetail; message: string };

/** `GET /api/admin/trade-applications?status=`. */
export function useAdminTradeApplications(status?: TradeAccountStatus) {
  return useQuery({
    queryKey: ['admin', 'trade-applications', status ?? 'all'],
    queryFn: ({ signal }) =>
      adminRequest('/admin/trade-applications', served<{ data: AdminTradeApplication[] }>(), {
        query: status ? { status } : {},
        signal,
      }),
  });
}

/** `GET /api/admin/trade-accounts?search=&status=`. */
export function useAdminTradeAccounts(query: { search?: string; status?: TradeAccountStatus }) {
  return useQuery({
    queryKey: ['admin', 'trade-accounts', query],
    queryFn: ({ signal }) =>
      adminRequest('/admin/trade-accounts', served<{ data: AdminTradeAccountRow[] }>(), {
        query: { ...query },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/admin/trade-ageing`. */
export function useAdminTradeAgeing() {
  return useQuery({
    queryKey: ['admin', 'trade-ageing'],
    queryFn: ({ signal }) => adminRequest('/admin/trade-ageing', served<AdminAgeingReport>(), { signal }),
  });
}

/** `GET /api/admin/trade-accounts/{id}` -> `{ data, audit }`. */
export function useAdminTradeAccount(id: number) {
  return useQuery({
    queryKey: ['admin', 'trade-account', id],
    queryFn: ({ signal }) =>
      adminRequest(
        `/admin/trade-accounts/${id}`,
        served<{ data: AdminTradeAccountDetail; audit: AuditEntry[] }>(),
        { signal },
      ),
  });
}

/** After a change: the account's page, the lists and the report read again. */
function useRefreshTrade() {
  const queryClient = useQueryClient();
  return () => {
    for (const key of [
      'trade-account',
      'trade-accounts',
      'trade-applications',
      'trade-ageing',
      'price-lists',
    ])
      void queryClient.invalidateQueries({ queryKey: ['admin', key] });
  };
}

export type TradeDecisionBody =
  | { decision: 'approve'; price_list_ids: number[]; credit_limit: string; terms: TradeTerms }
  | { decision: 'decline'; reason: string };

/** `POST /api/admin/trade-accounts/{id}/decision`. */
export function useDecideTradeApplication(id: number) {
  const refresh = useRefreshTrade();
  return useMutation({
    mutationFn: (body: TradeDecisionBody) =>
      adminRequest(`/admin/trade-accounts/${id}/decision`, served<DetailAnswer>(), { method: 'POST', body }),
    onSettled: refresh,
  });
}

export interface TradeAccountUpdateBody {
  status?: 'approved' | 'suspended';
  price_list_ids?: number[];
  credit_limit?: string;
  terms?: TradeTerms;
}

/** `PATCH /api/admin/trade-accounts/{id}`. */
export function useUpdateTradeAccount(id: number) {
  const refresh = useRefreshTrade();
  return useMutation({
    mutationFn: (body: TradeAccountUpdateBody) =>
      adminRequest(`/admin/trade-accounts/${id}`, served<DetailAnswer>(), { method: 'PATCH', body }),
    onSettled: refresh,
  });
}

/** `POST /api/admin/trade-accounts/{id}/payments`. */
export function useRecordTradePayment(id: number) {
  const refresh = useRefreshTrade();
  return useMutation({
    mutationFn: (body: { amount: string; reference: string; received_day?: string }) =>
      adminRequest(`/admin/trade-accounts/${id}/payments`, served<DetailAnswer>(), { method: 'POST', body }),
    onSettled: refresh,
  });
}

/** `POST /api/admin/trade-accounts/{id}/statements/{month}/mail`. */
export function useMailStatement(id: number) {
  return useMutation({
    mutationFn: (month: string) =>
      adminRequest(`/admin/trade-accounts/${id}/statements/${month}/mail`, served<{ message: string }>(), {
        method: 'POST',
      }),
  });
}

/** Saves the statement PDF of `month`. */
export function downloadStatement(id: number, month: string): Promise<string> {
  return downloadAdminFile(`/admin/trade-accounts/${id}/statements/${month}`, `statement-${month}.pdf`);
}

/** `GET /api/admin/price-lists`. */
export function useAdminPriceLists() {
  return useQuery({
    queryKey: ['admin', 'price-lists'],
    queryFn: ({ signal }) => adminRequest('/admin/price-lists', served<{ data: PriceList[] }>(), { signal }),
  });
}

/** `GET /api/admin/price-lists/{id}`. */
export function useAdminPriceList(id: number) {
  return useQuery({
    queryKey: ['admin', 'price-list', id],
    queryFn: ({ signal }) =>
      adminRequest(`/admin/price-lists/${id}`, served<{ data: PriceList; audit: AuditEntry[] }>(), {
        signal,
      }),
  });
}

export interface PriceListRuleBody {
  scope: PriceList['rules'][number]['scope'];
  target_id: number | null;
  percent_off: number | null;
  fixed_price: string | null;
}

/** `POST /api/admin/price-lists` (id null) or `PUT /api/admin/price-lists/{id}`. */
export function useSavePriceList(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; rules: PriceListRuleBody[] }) =>
      adminRequest(
        id === null ? '/admin/price-lists' : `/admin/price-lists/${id}`,
        served<{ data: PriceList; message: string }>(),
        { method: id === null ? 'POST' : 'PUT', body },
      ),
    onSuccess: (answer) => {
      // The list and its audit trail (the change just made) read again.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'price-list', answer.data.id] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'price-lists'] });
    },
  });
}

/** `DELETE /api/admin/price-lists/{id}`. */
export function useDeletePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      adminRequest(`/admin/price-lists/${id}`, served<{ message: string }>(), { method: 'DELETE' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'price-lists'] }),
  });
}

export type RuleTargetScope = 'product' | 'brand' | 'child_category' | 'category';

/** `GET /api/admin/price-lists/targets?scope=&search=`. */
export function useRuleTargets(scope: RuleTargetScope, search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'price-rule-targets', scope, search],
    queryFn: ({ signal }) =>
      adminRequest(
        '/admin/price-lists/targets',
        served<{ data: { id: number; name: string; price: string | null }[] }>(),
        { query: { scope, search }, signal },
      ),
    enabled,
  });
}

/** `GET /api/admin/price-lists/preview?sku=&account_id=|price_list_id=`. */
export function usePricePreview() {
  return useMutation({
    mutationFn: (query: { sku: string; account_id?: number; price_list_id?: number }) =>
      adminRequest('/admin/price-lists/preview', served<{ data: PriceListPreview }>(), {
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      }),
  });
}
