/**
 * Contact messages and return requests (SPEC §2 /contact-us and /return-order, §7; issue 11): stored, then
 * mailed to the store's sales address after the answer.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { ContactRequest, OrderReturnRequest } from '@store/shared/customer-service';
import type { Database } from '../../db/client';
import { contactMessages, orderReturns, orders } from '../../db/schema';
import type { MailStore } from '../mail/templates/mail-layout';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-uploads-dir';
import type { SniffedFile } from './sniff-return-file';

/** Stores a contact message; answers its id. */
export async function saveContactMessage(
  db: Database,
  contact: ContactRequest,
  userId: number | null,
): Promise<number> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      fName: contact.f_name,
      lName: contact.l_name,
      email: contact.email,
      phone: contact.phone,
      subject: contact.subject,
      message: contact.message,
      userId,
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('contact message insert returned no row');
  return row.id;
}

/**
 * The order a return names, when it is the sender's: a signed-in member's own order by public id, or for a
 * guest an order with that public id placed with the same email (case-insensitive). Null otherwise, so a
 * return cannot be tied to somebody else's order by guessing.
 */
export async function findReturnedOrder(
  db: Database,
  publicId: string,
  email: string,
  userId: number | null,
): Promise<{ id: number; invoiceNumber: string } | null> {
  if (!/^[A-Za-z0-9]{16,64}$/.test(publicId)) return null;
  const owner =
    userId !== null ? eq(orders.userId, userId) : sql`lower(${orders.email}) = ${email.toLowerCase()}`;
  const [order] = await db
    .select({ id: orders.id, invoiceNumber: orders.invoiceNumber })
    .from(orders)
    .where(and(eq(orders.publicId, publicId), owner))
    .limit(1);
  return order ?? null;
}

export interface ReturnUpload {
  bytes: Buffer;
  /** As the customer named it (kept for staff; never used as a path). */
  fileName: string;
  kind: SniffedFile;
}

/**
 * Stores a return request: the file (if any) under a generated name in `uploadsDir` (not the public media
 * folder), then the row, linked to the order when it is the sender's. Answers the row's id and the linked
 * order's invoice number.
 */
export async function saveReturnRequest(
  db: Database,
  uploadsDir: string,
  request: OrderReturnRequest,
  upload: ReturnUpload | null,
  userId: number | null,
): Promise<{ id: number; invoiceNumber: string | null }> {
  const order = request.order_id
    ? await findReturnedOrder(db, request.order_id, request.email, userId)
    : null;
  let storedFile: string | null = null;
  if (upload) {
    storedFile = `${randomUUID()}.${upload.kind.ext}`;
    await mkdir(uploadsDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    await writeFile(path.join(uploadsDir, storedFile), upload.bytes, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  }
  const [row] = await db
    .insert(orderReturns)
    .values({
      fName: request.f_name,
      lName: request.l_name,
      email: request.email,
      phone: request.phone,
      orderReference: request.order_id,
      orderId: order?.id ?? null,
      subject: request.subject,
      message: request.message,
      fileName: upload ? upload.fileName : null,
      storedFile,
      fileType: upload ? upload.kind.mime : null,
      fileBytes: upload ? upload.bytes.length : null,
      userId,
    })
    .returning({ id: orderReturns.id });
  if (!row) throw new Error('return request insert returned no row');
  return { id: row.id, invoiceNumber: order?.invoiceNumber ?? null };
}

/** Where the store's own mail goes: its sales address, else the address it sends from. */
export function salesAddress(store: MailStore & { salesEmail: string }, mailFrom: string): string {
  return store.salesEmail || mailFrom;
}
