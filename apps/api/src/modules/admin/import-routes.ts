/**
 * The back office's catalog CSV uploads (issue 12): `POST /api/admin/imports` (multipart, one CSV in `file`, an
 * optional `skip_invalid`; answered 202 with the import, whose file is kept in the private store and whose job
 * then runs it through the same importer as `npm run catalog:import`, on whichever process works jobs: issue 38
 * §2, decision 0062), `GET /api/admin/imports` (recent) and `GET /api/admin/imports/{id}` (progress and result,
 * from the database, on any instance). Admins only. Over 50 MB → 413, not a CSV → 415, another import queued or
 * running → 409.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import {
  ADMIN_IMPORT_MESSAGES as M,
  adminImportListSchema,
  adminImportParamsSchema,
  adminImportSchema,
  adminImportStartedSchema,
  IMPORT_FILE_FIELD,
  IMPORT_FILE_MAX_BYTES,
} from '@store/shared/admin-imports';
import { HttpError } from '../../plugins/error-handling';
import { getImport, listImports, startImport } from './admin-imports';
import { requireStaff, staffOf } from './require-staff';

/** Room for the form's framing and its one small field on top of the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** Names shown to staff only, never used as a path. */
function cleanFileName(name: string): string {
  return (
    name
      .replace(/[\p{Cc}\p{Cf}\\/]/gu, '_')
      .trim()
      .slice(0, 200) || 'upload.csv'
  );
}

/**
 * The file as CSV text, or HttpError 415: a known binary type by its bytes (a spreadsheet, a zip, a picture), a
 * NUL byte, text that is not UTF-8, or a name that says it is something else.
 */
async function csvText(bytes: Buffer, fileName: string): Promise<string> {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension && extension !== 'csv' && extension !== 'txt') throw new HttpError(415, M.notCsv);
  if (await fileTypeFromBuffer(bytes)) throw new HttpError(415, M.notCsv);
  if (bytes.subarray(0, 64 * 1024).includes(0)) throw new HttpError(415, M.notCsv);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(415, M.notCsv);
  }
}

/** Reads the form: exactly one file in `file`, and `skip_invalid`. Throws HttpError 400/413. */
async function readImportForm(req: FastifyRequest) {
  let file: { bytes: Buffer; fileName: string } | null = null;
  let skipInvalid = false;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== IMPORT_FILE_FIELD || file) {
          await part.toBuffer().catch(() => undefined);
          throw new HttpError(400, M.oneFile, [{ field: IMPORT_FILE_FIELD, message: M.oneFile }]);
        }
        const bytes = await part.toBuffer();
        file = { bytes, fileName: cleanFileName(part.filename) };
      } else if (part.fieldname === 'skip_invalid' && typeof part.value === 'string') {
        skipInvalid = ['true', '1', 'on'].includes(part.value.trim().toLowerCase());
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, M.tooLarge);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(400, M.oneFile);
    }
    throw new HttpError(400, `The upload could not be read (${code ?? 'malformed multipart body'}).`);
  }
  if (!file || (file.bytes.length === 0 && !file.fileName)) {
    throw new HttpError(400, M.noFile, [{ field: IMPORT_FILE_FIELD, message: M.noFile }]);
  }
  if (file.bytes.length === 0)
    throw new HttpError(400, M.empty, [{ field: IMPORT_FILE_FIELD, message: M.empty }]);
  return { file, skipInvalid };
}

const adminImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 2, fields: 4, fieldSize: 1024, parts: 6 },
  });
  const tags = ['admin'];
  const guard = requireStaff(app, { roles: ['admin'] });
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.post(
    '/admin/imports',
    {
      preHandler: guard,
      // Too big is refused from the announced length, before reading 50 MB.
      onRequest: async (req) => {
        const length = Number(req.headers['content-length']);
        if (Number.isFinite(length) && length > IMPORT_FILE_MAX_BYTES + FORM_OVERHEAD_BYTES) {
          throw new HttpError(413, M.tooLarge);
        }
      },
      schema: {
        tags,
        summary:
          'Import a Shopify or WooCommerce product CSV (multipart: file, skip_invalid); runs as a background job',
        description:
          'The file is at most 52,428,800 bytes of UTF-8 CSV text. Answers 202 with the import; poll ' +
          'GET /api/admin/imports/{id} for its progress. One import queued or running at a time (409).',
        consumes: ['multipart/form-data'],
        response: {
          202: adminImportStartedSchema,
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          403: messageAnswerSchema,
          409: messageAnswerSchema,
          413: messageAnswerSchema,
          415: messageAnswerSchema,
        },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new HttpError(415, M.notMultipart);
      const { file, skipInvalid } = await readImportForm(req);
      const csv = await csvText(file.bytes, file.fileName);
      const { staff } = staffOf(req);
      const started = await startImport({
        db: app.db,
        jobs: app.jobs,
        uploads: app.files.private,
        csv,
        fileName: file.fileName,
        staffId: staff.id,
        skipInvalid,
      });
      return reply.code(202).send({ message: M.started(file.fileName), data: started });
    },
  );

  app.get(
    '/admin/imports',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Recent catalog imports, newest first, with their progress and results',
        response: { 200: adminImportListSchema, 401: messageAnswerSchema, 403: messageAnswerSchema },
      },
    },
    async () => ({ data: await listImports(app.db, app.files.private) }),
  );

  app.get(
    '/admin/imports/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'One catalog import: rows total, done and rejected (line and reason), warnings, status',
        params: adminImportParamsSchema,
        response: {
          200: z.object({ data: adminImportSchema }),
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          403: messageAnswerSchema,
          404: messageAnswerSchema,
        },
      },
    },
    async (req) => {
      const found = await getImport(app.db, req.params.id, app.files.private);
      if (!found) throw new HttpError(404, M.notFound);
      // Whichever process worked it, this instance shows its catalog from the moment it says finished (decision
      // 0019); NOTIFY tells the others. A refresh that fails is the poll's to retry.
      if (found.status === 'finished') await app.catalog.refresh().catch(() => undefined);
      return { data: found };
    },
  );
};

export default adminImportRoutes;
