/**
 * `POST /api/contact-us` and `POST /api/order-return` (SPEC §7; issue 11). Thin: validate, store, answer, and
 * mail the store after the answer. The return's upload is limited by the server alone: a body larger than the
 * 5 MB file allows is refused with 413 from its Content-Length before it is read; a stream without one is cut at
 * 5 MB; the file's type is read from its bytes (415 when it is not what its name says).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import {
  contactRequestSchema,
  CUSTOMER_SERVICE_MESSAGES as M,
  customerServiceAnswerSchema,
  orderReturnRequestSchema,
  partEnquiryRequestSchema,
  PART_ENQUIRY_SENT_PARAM,
  RETURN_FILE_FIELD,
  RETURN_FILE_MAX_BYTES,
} from '@store/shared/customer-service';
import { trackOrderRequestSchema } from '@store/shared/order';
import { normaliseOrderNumber } from '@store/shared/order-number';
import {
  orderReturnAnswerSchema,
  returnableOrderSchema,
  returnNextSteps,
  returnRequestNumberText,
  SHOPPER_RETURN_MESSAGES,
  type OrderReturnAnswer,
} from '@store/shared/shopper-returns';
import { HttpError } from '../../plugins/error-handling';
import { perMinute } from '../../plugins/rate-limit';
import { getStoreSettings, storePromisesOfRow } from '../content/content-service';
import { mailStoreOf } from '../mail/mail-store';
import { renderMail } from '../mail/render-mail';
import { ContactMail } from '../mail/templates/contact-mail';
import {
  ReturnConfirmationMail,
  returnConfirmationSubject,
} from '../mail/templates/return-confirmation-mail';
import { PartEnquiryMail } from '../mail/templates/part-enquiry-mail';
import { ReturnRequestMail } from '../mail/templates/return-request-mail';
import { perOrderNumberLimit } from '../orders/per-order-number-limit';
import {
  partEnquirySubject,
  salesAddress,
  saveContactMessage,
  savePartEnquiry,
  saveReturnRequest,
} from './customer-service';
import { findOrderForReturn, presentReturnableOrder, saveShopperReturn } from './shopper-returns';
import type { ReturnUpload } from './store-return-file';
import { sniffReturnFile } from './sniff-return-file';

/** Room for the text fields and multipart framing on top of the file. */
const RETURN_FORM_OVERHEAD_BYTES = 64 * 1024;
/** Largest Content-Length a return request may announce, bytes. */
export const RETURN_BODY_MAX_BYTES = RETURN_FILE_MAX_BYTES + RETURN_FORM_OVERHEAD_BYTES;

export const RETURN_NOT_MULTIPART = 'Send the return form as multipart/form-data.';
export const RETURN_ONE_FILE = `Attach at most one file, in the "${RETURN_FILE_FIELD}" field.`;

/** Characters the stored original name keeps: a name is shown to staff, never used as a path. */
function cleanFileName(name: string): string {
  return (
    name
      .replace(/[\p{Cc}\p{Cf}\\/]/gu, '_')
      .trim()
      .slice(0, 200) || 'attachment'
  );
}

/** `path` as a URL on this store when it is a path of it (`/search-results?query=x`), else null: no open redirect. */
function sameStorePath(path: string): URL | null {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  try {
    const url = new URL(path, 'http://store.invalid');
    return url.host === 'store.invalid' ? url : null;
  } catch {
    return null;
  }
}

/** Reads the multipart return form: text fields and at most one file. Throws HttpError 400/413. */
async function readReturnForm(req: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; fileName: string } | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== RETURN_FILE_FIELD || file) {
          await part.toBuffer().catch(() => undefined);
          throw new HttpError(400, RETURN_ONE_FILE);
        }
        const bytes = await part.toBuffer();
        // An empty file input arrives as a part with no name and no bytes: no attachment.
        if (bytes.length > 0 || part.filename) file = { bytes, fileName: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, M.fileTooLarge);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(400, RETURN_ONE_FILE);
    }
    throw new HttpError(400, `The return form could not be read (${code ?? 'malformed multipart body'}).`);
  }
  return { fields, file };
}

const customerServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: RETURN_FILE_MAX_BYTES, files: 2, fields: 20, fieldSize: 16 * 1024, parts: 24 },
  });
  const tags = ['customer service'];
  // Per client IP per minute (RATE_LIMIT_FORMS_PER_MINUTE, 5): plenty for a person, little for a script.
  const formsLimit = perMinute(app.config.rateLimits.formsPerMinute);
  // Issue 37 §3: finding an order to return is an order lookup, limited as guest tracking is (issue 34 §6): per
  // client address, and per order number whichever addresses ask, so one order's email cannot be guessed at.
  const lookupsPerMinute = app.config.rateLimits.orderLookupsPerMinute;
  const orderNumberLimit = perOrderNumberLimit(app, lookupsPerMinute);
  /** The per-order count's key: an order number as stored, else the text as given (a public id). */
  const orderKey = (reference: string) => normaliseOrderNumber(reference) ?? reference.trim();
  const orderNotFound = () =>
    new HttpError(404, SHOPPER_RETURN_MESSAGES.orderNotFound, [
      { field: 'order_id', message: SHOPPER_RETURN_MESSAGES.orderNotFound },
    ]);

  app.post(
    '/returnable-order',
    {
      config: { rateLimit: perMinute(lookupsPerMinute) },
      schema: {
        tags,
        summary: 'Find an order to return: its lines with what is still returnable, and its return requests',
        description:
          '`id` is the order number (INV-001001, any case) or the public id, with `email`, the order’s email in ' +
          'any case; a signed-in member’s own order needs no email. A wrong email answers 404 like an unknown ' +
          'order. Answers the contact details the order was placed with, to fill in the return form. Limited ' +
          'per client address and per order number, as guest tracking is.',
        body: trackOrderRequestSchema,
        response: {
          200: returnableOrderSchema,
          400: fieldErrorsAnswerSchema,
          404: fieldErrorsAnswerSchema,
          429: messageAnswerSchema,
        },
      },
    },
    async (req, reply) => {
      await orderNumberLimit(req, reply, orderKey(req.body.id));
      const member = await req.member();
      const order = await findOrderForReturn(
        app.db,
        req.body.id,
        req.body.email ?? '',
        member?.userId ?? null,
      );
      if (!order) throw orderNotFound();
      const promises = storePromisesOfRow(await getStoreSettings(app.db));
      return { data: await presentReturnableOrder(app.db, order, promises, new Date()) };
    },
  );

  app.post(
    '/contact-us',
    {
      config: { rateLimit: formsLimit },
      schema: {
        tags,
        summary: "Send a message to the store (stored, and mailed to the store's sales address)",
        body: contactRequestSchema,
        response: {
          200: customerServiceAnswerSchema,
          400: fieldErrorsAnswerSchema,
          429: messageAnswerSchema,
        },
      },
    },
    async (req) => {
      const member = await req.member();
      await saveContactMessage(app.db, req.body, member?.userId ?? null);
      const store = await mailStoreOf(app.db, app.config.publicBaseUrl);
      const contact = req.body;
      const sender = member ? `member #${member.userId}` : 'guest';
      app.mail.deliver(
        'contact message',
        renderMail(ContactMail({ store, contact, sender })).then((parts) => ({
          to: salesAddress(store, app.config.mailFrom),
          replyTo: contact.email,
          subject: `Contact form: ${contact.subject}`,
          ...parts,
        })),
      );
      return { message: M.contactSent };
    },
  );

  // A form sent without scripts (the part enquiry's native submit) arrives urlencoded.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    '/part-enquiry',
    {
      config: { rateLimit: formsLimit },
      schema: {
        tags,
        summary:
          "Ask the store for a part a search did not find (stored with the contact messages, mailed to the store's sales address)",
        description:
          'JSON answers `{ message }`. A browser form sent without scripts (application/x-www-form-urlencoded) with ' +
          '`return_to` (a path on this store) is answered 303 to that page with `part_enquiry=sent`.',
        body: partEnquiryRequestSchema.extend({
          return_to: z.string().max(2000).optional(),
        }),
        response: {
          200: customerServiceAnswerSchema,
          303: z.null().describe('A form sent without scripts: back to the page it was sent from'),
          400: fieldErrorsAnswerSchema,
          429: messageAnswerSchema,
        },
      },
    },
    async (req, reply) => {
      const member = await req.member();
      const { return_to: returnTo, ...enquiry } = req.body;
      await savePartEnquiry(app.db, enquiry, member?.userId ?? null);
      const store = await mailStoreOf(app.db, app.config.publicBaseUrl);
      const sender = member ? `member #${member.userId}` : 'guest';
      const subject = partEnquirySubject(enquiry);
      app.mail.deliver(
        'part enquiry',
        renderMail(PartEnquiryMail({ store, enquiry, sender, subject })).then((parts) => ({
          to: salesAddress(store, app.config.mailFrom),
          replyTo: enquiry.email,
          subject,
          ...parts,
        })),
      );
      const back = returnTo !== undefined ? sameStorePath(returnTo) : null;
      if (back !== null && req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        back.searchParams.set(PART_ENQUIRY_SENT_PARAM, 'sent');
        return reply.redirect(`${back.pathname}${back.search}#part-enquiry`, 303);
      }
      return { message: M.partEnquirySent(enquiry.part_number) };
    },
  );

  app.post(
    '/order-return',
    {
      config: { rateLimit: formsLimit },
      // Refuse an announced body that cannot fit before reading any of it.
      onRequest: async (req) => {
        const length = Number(req.headers['content-length'] ?? 0);
        if (length > RETURN_BODY_MAX_BYTES) throw new HttpError(413, M.fileTooLarge);
      },
      schema: {
        tags,
        summary:
          'Ask to return an order: multipart form (f_name, l_name, email, phone, order_id, subject, message, lines, reason, file_path)',
        description:
          'From an order (issue 37 §3): `lines` is a JSON list of `{ "line_id": 12, "quantity": 1 }` of the ' +
          'order’s lines (`POST /api/returnable-order`), `reason` one of faulty, wrong_part, changed_mind, ' +
          'damaged_in_transit, other (then `message` is required); the order id and email (or the member’s ' +
          'bearer) must name the sender’s order, and each quantity be at most what is still returnable. Without ' +
          '`lines`, the free form: first name, last name, email, subject and message are required. ' +
          'The file (optional) is at most 5,242,880 bytes and must be a PNG, JPEG, PDF or plain text file by its ' +
          'content, matching its name. It is stored under a generated name and never served publicly. The ' +
          'customer is mailed a copy with the request’s number (RR-000123).',
        consumes: ['multipart/form-data'],
        response: {
          200: orderReturnAnswerSchema,
          400: fieldErrorsAnswerSchema,
          404: fieldErrorsAnswerSchema,
          413: messageAnswerSchema,
          415: messageAnswerSchema,
          429: messageAnswerSchema,
        },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new HttpError(415, RETURN_NOT_MULTIPART);
      const { fields, file } = await readReturnForm(req);
      const parsed = orderReturnRequestSchema.safeParse(fields);
      if (!parsed.success) {
        const errors = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
        throw new HttpError(400, errors[0]?.message ?? 'The return form is not valid', errors);
      }
      let upload: ReturnUpload | null = null;
      if (file) {
        if (file.bytes.length === 0) throw new HttpError(400, M.fileEmpty);
        const kind = await sniffReturnFile(file.bytes, file.fileName);
        if (!kind) throw new HttpError(415, M.fileType);
        upload = { bytes: file.bytes, fileName: cleanFileName(file.fileName), kind };
      }
      const member = await req.member();
      const userId = member?.userId ?? null;
      const request = parsed.data;
      const store = await mailStoreOf(app.db, app.config.publicBaseUrl);
      let answer: OrderReturnAnswer['data'];
      let saved: { id: number; invoiceNumber: string | null };
      if (request.lines !== null && request.reason !== '') {
        // Issue 37 §3: a request from an order, checked against it with the order locked.
        await orderNumberLimit(req, reply, orderKey(request.order_id));
        const order = await findOrderForReturn(app.db, request.order_id, request.email, userId);
        if (!order) throw orderNotFound();
        const made = await saveShopperReturn(app.db, app.files.private, {
          order,
          request,
          choices: request.lines,
          reason: request.reason,
          upload,
          userId,
          promises: store.promises,
          now: new Date(),
        });
        saved = { id: made.id, invoiceNumber: order.invoiceNumber };
        answer = {
          number: made.number,
          email: request.email,
          invoice_number: order.invoiceNumber,
          lines: made.lines,
          reason: request.reason,
          next_steps: returnNextSteps(store.promises),
        };
      } else {
        saved = await saveReturnRequest(app.db, app.files.private, request, upload, userId);
        answer = {
          number: returnRequestNumberText(saved.id),
          email: request.email,
          invoice_number: saved.invoiceNumber,
          lines: [],
          reason: null,
          next_steps: returnNextSteps(store.promises),
        };
      }
      const mail = ReturnRequestMail({
        store,
        request,
        invoiceNumber: saved.invoiceNumber,
        file: upload ? { name: upload.fileName, bytes: upload.bytes.length } : null,
        returnId: saved.id,
        lines: answer.lines,
      });
      app.mail.deliver(
        'return request',
        renderMail(mail).then((parts) => ({
          to: salesAddress(store, app.config.mailFrom),
          replyTo: request.email,
          subject: `Return request ${answer.number}${saved.invoiceNumber ? ` for ${saved.invoiceNumber}` : ''}`,
          ...parts,
        })),
      );
      // Issue 37 §3: the customer's copy, with the number, the items and what happens next.
      app.mail.deliver(
        'return confirmation',
        renderMail(ReturnConfirmationMail({ store, fName: request.f_name, request: answer })).then(
          (parts) => ({
            to: request.email,
            subject: returnConfirmationSubject(store.name, answer.number),
            ...parts,
          }),
        ),
      );
      return { message: SHOPPER_RETURN_MESSAGES.sent(answer.number), data: answer };
    },
  );
};

export default customerServiceRoutes;
