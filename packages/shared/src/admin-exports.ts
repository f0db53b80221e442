/**
 * The back office's CSV exports on the wire (issue 36 §4): the columns of the orders export (for the accountant's
 * BAS: each order's money from its stored breakdown, GST per order), the products export and the customers export
 * (members and guest buyers, one row per email), and the files' names. Admins only. The files are UTF-8 with a
 * byte-order mark, so Excel reads them as UTF-8; money is dollars with two decimals ("66.50"), dates are Sydney
 * calendar days (yyyy-mm-dd). One source for the API and the buttons that download them.
 */

/** The orders export's columns, in order. Money as charged (GST included since decision 0046). */
export const ORDER_EXPORT_COLUMNS = [
  { key: 'order_number', header: 'Order number' },
  { key: 'tax_invoice_number', header: 'Tax invoice number' },
  { key: 'date', header: 'Date' },
  { key: 'status', header: 'Status' },
  { key: 'payment_status', header: 'Payment status' },
  { key: 'customer', header: 'Customer' },
  { key: 'email', header: 'Email' },
  { key: 'business_name', header: 'Business name' },
  { key: 'abn', header: 'ABN' },
  { key: 'subtotal', header: 'Subtotal' },
  { key: 'discounts', header: 'Discounts' },
  { key: 'delivery_charge', header: 'Delivery charge' },
  { key: 'total', header: 'Total' },
  { key: 'gst', header: 'GST' },
  { key: 'refunded', header: 'Refunded' },
] as const;

export const PRODUCT_EXPORT_COLUMNS = [
  { key: 'sku', header: 'SKU' },
  { key: 'title', header: 'Title' },
  { key: 'category', header: 'Category' },
  { key: 'child_category', header: 'Child category' },
  { key: 'brand', header: 'Brand' },
  { key: 'price', header: 'Price (inc. GST)' },
  { key: 'sale_price', header: 'Sale price (inc. GST)' },
  { key: 'stock', header: 'Stock' },
  { key: 'reorder_level', header: 'Reorder level' },
  { key: 'part_numbers', header: 'Part numbers' },
  { key: 'archived', header: 'Archived' },
] as const;

export const CUSTOMER_EXPORT_COLUMNS = [
  { key: 'email', header: 'Email' },
  { key: 'name', header: 'Name' },
  { key: 'type', header: 'Type' },
  { key: 'phone', header: 'Phone' },
  { key: 'business_name', header: 'Business name' },
  { key: 'abn', header: 'ABN' },
  { key: 'orders', header: 'Orders' },
  { key: 'total_spent', header: 'Total spent' },
  { key: 'last_order_date', header: 'Last order date' },
] as const;

/** The customers export's words for who the customer is. */
export const CUSTOMER_EXPORT_TYPES = { member: 'Member', guest: 'Guest' } as const;

export const EXPORT_KINDS = ['orders', 'products', 'customers'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The export's file name for a Sydney calendar day, e.g. 'orders-2026-11-25.csv'. */
export function exportFileName(kind: ExportKind | `sales-${string}`, day: string): string {
  return `${kind}-${day}.csv`;
}

/** The byte-order mark the files start with (Excel opens a CSV as UTF-8 only with it). */
export const UTF8_BOM = '\uFEFF';

export const EXPORT_LABELS = {
  button: 'Export CSV',
  downloading: 'Preparing the CSV…',
  done: (name: string) => `Downloaded ${name}.`,
} as const;
