/**
 * The back office's product editor (issue 36 §1), admins only:
 * - `GET /api/admin/product-taxonomy`: categories with their children, and brands, for the editor's selects;
 * - `POST /api/admin/product-images` (multipart, one picture in `file`, ≤ 10 MB, sniffed by its bytes): stores
 *   it through the import's picture pipeline and answers its path for a save's `images`;
 * - `POST /api/admin/products`: create (201);
 * - `GET /api/admin/products/{sku}/editor`: every field, the version, the audit trail;
 * - `PUT /api/admin/products/{sku}`: save the whole product with the `version` it was opened at (409 when another
 *   save came first, nothing written);
 * - `POST /api/admin/products/{sku}/duplicate` (201, an archived copy), `/archive`, `/unarchive` (with `version`).
 * Every write is audited and seen by the shop from the next request (decision 0019).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PRODUCT_EDITOR_MESSAGES as M,
  PRODUCT_IMAGE_FIELD,
  PRODUCT_IMAGE_MAX_BYTES,
  editorProductAnswerSchema,
  productCreateSchema,
  productSaveSchema,
  productTaxonomySchema,
  productVersionBodySchema,
  uploadedImageSchema,
} from '@store/shared/admin-product-editor';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import { HttpError } from '../../plugins/error-handling';
import {
  createProduct,
  duplicateProduct,
  loadEditorProduct,
  productTaxonomy,
  saveProduct,
  setProductArchived,
  storeUploadedImage,
} from './admin-product-editor';
import { auditTrail } from './record-audit';
import { requireStaff, staffOf } from './require-staff';

const params = z.object({
  sku: z.string().trim().min(1, M.notFound).max(100, M.notFound),
});

const errors = {
  400: fieldErrorsAnswerSchema,
  401: messageAnswerSchema,
  403: messageAnswerSchema,
  404: messageAnswerSchema,
};

const productEditorRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
  });
  const tags = ['admin'];
  const guard = requireStaff(app, { roles: ['admin'] });
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  /** The product as the editor reads it, after a write the shop already shows. */
  async function answer(sku: string, message?: string) {
    const data = await loadEditorProduct(app.db, sku);
    if (!data) throw new HttpError(404, M.notFound);
    return { data, audit: await auditTrail(app.db, 'product', data.sku), ...(message ? { message } : {}) };
  }

  app.get(
    '/admin/product-taxonomy',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "Categories with their child categories, and brands: the product editor's choices",
        response: { 200: productTaxonomySchema, 401: messageAnswerSchema, 403: messageAnswerSchema },
      },
    },
    async () => productTaxonomy(app.db),
  );

  app.post(
    '/admin/product-images',
    {
      preHandler: guard,
      onRequest: async (req) => {
        const length = Number(req.headers['content-length']);
        if (Number.isFinite(length) && length > PRODUCT_IMAGE_MAX_BYTES + 64 * 1024) {
          throw new HttpError(413, M.imageTooLarge);
        }
      },
      schema: {
        tags,
        summary:
          'Upload a product picture (multipart: file; JPEG, PNG, WebP, GIF or AVIF by its bytes, at most 10 MB); answers the path to name in a save',
        consumes: ['multipart/form-data'],
        response: {
          201: uploadedImageSchema,
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          403: messageAnswerSchema,
          413: messageAnswerSchema,
          415: fieldErrorsAnswerSchema,
        },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new HttpError(415, M.imageMissing);
      let bytes: Buffer | null = null;
      try {
        for await (const part of req.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== PRODUCT_IMAGE_FIELD || bytes) {
            await part.toBuffer().catch(() => undefined);
            throw new HttpError(400, M.imageMissing, [
              { field: PRODUCT_IMAGE_FIELD, message: M.imageMissing },
            ]);
          }
          bytes = await part.toBuffer();
        }
      } catch (err) {
        if (err instanceof HttpError) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, M.imageTooLarge);
        throw new HttpError(400, `The upload could not be read (${code ?? 'malformed multipart body'}).`);
      }
      if (!bytes || bytes.length === 0) {
        throw new HttpError(400, M.imageMissing, [{ field: PRODUCT_IMAGE_FIELD, message: M.imageMissing }]);
      }
      return reply.code(201).send(await storeUploadedImage(app.files.media, bytes));
    },
  );

  app.post(
    '/admin/products',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Create a product with every field the shop shows: price inc. GST, sale, stock, part numbers, fitment rows, pictures (audited)',
        body: productCreateSchema,
        response: { 201: editorProductAnswerSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { staff } = staffOf(req);
      const sku = await createProduct(app.db, req.body, staff.id, app.files.media);
      await app.catalog.refresh();
      return reply.code(201).send(await answer(sku, M.created(sku)));
    },
  );

  app.get(
    '/admin/products/:sku/editor',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'One product as the editor reads it: every field, its version and its audit trail',
        params,
        response: { 200: editorProductAnswerSchema, ...errors },
      },
    },
    async (req) => answer(req.params.sku),
  );

  app.put(
    '/admin/products/:sku',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Save a whole product with the version it was opened at (409 when someone else saved since; audited)',
        params,
        body: productSaveSchema,
        response: { 200: editorProductAnswerSchema, 409: messageAnswerSchema, ...errors },
      },
    },
    async (req) => {
      const { staff } = staffOf(req);
      const saved = await saveProduct(app.db, req.params.sku, req.body, staff.id, app.files.media);
      if (saved.changed) await app.catalog.refresh();
      return answer(saved.sku, saved.changed ? M.saved(saved.sku) : M.unchanged);
    },
  );

  app.post(
    '/admin/products/:sku/duplicate',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Copy a product as a new, archived one (SKU <sku>-COPY); audited',
        params,
        response: { 201: editorProductAnswerSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { staff } = staffOf(req);
      const sku = await duplicateProduct(app.db, req.params.sku, staff.id);
      await app.catalog.refresh();
      return reply.code(201).send(await answer(sku, M.duplicated(sku)));
    },
  );

  for (const archived of [true, false]) {
    app.post(
      `/admin/products/:sku/${archived ? 'archive' : 'unarchive'}`,
      {
        preHandler: guard,
        schema: {
          tags,
          summary: archived
            ? 'Archive a product: it leaves the shop, search, sitemaps and listings; orders keep it (audited)'
            : 'Make an archived product active again (audited)',
          params,
          body: productVersionBodySchema,
          response: { 200: editorProductAnswerSchema, 409: messageAnswerSchema, ...errors },
        },
      },
      async (req) => {
        const { staff } = staffOf(req);
        const done = await setProductArchived(app.db, req.params.sku, req.body.version, archived, staff.id);
        if (done.changed) await app.catalog.refresh();
        return answer(
          done.sku,
          done.changed ? (archived ? M.archived(done.sku) : M.unarchived(done.sku)) : M.unchanged,
        );
      },
    );
  }
};

export default productEditorRoutes;
