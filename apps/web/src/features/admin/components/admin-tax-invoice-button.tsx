import { taxInvoicePath } from '@store/shared/tax-invoice';
import { useState } from 'react';
import { downloadAdminFile } from '../api/admin-return-file';
import './admin-tax-invoice-button.css';

/**
 * The back office's "Tax invoice (PDF)" on an order (issue 18 §3): the invoice the customer gets, with its
 * adjustment notes listed on it. Downloaded with the staff member's bearer (decision 0044: the public id alone no
 * longer gives it), saved under the server's name, and any refusal shown beside the button.
 */
export function AdminTaxInvoiceButton({ orderId }: { orderId: string }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      await downloadAdminFile(taxInvoicePath(orderId).replace(/^\/api/, ''), 'tax-invoice.pdf');
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: error instanceof Error ? error.message : 'The download failed.' });
    }
  };
  return (
    <>
      <button
        type="button"
        className="admin-order__document-button"
        onClick={() => void download()}
        disabled={state.busy}
      >
        {state.busy ? 'Downloading…' : 'Tax invoice (PDF)'}
      </button>
      {state.error && (
        <span role="alert" className="admin-form__alert">
          {' '}
          {state.error}
        </span>
      )}
    </>
  );
}
