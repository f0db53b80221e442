import { FULFILMENT_LABELS } from '@store/shared/admin-fulfilment';
import { ApiError } from '@/lib/api-client';
import { useSendLowStockReport } from '../api/admin-fulfilment';

/**
 * The dashboard's "Send low-stock report now" (issue 36 §4): the daily report to the store's sales address, on
 * demand (for checking the mail, or after a delivery came in); says what was sent, or that nothing is low.
 */
export function AdminLowStockReportButton() {
  const send = useSendLowStockReport();
  return (
    <div className="admin-low-stock-report">
      <button
        type="button"
        className="button admin-button--secondary"
        disabled={send.isPending}
        onClick={() => send.mutate()}
      >
        {send.isPending ? 'Sending…' : FULFILMENT_LABELS.lowStockNow}
      </button>
      <p role="status">
        {send.data?.message ??
          (send.error
            ? send.error instanceof ApiError
              ? send.error.message
              : 'The report was not sent.'
            : '')}
      </p>
    </div>
  );
}
