/**
 * Contact messages and return requests (SPEC §2 /contact-us and /return-order, §7; issue 11): stored, then
 * mailed to the store's sales address after the answer.
 */
import type { ContactRequest, OrderReturnRequest, PartEnquiryRequest } from '@store/shared/customer-service';
import type { Database } from '../../db/client';
import { contactMessages, orderReturns } from '../../db/schema';
import type { MailStore } from '../mail/templates/mail-layout';
import { findOrderForReturn } from './shopper-returns';
import type { FileStore } from '../../storage/file-store';
import { returnRowValues, storeReturnFile, type ReturnUpload } from './store-return-file';

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

/** The subject a part enquiry is listed and mailed under: 'Part enquiry: DB1170'. */
export function partEnquirySubject(enquiry: Pick<PartEnquiryRequest, 'part_number'>): string {
  return `Part enquiry: ${enquiry.part_number}`;
}

/**
 * Stores a part enquiry (issue 37 §4, decision 0058) with the contact messages, so the back office's messages list
 * shows it (kind 'part_enquiry'); answers its id. The whole name goes in `f_name`.
 */
export async function savePartEnquiry(
  db: Database,
  enquiry: PartEnquiryRequest,
  userId: number | null,
): Promise<number> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      kind: 'part_enquiry',
      fName: enquiry.name,
      lName: '',
      email: enquiry.email,
      phone: enquiry.phone,
      subject: partEnquirySubject(enquiry),
      message: enquiry.message,
      partNumber: enquiry.part_number,
      vehicle: enquiry.vehicle,
      searchQuery: enquiry.query,
      userId,
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('part enquiry insert returned no row');
  return row.id;
}

/**
 * Stores a return request of the free form (no lines chosen): the file (if any) under a generated name in
 * the private store `files` (not the public media), then the row, linked to the order when it is the sender's
 * (`findOrderForReturn`). Answers the row's id and the linked order's invoice number.
 */
export async function saveReturnRequest(
  db: Database,
  files: FileStore,
  request: OrderReturnRequest,
  upload: ReturnUpload | null,
  userId: number | null,
): Promise<{ id: number; invoiceNumber: string | null }> {
  const order = request.order_id
    ? await findOrderForReturn(db, request.order_id, request.email, userId)
    : null;
  const storedFile = await storeReturnFile(files, upload);
  const [row] = await db
    .insert(orderReturns)
    .values(returnRowValues(request, upload, storedFile, order?.id ?? null, userId))
    .returning({ id: orderReturns.id });
  if (!row) throw new Error('return request insert returned no row');
  return { id: row.id, invoiceNumber: order?.invoiceNumber ?? null };
}

/** Where the store's own mail goes: its sales address, else the address it sends from. */
export function salesAddress(store: MailStore & { salesEmail: string }, mailFrom: string): string {
  return store.salesEmail || mailFrom;
}
