import type { OrderDocumentLinks } from '@store/shared/order-documents';
import { orderDocumentLinksPath } from '@store/shared/tax-invoice';
import { apiRequest, envelope, served } from '@/lib/api-client';

/**
 * `POST /api/orders/{public id}/document-links` (issue 43 §5, decision 0044): signed links to the order's tax invoice
 * and adjustment notes, for a day. The member's bearer goes with it when signed in (the owner's right); `email` is
 * the order's email for anyone else, sent in the body, never in an address. A refusal throws `ApiError(403)` with the
 * server's message ("That is not the email this order was placed with…").
 */
export function getOrderDocumentLinks(orderId: string, email?: string): Promise<OrderDocumentLinks> {
  const path = orderDocumentLinksPath(orderId).replace(/^\/api/, '');
  return apiRequest(path, envelope(served<OrderDocumentLinks>()), {
    method: 'POST',
    body: email === undefined ? {} : { email },
  });
}

/**
 * Starts the browser's download of a signed document link: the API answers it as an attachment, so the page stays
 * where it is.
 */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
