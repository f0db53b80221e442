/**
 * Tax invoices and adjustment notes (issue 18 §3, decision 0036): the document numbers and the seller and buyer
 * details printed on them, kept with each document as they were when it was issued, so that a copy downloaded
 * later reads the same even after the store's settings or the member's business details change.
 */
import { isValidAbn, normalizeAbn } from './abn';
import {
  PAYMENT_STATUS_COMPLETED,
  PAYMENT_STATUS_DISPUTED,
  PAYMENT_STATUS_PARTIALLY_REFUNDED,
  PAYMENT_STATUS_REFUNDED,
} from './order-constants';

/** Payment statuses of an order whose payment was received: every such order has a tax invoice. */
export const INVOICED_PAYMENT_STATUSES: readonly string[] = [
  PAYMENT_STATUS_COMPLETED,
  PAYMENT_STATUS_PARTIALLY_REFUNDED,
  PAYMENT_STATUS_REFUNDED,
  PAYMENT_STATUS_DISPUTED,
];

/** Whether an order with this payment status has a tax invoice to download (its payment was received). */
export function hasTaxInvoice(paymentStatus: string): boolean {
  return INVOICED_PAYMENT_STATUSES.includes(paymentStatus);
}

/**
 * The seller as printed on a document: the store's business name, ABN (11 digits, or null: demo), address, email.
 * All of them come from the store settings (`store_name`, `abn`, `business_address`, `sales_email`), the one
 * source the mails' footer reads too (issue 34 §6, decision 0036 amended).
 */
export interface TaxDocumentSeller {
  name: string;
  /** 11 digits without spaces, or null when the settings hold no valid ABN (the demo store: a marked placeholder). */
  abn: string | null;
  address: string;
  email: string;
  /** The store's GST percentage when the document was issued; 0 means not registered for GST ("Invoice"). */
  gstPercent: number;
}

/** The buyer as printed: the billing name, and a business name and ABN when the buyer gave them. */
export interface TaxDocumentBuyer {
  name: string;
  email: string;
  address: string;
  businessName: string;
  /** As the buyer typed it (digits and spaces), '' when not given. */
  abn: string;
}

/** The ATO's threshold from which a tax invoice must show the buyer's identity or ABN: $1,000 including GST. */
export const BUYER_IDENTITY_THRESHOLD_CENTS = 100_000;

/** 123 -> "TI-000123": a tax invoice's number (its own gap-free series, decision 0036). */
export function formatTaxInvoiceNumber(n: number): string {
  return `TI-${String(n).padStart(6, '0')}`;
}

/** 7 -> "ADJ-000007": an adjustment note's number (its own gap-free series, decision 0036). */
export function formatAdjustmentNoteNumber(n: number): string {
  return `ADJ-${String(n).padStart(6, '0')}`;
}

/** "ADJ-000007" -> 7; null when the text is not an adjustment note number. */
export function parseAdjustmentNoteNumber(text: string): number | null {
  const m = /^ADJ-(\d{6,9})$/.exec(text);
  return m ? Number(m[1]) : null;
}

/**
 * What the order document calls answer when there is no document to give (issue 18 §3), or not to this caller
 * (issue 43 §5, decision 0044: the owner signed in, staff, whoever gives the order's email, or a signed link).
 */
export const TAX_INVOICE_MESSAGES = {
  notFound: 'No Order Found',
  notPaid:
    'This order has no tax invoice yet: an invoice is issued once its payment is received. Please try again after paying.',
  noteNotFound: 'No adjustment note with this number for this order',
  forbidden:
    "This order's documents are for the person who placed it. Sign in to the account that placed it, use the link in " +
    'the order confirmation mail, or open the order from Track Order and enter the email it was placed with.',
  linkExpired:
    'This download link has expired. Open the order from Track Order and enter the email it was placed with to ' +
    'download it again.',
  emailMismatch:
    'That is not the email this order was placed with. Enter the email address from your order confirmation.',
  emailRequired: 'Enter the email address this order was placed with.',
} as const;

/** Shown in place of the seller's ABN when the store settings hold none (the demo store, decision 0036). */
export const DEMO_ABN_PLACEHOLDER = 'DEMO STORE — not a valid ABN';

/**
 * The seller's ABN from the store setting `abn` as typed ("51 824 753 556"): its 11 digits when the ATO's check
 * digits add up, else null (not set, or not an ABN: documents then print `DEMO_ABN_PLACEHOLDER` and mails none).
 * Every mail and document reads the seller's ABN through this (issue 34 §6).
 */
export function sellerAbnOf(settingAbn: string): string | null {
  return isValidAbn(settingAbn) ? normalizeAbn(settingAbn) : null;
}

/**
 * "Tax invoice TI-000002 for order INV-001002" (issue 34 §6): the invoice's own number and the order number people
 * know, in one line; "Invoice … for order …" from a store not registered for GST.
 */
export function taxInvoiceTitle(invoiceNumber: string, orderNumber: string, showsGst: boolean): string {
  return `${showsGst ? 'Tax invoice' : 'Invoice'} ${invoiceNumber} for order ${orderNumber}`;
}

/** "Adjustment note ADJ-000007 for order INV-001002": a note's number and the order's, in one line. */
export function adjustmentNoteTitle(noteNumber: string, orderNumber: string): string {
  return `Adjustment note ${noteNumber} for order ${orderNumber}`;
}

/**
 * The address of an order's tax invoice PDF. It answers the order's owner signed in, staff, or a signed link
 * (`?expires=…&signature=…`, decision 0044); the web app asks `orderDocumentLinksPath` for signed ones.
 */
export function taxInvoicePath(orderPublicId: string): string {
  return `/api/orders/${encodeURIComponent(orderPublicId)}/tax-invoice`;
}

/** The address of an order's list of adjustment notes (JSON), under the same rule as the invoice. */
export function adjustmentNotesPath(orderPublicId: string): string {
  return `/api/orders/${encodeURIComponent(orderPublicId)}/adjustment-notes`;
}

/** The address of one adjustment note's PDF, `number` as printed ("ADJ-000007"). */
export function adjustmentNotePath(orderPublicId: string, number: string): string {
  return `${adjustmentNotesPath(orderPublicId)}/${encodeURIComponent(number)}`;
}

/**
 * `POST` here, with the owner's or staff's bearer or `{ email }` of the order, answers signed links to the order's
 * documents (decision 0044). The email goes in the body, never in an address (addresses are logged).
 */
export function orderDocumentLinksPath(orderPublicId: string): string {
  return `/api/orders/${encodeURIComponent(orderPublicId)}/document-links`;
}

/** The query parameters of a signed document link: seconds since 1970 (UTC) and the HMAC, base64url. */
export const SIGNED_LINK_EXPIRES_PARAM = 'expires';
export const SIGNED_LINK_SIGNATURE_PARAM = 'signature';
