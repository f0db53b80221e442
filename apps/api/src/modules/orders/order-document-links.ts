/**
 * Signed links to an order's documents (issue 43 §5, decision 0044): `…/tax-invoice?expires=1767225600&signature=…`
 * opens the document for whoever holds the link until `expires` (seconds since 1970, UTC), without signing in or
 * giving the order's email. The signature is HMAC-SHA256 over the order's public id, the document
 * ('tax-invoice', 'adjustment-notes' or a note's number 'ADJ-000007') and the expiry, with a key the store makes
 * for itself on first use (`store_secrets`, shared by every instance), so a link signed by one instance opens on
 * another, and changing any of the three breaks it. Links carry no email nor name (addresses are logged).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  SIGNED_LINK_EXPIRES_PARAM,
  SIGNED_LINK_SIGNATURE_PARAM,
  hasTaxInvoice,
  taxInvoicePath,
} from '@store/shared/tax-invoice';
import type { Database } from '../../db/client';
import { readStoreSecret } from '../../db/read-store-secret';

/** The name of the signing key in `store_secrets`. */
export const ORDER_DOCUMENT_LINKS_SECRET = 'order_document_links';
/** Links handed to a page (the place-order answer, a document-links answer): a day, seconds. */
export const PAGE_LINK_TTL_SECONDS = 24 * 60 * 60;
/** The link in the order confirmation mail: 90 days, a quarter's GST return; later, Track Order and the email. */
export const MAIL_LINK_TTL_SECONDS = 90 * 24 * 60 * 60;

/** A document of an order as signed: 'tax-invoice', 'adjustment-notes' (the list) or 'ADJ-000007'. */
export type OrderDocumentName = string;

export type SignedLinkCheck = 'valid' | 'expired' | 'invalid';

const keys = new WeakMap<Database, Promise<Buffer>>();

/** The signing key for this database, read (or made) once per process; a failed read is tried again next time. */
function keyOf(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = readStoreSecret(db, ORDER_DOCUMENT_LINKS_SECRET).then((v) => Buffer.from(v, 'base64url'));
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

function mac(key: Buffer, publicId: string, document: OrderDocumentName, expires: number): Buffer {
  return createHmac('sha256', key).update(`order-document\n${publicId}\n${document}\n${expires}`).digest();
}

/** Seconds since 1970 at which a link made at `now` (ms) for `ttlSeconds` stops working. */
export function linkExpiry(ttlSeconds: number, now = Date.now()): number {
  return Math.floor(now / 1000) + ttlSeconds;
}

/** The signature (base64url) that opens `document` of order `publicId` until `expires` (seconds since 1970). */
export async function documentSignature(
  db: Database,
  publicId: string,
  document: OrderDocumentName,
  expires: number,
): Promise<string> {
  return mac(await keyOf(db), publicId, document, expires).toString('base64url');
}

/**
 * `path` (the document's own address, e.g. taxInvoicePath(id)) with the signature that opens `document` of order
 * `publicId` until `expires` (seconds since 1970).
 */
export async function signDocumentPath(
  db: Database,
  path: string,
  publicId: string,
  document: OrderDocumentName,
  expires: number,
): Promise<string> {
  const signature = await documentSignature(db, publicId, document, expires);
  const query = new URLSearchParams({
    [SIGNED_LINK_EXPIRES_PARAM]: String(expires),
    [SIGNED_LINK_SIGNATURE_PARAM]: signature,
  });
  return `${path}?${query.toString()}`;
}

/**
 * Whether `signature` opens `document` of order `publicId` with this `expires`: 'valid', 'expired' (a true
 * signature past its time, at `now` ms) or 'invalid' (missing, malformed, altered, or for another order or document).
 * Compared in constant time.
 */
export async function checkSignedLink(
  db: Database,
  publicId: string,
  document: OrderDocumentName,
  expires: string | undefined,
  signature: string | undefined,
  now = Date.now(),
): Promise<SignedLinkCheck> {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) {
    return 'invalid';
  }
  const expected = mac(await keyOf(db), publicId, document, Number(expires));
  // Compared as the canonical text, not as decoded bytes: the 43rd character carries 2 padding bits, so 'A' and
  // 'B' there decode to the same bytes, and an altered link must never open.
  const given = Buffer.from(signature, 'ascii');
  const wanted = Buffer.from(expected.toString('base64url'), 'ascii');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return 'invalid';
  return Number(expires) * 1000 > now ? 'valid' : 'expired';
}

/**
 * When a link handed to the thank-you page stops working: a day from the order's creation (`createdAt`, ISO), so
 * every answer to one Idempotency-Key (the first and its replays, a second apart or not) carries the same link; an
 * order resumed so late that this has passed gets a day from now.
 */
export function pageLinkExpiryOf(createdAt: unknown): number {
  const created = typeof createdAt === 'string' ? Date.parse(createdAt) : NaN;
  const fromOrder = Number.isNaN(created) ? 0 : linkExpiry(PAGE_LINK_TTL_SECONDS, created);
  return fromOrder * 1000 > Date.now() + 3_600_000 ? fromOrder : linkExpiry(PAGE_LINK_TTL_SECONDS);
}

/**
 * The place-order answer with `tax_invoice_url`, a link to the order's tax invoice signed for a day (decision 0044),
 * when it is a placed and paid order's; any other answer as it is. The place-order answer goes only to whoever
 * placed the order (a replay needs their Idempotency-Key), so the thank-you page can offer the invoice.
 */
export async function withTaxInvoiceLink<T extends object>(
  db: Database,
  body: T,
): Promise<T & { tax_invoice_url?: string }> {
  const order =
    'data' in body
      ? (body.data as { id?: unknown; payment_status?: unknown; created_at?: unknown } | undefined)
      : undefined;
  if (typeof order?.id !== 'string' || typeof order.payment_status !== 'string') return body;
  if (!hasTaxInvoice(order.payment_status)) return body;
  const expires = pageLinkExpiryOf(order.created_at);
  const url = await signDocumentPath(db, taxInvoicePath(order.id), order.id, 'tax-invoice', expires);
  return { ...body, tax_invoice_url: url };
}
