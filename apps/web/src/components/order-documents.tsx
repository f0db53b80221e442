import type { OrderDocumentLinks } from '@store/shared/order-documents';
import { TAX_INVOICE_MESSAGES } from '@store/shared/tax-invoice';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { getOrderDocumentLinks, startDownload } from '@/lib/api/get-order-document-links';
import './order-documents.css';

/** The email field's label: the footer's newsletter field is "Email address" too. */
export const ORDER_EMAIL_LABEL = "Order's email address";

/** Shown when asking for the links fails for any reason but a refusal the server explains. */
export const ORDER_DOCUMENTS_FAILED = 'The download could not start. Please try again.';

function problemOf(error: unknown): string {
  return error instanceof ApiError && error.status < 500 && error.status !== 429
    ? error.message
    : ORDER_DOCUMENTS_FAILED;
}

/**
 * Asks for the order's signed document links (decision 0044) and starts the tax invoice's download. Answers the
 * links (shown so the notes can be had too, and the invoice again), or the problem to show.
 */
async function fetchAndDownload(
  orderId: string,
  email?: string,
): Promise<{ links: OrderDocumentLinks } | { problem: string }> {
  try {
    const links = await getOrderDocumentLinks(orderId, email);
    if (!links.tax_invoice) return { problem: TAX_INVOICE_MESSAGES.notPaid };
    startDownload(links.tax_invoice.url);
    return { links };
  } catch (error) {
    return { problem: problemOf(error) };
  }
}

/** The invoice and its adjustment notes as links, signed for a day. */
function DocumentLinks({ links }: { links: OrderDocumentLinks }) {
  return (
    <ul className="order-documents__list" aria-label="Documents for this order">
      {links.tax_invoice && (
        <li>
          <a href={links.tax_invoice.url} download>
            Tax invoice {links.tax_invoice.number} (PDF)
          </a>
        </li>
      )}
      {links.adjustment_notes.map((n) => (
        <li key={n.number}>
          <a href={n.url} download>
            Adjustment note {n.number} (PDF)
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * A paid order's tax invoice and adjustment notes on the order details and tracking pages (issue 18 §3; issue 43
 * §5, decision 0044: the public id alone does not give them). The order's owner signed in (`owner`: the page was
 * answered the customer fields) downloads with one press; anyone else first gives the email the order was placed
 * with, which goes to the API in a request body, never in an address.
 */
export function OrderDocuments({ orderId, owner }: { orderId: string; owner: boolean }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [links, setLinks] = useState<OrderDocumentLinks | null>(null);
  const emailId = useId();
  const problemId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!owner && email.trim() === '') {
      setProblem(TAX_INVOICE_MESSAGES.emailRequired);
      return;
    }
    setBusy(true);
    setProblem('');
    const outcome = await fetchAndDownload(orderId, owner ? undefined : email.trim());
    setBusy(false);
    if ('problem' in outcome) setProblem(outcome.problem);
    else setLinks(outcome.links);
  }

  return (
    <section className="order-documents" aria-label="Tax invoice">
      <form className="order-documents__form" onSubmit={(e) => void onSubmit(e)} noValidate>
        {!owner && (
          <>
            <p className="order-documents__intro">
              To download the tax invoice, enter the email address this order was placed with.
            </p>
            <label htmlFor={emailId}>{ORDER_EMAIL_LABEL}</label>
          </>
        )}
        <div className="order-documents__controls">
          {!owner && (
            <input
              id={emailId}
              className="order-documents__input"
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={problem !== '' || undefined}
              aria-describedby={problem ? problemId : undefined}
            />
          )}
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Preparing...' : 'Download tax invoice (PDF)'}
          </button>
        </div>
        {problem && (
          <p id={problemId} className="notice notice--error" role="alert">
            {problem}
          </p>
        )}
      </form>
      {links && <DocumentLinks links={links} />}
    </section>
  );
}

/**
 * Order History's "Tax invoice" for one of the member's own orders: a press asks for a signed link with the
 * member's bearer and starts the download (decision 0044).
 */
export function TaxInvoiceButton({ orderId, invoiceNumber }: { orderId: string; invoiceNumber: string }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  async function onClick() {
    if (busy) return;
    setBusy(true);
    setProblem('');
    const outcome = await fetchAndDownload(orderId);
    setBusy(false);
    if ('problem' in outcome) setProblem(outcome.problem);
  }

  return (
    <>
      <button
        type="button"
        className="order-documents__link-button"
        onClick={() => void onClick()}
        disabled={busy}
        aria-label={`Tax invoice for order ${invoiceNumber} (PDF)`}
      >
        Tax invoice
      </button>
      {problem && (
        <span className="order-documents__problem" role="alert">
          {' '}
          {problem}
        </span>
      )}
    </>
  );
}
