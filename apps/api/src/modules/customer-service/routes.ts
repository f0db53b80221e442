/**
 * `POST /api/contact-us` and `POST /api/order-return` (SPEC §7; issue 11). Thin: validate, store, answer, and
 * mail the store after the answer. The return's upload is limited by the server alone: a body larger than the
 * 5 MB file allows is refused with 413 from its Content-Length before it is read; a stream without one is cut at
 * 5 MB; the file's type is read from its bytes (415 when it is not what its name says).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import {
  contactRequestSchema,
  CUSTOMER_SERVICE_MESSAGES as M,
  customerServiceAnswerSchema,
  orderReturnRequestSchema,
  RETURN_FILE_FIELD,
  RETURN_FILE_MAX_BYTES,
} from '@store/shared/customer-service';
import { HttpError } from '../../plugins/error-handling';
import { perMinute } from '../../plugins/rate-limit';
import { mailStoreOf } from '../mail/mail-store';
import { renderMail } from '../mail/render-mail';
import { ContactMail } from '../mail/templates/contact-mail';
import { ReturnRequestMail } from '../mail/templates/return-request-mail';
import { salesAddress, saveContactMessage, saveReturnRequest, type ReturnUpload } from './customer-service';
import { preparePrivateUploadsDir } from './private-uploads-dir';
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
  // Issue 43 §5: the attachments' folder is the store's user's alone, also when an older store made it.
  await preparePrivateUploadsDir(app.config.privateUploadsDir);
  await app.register(multipart, {
    limits: { fileSize: RETURN_FILE_MAX_BYTES, files: 2, fields: 20, fieldSize: 16 * 1024, parts: 24 },
  });
  const tags = ['customer service'];
  // Per client IP per minute (RATE_LIMIT_FORMS_PER_MINUTE, 5): plenty for a person, little for a script.
  const formsLimit = perMinute(app.config.rateLimits.formsPerMinute);

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
          'Ask to return an order: multipart form (f_name, l_name, email, phone, order_id, subject, message, file_path)',
        description:
          'The file (optional) is at most 5,242,880 bytes and must be a PNG, JPEG, PDF or plain text file by its ' +
          'content, matching its name. It is stored under a generated name and never served publicly.',
        consumes: ['multipart/form-data'],
        response: {
          200: customerServiceAnswerSchema,
          400: fieldErrorsAnswerSchema,
          413: messageAnswerSchema,
          415: messageAnswerSchema,
          429: messageAnswerSchema,
        },
      },
    },
    async (req) => {
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
      const request = parsed.data;
      const saved = await saveReturnRequest(
        app.db,
        app.config.privateUploadsDir,
        request,
        upload,
        member?.userId ?? null,
      );
      const store = await mailStoreOf(app.db, app.config.publicBaseUrl);
      const mail = ReturnRequestMail({
        store,
        request,
        invoiceNumber: saved.invoiceNumber,
        file: upload ? { name: upload.fileName, bytes: upload.bytes.length } : null,
        returnId: saved.id,
      });
      app.mail.deliver(
        'return request',
        renderMail(mail).then((parts) => ({
          to: salesAddress(store, app.config.mailFrom),
          replyTo: request.email,
          subject: `Return request #${saved.id}${saved.invoiceNumber ? ` for ${saved.invoiceNumber}` : ''}`,
          ...parts,
        })),
      );
      return { message: M.returnSent };
    },
  );
};

export default customerServiceRoutes;
