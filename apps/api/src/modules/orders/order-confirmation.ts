/**
 * The thank-you page's server side (issue 37 §1, decision 0056): the order's *pass* given with the place-order
 * answer, reading the order again with it (a reload of the thank-you page), and creating an account with the order.
 *
 * A pass is `<expires>.<signature>`: the signature of decision 0044's signed links over the order's public id and
 * the document name `order-confirmation`, valid for a day from the order's creation. Only whoever placed the order
 * receives it (a replay of place-order needs their Idempotency-Key); the tab keeps it with the order.
 */
import { eq, sql } from 'drizzle-orm';
import { emailSchema } from '@store/shared/account';
import { ACCOUNT_MESSAGES, CREATED_BY_SELF, CUSTOMER_ROLE_ID } from '@store/shared/account-constants';
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import {
  ORDER_CONFIRMATION_MESSAGES,
  type AccountFromOrderRequest,
  type OrderConfirmationResponse,
} from '@store/shared/order-confirmation';
import type { Database } from '../../db/client';
import { orders, users } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { isSubscribed, presentUser, type SignedIn } from '../accounts/account-service';
import { hashPassword } from '../accounts/passwords';
import { createSession } from '../accounts/sessions';
import { checkSignedLink, documentSignature, pageLinkExpiryOf } from './order-document-links';
import { presentFor } from './order-service';

/** The document name a pass is signed for: it opens nothing else (not the invoice, not the notes). */
const PASS_DOCUMENT = 'order-confirmation';
const PUBLIC_ID_SHAPE = /^[A-Za-z0-9]{16,64}$/;

/**
 * The place-order answer with `order_pass` for a placed order (its `data` has the public id), any other answer as
 * it is. The same pass for the first answer and its replays (a day from the order's creation).
 */
export async function withOrderPass<T extends object>(
  db: Database,
  body: T,
): Promise<T & { order_pass?: string }> {
  const order =
    'data' in body ? (body.data as { id?: unknown; created_at?: unknown } | undefined) : undefined;
  if (typeof order?.id !== 'string' || typeof order.created_at !== 'string') return body;
  const expires = pageLinkExpiryOf(order.created_at);
  return {
    ...body,
    order_pass: `${expires}.${await documentSignature(db, order.id, PASS_DOCUMENT, expires)}`,
  };
}

/** 403 unless `pass` is a true, unexpired pass of order `publicId` (expired and wrong each say what to do). */
async function requirePass(db: Database, publicId: string, pass: string | undefined): Promise<void> {
  const [expires, signature] = (pass ?? '').split('.');
  const check = await checkSignedLink(db, publicId, PASS_DOCUMENT, expires, signature);
  if (check === 'expired') throw new HttpError(403, ORDER_CONFIRMATION_MESSAGES.passExpired);
  if (check !== 'valid') throw new HttpError(403, ORDER_CONFIRMATION_MESSAGES.passInvalid);
}

async function orderRow(db: Database, publicId: string) {
  if (!PUBLIC_ID_SHAPE.test(publicId)) return undefined;
  const [order] = await db.select().from(orders).where(eq(orders.publicId, publicId)).limit(1);
  return order;
}

/**
 * The order for the thank-you page, with its buyer's name, email and phone (the page says where the mail went), and
 * whether its email can become an account. Answered to the pass's holder or the order's owner signed in
 * (`viewerUserId`); anyone else 403 (the public id alone shows no buyer field, decision 0044). 404 for an unknown id.
 */
export async function readOrderConfirmation(
  db: Database,
  publicId: string,
  pass: string | undefined,
  viewerUserId: number | null,
): Promise<OrderConfirmationResponse> {
  const order = await orderRow(db, publicId);
  if (!order) throw new HttpError(404, ORDER_MESSAGES.notFound);
  const owner = viewerUserId !== null && order.userId !== 0 && order.userId === viewerUserId;
  if (!owner) await requirePass(db, publicId, pass);
  let account: OrderConfirmationResponse['account'] = 'owner';
  if (order.userId === 0) {
    const [member] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, emailKey(order.email)))
      .limit(1);
    account = member ? 'exists' : 'none';
  }
  return { data: await presentFor(db, order, viewerUserId, true), account };
}

/** An order's email as accounts keep it (trimmed, lower case: `emailSchema`), so one person has one account. */
function emailKey(email: string): string {
  const parsed = emailSchema.safeParse(email);
  return parsed.success ? parsed.data : email.trim().toLowerCase();
}

/**
 * Creates a member from a guest order (issue 37 §1): the order's name, email and phone with the password given,
 * and this order joins the account; signs the new member in. Only this order: the pass proves who placed it, not
 * who reads that mailbox (guest checkout checks no email), so other guest orders of the email stay as they are
 * (decision 0056). The order row is locked first, and the email's uniqueness decides between two at once: one
 * account is made, the other is told the order is in an account. 403 without a valid pass; 409
 * `orderInAccount` when the order already has one, `emailTaken` (sign-up's own words, saying no more than sign-up)
 * when another account has the email; 404 for an unknown id.
 */
export async function createAccountFromOrder(
  db: Database,
  publicId: string,
  request: AccountFromOrderRequest,
): Promise<SignedIn> {
  if (!(await orderRow(db, publicId))) throw new HttpError(404, ORDER_MESSAGES.notFound);
  await requirePass(db, publicId, request.pass);
  const passwordHash = await hashPassword(request.password);
  const user = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.publicId, publicId)).for('update');
    if (!order) throw new HttpError(404, ORDER_MESSAGES.notFound);
    if (order.userId !== 0) throw new HttpError(409, ORDER_CONFIRMATION_MESSAGES.orderInAccount);
    const [created] = await tx
      .insert(users)
      .values({
        name: `${order.fName} ${order.lName}`.trim(),
        email: emailKey(order.email),
        phone: order.phone,
        passwordHash,
        roleId: CUSTOMER_ROLE_ID,
        createdBy: CREATED_BY_SELF,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) throw new HttpError(409, ACCOUNT_MESSAGES.emailTaken);
    await tx
      .update(orders)
      .set({ userId: created.id, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    return created;
  });
  return {
    user: await presentUser(db, user),
    token: await createSession(db, user.id),
    subscription: await isSubscribed(db, user.email),
  };
}
