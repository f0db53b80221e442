/** The back office's exports and sales report (issue 36 §4). */
import type { ExportKind } from '@store/shared/admin-exports';
import type { ReportSection, SalesReport, SalesReportQuery } from '@store/shared/admin-reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiUrl, served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';
import { downloadAdminFile } from './admin-return-file';

type Query = Record<string, string | number | undefined>;

/** The path with its query, without the `/api` prefix (the download adds it). */
function withQuery(path: string, query: Query): string {
  return apiUrl(path, query).replace(/^\/api/, '');
}

/** Saves `GET /api/admin/{kind}.csv` (with the list's filters for orders) as a file; answers its name. */
export function downloadExport(kind: ExportKind, query: Query = {}): Promise<string> {
  return downloadAdminFile(withQuery(`/admin/${kind}.csv`, query), `${kind}.csv`);
}

/** `GET /api/admin/reports/sales` for the period asked. */
export function useSalesReport(query: Partial<SalesReportQuery>) {
  return useQuery({
    queryKey: ['admin', 'reports', 'sales', query],
    queryFn: ({ signal }) =>
      adminRequest('/admin/reports/sales', served<SalesReport>(), { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Saves one section of the sales report as CSV; answers its name. */
export function downloadSalesReportCsv(
  query: Partial<SalesReportQuery>,
  section: ReportSection,
): Promise<string> {
  return downloadAdminFile(
    withQuery('/admin/reports/sales.csv', { ...query, section }),
    `sales-${section}.csv`,
  );
}
