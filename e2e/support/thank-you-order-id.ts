/**
 * The order's public id as the thank-you page carries it: in its "Download tax invoice" link
 * (`/api/orders/<id>/tax-invoice?expires=…`, `taxInvoicePath` of @store/shared/tax-invoice). The page shows the
 * order number, not the public id (issue 37 §1).
 */
import type { Page } from '@playwright/test';

export async function thankYouOrderId(page: Page): Promise<string> {
  const href = await page.getByRole('link', { name: 'Download tax invoice' }).getAttribute('href');
  const id = /\/api\/orders\/([^/?]+)\/tax-invoice/.exec(href ?? '')?.[1];
  if (!id) throw new Error(`the thank-you page's tax invoice link names no order: ${href}`);
  return decodeURIComponent(id);
}
