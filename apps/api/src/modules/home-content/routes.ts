/**
 * The back office's home-page merchandising (issue 36 §2, decision 0051), admins only, every change audited:
 * `GET /api/admin/home-content` (every slide and banner, the featured products, what falls back to the demo),
 * `POST /api/admin/home-content` (add), `PUT /api/admin/home-content/{id}` (edit), `DELETE …/{id}`,
 * `PUT /api/admin/home-content/order` (reorder a kind), `PUT /api/admin/home-content/featured` (the featured
 * products in order) and `POST /api/admin/home-content/images` (upload a picture: JPEG, PNG or WebP by its bytes,
 * at most 5 MB, stored with WebP copies). A save shows on the storefront from the next request in this process
 * (the settings reader forgets its read; other instances within `settingsMaxAgeMs`).
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import {
  HOME_CONTENT_MESSAGES as M,
  HOME_IMAGE_FIELD,
  HOME_IMAGE_MAX_BYTES,
  featuredProductsInputSchema,
  featuredProductItemSchema,
  homeContentAnswerSchema,
  homeContentInputSchema,
  homeContentListSchema,
  homeContentOrderSchema,
  homeImageUploadAnswerSchema,
} from '@store/shared/home-content';
import { HttpError } from '../../plugins/error-handling';
import { recordAudit } from '../admin/record-audit';
import { requireStaff, staffOf } from '../admin/require-staff';
import {
  createHomeItem,
  deleteHomeItem,
  listFeaturedProducts,
  listHomeContent,
  presentHomeItem,
  reorderHomeItems,
  saveFeaturedProducts,
  storeHomeImage,
  updateHomeItem,
} from './home-content-service';

const params = z.object({
  id: z.coerce
    .number({ error: M.notFound })
    .int(M.notFound)
    .positive(M.notFound)
    .max(2_147_483_647, M.notFound),
});
const refusals = {
  400: fieldErrorsAnswerSchema,
  401: messageAnswerSchema,
  403: messageAnswerSchema,
};
/** Room for the form's framing on top of the picture. */
const FORM_OVERHEAD_BYTES = 16 * 1024;
const IMAGE_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** The one picture of the upload form. Throws HttpError 400/413. */
async function readImage(req: FastifyRequest): Promise<Buffer> {
  let bytes: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      const body = await part.toBuffer();
      if (part.fieldname !== HOME_IMAGE_FIELD || bytes) {
        throw new HttpError(400, M.noFile, [{ field: HOME_IMAGE_FIELD, message: M.noFile }]);
      }
      bytes = body;
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, M.tooLarge);
    throw new HttpError(400, `The upload could not be read (${code ?? 'malformed multipart body'}).`);
  }
  if (!bytes || bytes.length === 0) {
    throw new HttpError(400, M.noFile, [{ field: HOME_IMAGE_FIELD, message: M.noFile }]);
  }
  return bytes;
}

const homeContentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: HOME_IMAGE_MAX_BYTES, files: 2, fields: 4, fieldSize: 1024, parts: 6 },
  });
  const tags = ['admin'];
  const guard = requireStaff(app, { roles: ['admin'] });
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  /** The storefront reads the change at its next request (this process; others within settingsMaxAgeMs). */
  const changed = () => app.storefrontSettings.invalidate();

  app.get(
    '/admin/home-content',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          "The home page's hero slides, side banners and offer banners (each with its window and whether it shows now), the featured products in order, and how many demo items each kind falls back to",
        response: { 200: homeContentListSchema, ...refusals },
      },
    },
    async () => {
      const { settings } = await app.storefrontSettings.read();
      return listHomeContent(app.db, settings, new Date());
    },
  );

  app.post(
    '/admin/home-content',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Add a hero slide, side banner or offer banner, last of its kind (audited)',
        body: homeContentInputSchema,
        response: { 201: homeContentAnswerSchema, ...refusals, 409: messageAnswerSchema },
      },
    },
    async (req, reply) => {
      const row = await createHomeItem(app.db, app.files.media, req.body, staffOf(req).staff.id);
      changed();
      return reply.code(201).send({ data: presentHomeItem(row, new Date()), message: M.created(row.kind) });
    },
  );

  app.put(
    '/admin/home-content/order',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          "Put one kind's items in a new order: every id of the kind once, first shown first (audited)",
        body: homeContentOrderSchema,
        response: { 200: messageAnswerSchema, ...refusals },
      },
    },
    async (req) => {
      await reorderHomeItems(app.db, req.body.kind, req.body.ids, staffOf(req).staff.id);
      changed();
      return { message: M.reordered(req.body.kind) };
    },
  );

  app.put(
    '/admin/home-content/featured',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Choose the featured products in their home-page order: these are featured, every other product no longer (audited)',
        body: featuredProductsInputSchema,
        response: {
          200: z.object({ data: z.array(featuredProductItemSchema), message: z.string() }),
          ...refusals,
        },
      },
    },
    async (req) => {
      if (await saveFeaturedProducts(app.db, req.body.skus, staffOf(req).staff.id)) {
        // The shop shows the flags from the next request on (decision 0019).
        await app.catalog.refresh();
      }
      changed();
      return { data: await listFeaturedProducts(app.db), message: M.featuredSaved };
    },
  );

  app.put(
    '/admin/home-content/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Edit a slide or banner: every field; its kind stays (audited)',
        params,
        body: homeContentInputSchema,
        response: { 200: homeContentAnswerSchema, ...refusals, 404: messageAnswerSchema },
      },
    },
    async (req) => {
      const row = await updateHomeItem(
        app.db,
        app.files.media,
        req.params.id,
        req.body,
        staffOf(req).staff.id,
      );
      if (!row) throw new HttpError(404, M.notFound);
      changed();
      return { data: presentHomeItem(row, new Date()), message: M.saved(row.kind) };
    },
  );

  app.delete(
    '/admin/home-content/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Delete a slide or banner (audited; its picture stays in the media folder)',
        params,
        response: { 200: messageAnswerSchema, ...refusals, 404: messageAnswerSchema },
      },
    },
    async (req) => {
      const row = await deleteHomeItem(app.db, req.params.id, staffOf(req).staff.id);
      if (!row) throw new HttpError(404, M.notFound);
      changed();
      return { message: M.deleted(row.kind) };
    },
  );

  app.post(
    '/admin/home-content/images',
    {
      preHandler: guard,
      // Too big is refused from the announced length, before reading it.
      onRequest: async (req) => {
        const length = Number(req.headers['content-length']);
        if (Number.isFinite(length) && length > HOME_IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES) {
          throw new HttpError(413, M.tooLarge);
        }
      },
      schema: {
        tags,
        summary:
          'Upload a home picture (multipart: file; JPEG, PNG or WebP by its bytes, at most 5,242,880 bytes); answers its stored path and WebP copies',
        consumes: ['multipart/form-data'],
        response: {
          201: homeImageUploadAnswerSchema,
          ...refusals,
          413: messageAnswerSchema,
          415: messageAnswerSchema,
        },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new HttpError(415, M.notMultipart);
      const bytes = await readImage(req);
      const type = await fileTypeFromBuffer(bytes);
      const ext = type ? IMAGE_TYPES[type.mime as keyof typeof IMAGE_TYPES] : undefined;
      if (!ext) throw new HttpError(415, M.notImage);
      const stored = await storeHomeImage(app.files.media, bytes, ext);
      await recordAudit(app.db, {
        staffId: staffOf(req).staff.id,
        action: 'home_content.upload',
        entityType: 'home_content',
        entityId: stored.path,
        before: null,
        after: { path: stored.path, bytes: bytes.length },
      });
      return reply.code(201).send({ data: stored, message: M.uploaded });
    },
  );
};

export default homeContentRoutes;
