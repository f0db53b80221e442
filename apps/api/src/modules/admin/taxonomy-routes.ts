/**
 * The back office's taxonomy (issue 36 §2, decision 0050), admins only, every change audited:
 *
 * - `GET /api/admin/categories`: the tree, retired rows included; `POST /api/admin/categories` (add),
 *   `PUT /api/admin/categories/{id}` (rename; `sku` to move its address), `POST .../{id}/move` (up or down),
 *   `PATCH .../{id}/retired` (retire or restore), `POST .../{id}/thumbnail` (multipart picture);
 * - `POST /api/admin/categories/{id}/children` (add a child category), `PUT /api/admin/child-categories/{id}`,
 *   `POST .../{id}/move`, `PATCH .../{id}/retired`;
 * - `GET /api/admin/brands`, `POST /api/admin/brands`, `PUT /api/admin/brands/{id}` (`permalink` to move its
 *   address), `PATCH .../{id}/retired`, `POST .../{id}/images/{slot}` (logo or cover, multipart).
 *
 * Every change answers the whole fresh tree or list with a message, after this process's catalog read model has
 * reloaded, so the next page any shopper asks for shows it (decision 0019).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_TAXONOMY_MESSAGES as M,
  adminBrandInputSchema,
  adminBrandListSchema,
  adminCategoryInputSchema,
  adminCategoryTreeSchema,
  adminChildCategoryInputSchema,
  brandImageSlotSchema,
  TAXONOMY_IMAGE_MAX_BYTES,
  taxonomyMoveSchema,
  taxonomyRetiredSchema,
  type TaxonomyKind,
} from '@store/shared/admin-taxonomy';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import { HttpError } from '../../plugins/error-handling';
import {
  createBrand,
  createCategory,
  createChildCategory,
  listAdminBrands,
  listCategoryTree,
  moveCategory,
  moveChildCategory,
  renameBrand,
  renameCategory,
  renameChildCategory,
  setBrandImage,
  setBrandRetired,
  setCategoryRetired,
  setCategoryThumbnail,
  setChildCategoryRetired,
} from './admin-taxonomy';
import { requireStaff, staffOf } from './require-staff';
import { readImageUpload, storeTaxonomyImage } from './store-taxonomy-image';

const idParams = (kind: TaxonomyKind) =>
  z.object({
    id: z.coerce
      .number({ error: M.notFound(kind) })
      .int(M.notFound(kind))
      .positive(M.notFound(kind)),
  });
const refusals = {
  400: fieldErrorsAnswerSchema,
  401: messageAnswerSchema,
  403: messageAnswerSchema,
  404: messageAnswerSchema,
  409: fieldErrorsAnswerSchema,
};
const uploadRefusals = { ...refusals, 413: messageAnswerSchema, 415: fieldErrorsAnswerSchema };
/** Room for the form's framing on top of the picture. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const adminTaxonomyRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: TAXONOMY_IMAGE_MAX_BYTES, files: 2, fields: 2, fieldSize: 1024, parts: 4 },
  });
  const tags = ['admin'];
  const guard = requireStaff(app, { roles: ['admin'] });
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  const tooLarge = async (req: { headers: Record<string, unknown> }) => {
    const length = Number(req.headers['content-length']);
    if (Number.isFinite(length) && length > TAXONOMY_IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES)
      throw new HttpError(413, M.imageTooLarge);
  };

  /** After a change: this process's read model reloads, then the tree answers with `message`. */
  const categoryTree = async (message?: string) => {
    await app.catalog.refresh();
    return { data: await listCategoryTree(app.db), ...(message ? { message } : {}) };
  };
  const brandList = async (message?: string) => {
    await app.catalog.refresh();
    return { data: await listAdminBrands(app.db), ...(message ? { message } : {}) };
  };
  const staffId = (req: Parameters<typeof staffOf>[0]) => staffOf(req).staff.id;

  // --- categories -------------------------------------------------------------------------------------------

  app.get(
    '/admin/categories',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Every category in menu order with its child categories, retired ones included',
        response: { 200: adminCategoryTreeSchema, ...refusals },
      },
    },
    async () => ({ data: await listCategoryTree(app.db) }),
  );

  app.post(
    '/admin/categories',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Add a category at the end of the menu (audited); sku defaults to the slug of the title',
        body: adminCategoryInputSchema,
        response: { 201: adminCategoryTreeSchema, ...refusals },
      },
    },
    async (req, reply) => {
      await createCategory(app.db, req.body, staffId(req));
      return reply.code(201).send(await categoryTree(M.created('category', req.body.title)));
    },
  );

  app.put(
    '/admin/categories/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Rename a category (audited): the title, and its address when sku is given; the old address redirects',
        params: idParams('category'),
        body: adminCategoryInputSchema,
        response: { 200: adminCategoryTreeSchema, ...refusals },
      },
    },
    async (req) => {
      const { moved, changed } = await renameCategory(app.db, req.params.id, req.body, staffId(req));
      return categoryTree(changed ? M.renamed('category', req.body.title, moved) : M.unchanged);
    },
  );

  app.post(
    '/admin/categories/:id/move',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Move a category one place up or down the menu and the home grid (audited)',
        params: idParams('category'),
        body: taxonomyMoveSchema,
        response: { 200: adminCategoryTreeSchema, ...refusals },
      },
    },
    async (req) => {
      const title = await moveCategory(app.db, req.params.id, req.body.direction, staffId(req));
      return categoryTree(M.moved(title));
    },
  );

  app.patch(
    '/admin/categories/:id/retired',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Retire a category (hidden from the shop, its address leads to the shop) or restore it (audited)',
        params: idParams('category'),
        body: taxonomyRetiredSchema,
        response: { 200: adminCategoryTreeSchema, ...refusals },
      },
    },
    async (req) => {
      const title = await setCategoryRetired(app.db, req.params.id, req.body.retired, staffId(req));
      return categoryTree(req.body.retired ? M.retired('category', title) : M.restored('category', title));
    },
  );

  app.post(
    '/admin/categories/:id/thumbnail',
    {
      preHandler: guard,
      onRequest: tooLarge,
      schema: {
        tags,
        summary:
          "Upload a category's thumbnail (multipart: file; JPEG, PNG, WebP, AVIF or GIF, at most 5 MB)",
        params: idParams('category'),
        consumes: ['multipart/form-data'],
        response: { 200: adminCategoryTreeSchema, ...uploadRefusals },
      },
    },
    async (req) => {
      const bytes = await readImageUpload(req);
      const tree = await listCategoryTree(app.db);
      const category = tree.find((c) => c.id === req.params.id);
      if (!category) throw new HttpError(404, M.notFound('category'));
      const stored = await storeTaxonomyImage(app.files.media, 'categories', category.sku, bytes);
      await setCategoryThumbnail(app.db, category.id, stored, staffId(req));
      return categoryTree(M.imageSaved('thumbnail'));
    },
  );

  // --- child categories -------------------------------------------------------------------------------------

  app.post(
    '/admin/categories/:id/children',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Add a child category at the end of a category (audited); child_sku defaults to the slug',
        params: idParams('category'),
        body: adminChildCategoryInputSchema,
        response: { 201: adminCategoryTreeSchema, ...refusals },
      },
    },
    async (req, reply) => {
      await createChildCategory(app.db, req.params.id, req.body, staffId(req));
      return reply.code(201).send(await categoryTree(M.created('child_category', req.body.title)));
    },
  );

  app.put(
    '/admin/child-categories/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Rename a child category (audited); child_sku moves its address, the old one redirects',
        params: idParams('child_category'),
        body: adminChildCategoryInputSchema,
        response: { 200: adminCategoryTreeSchema, ...refusals },
      },
    },
    async (req) => {
      const { moved, changed } = await renameChildCategory(app.db, req.params.id, req.body, staffId(req));
      return categoryTree(changed ? M.renamed('child_category', req.body.title, moved) : M.unchanged);
    },
  );

  app.post(
    '/admin/child-categories/:id/move',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Move a child category one place up or down within its category (audited)',
        params: idParams('child_category'),
        body: taxonomyMoveSchema,
        response: { 200: adminCategoryTreeSchema, ...refusals },
      },
    },
    async (req) => {
      const title = await moveChildCategory(app.db, req.params.id, req.body.direction, staffId(req));
      return categoryTree(M.moved(title));
    },
  );

  app.patch(
    '/admin/child-categories/:id/retired',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Retire a child category (its address leads to its category) or restore it (audited)',
        params: idParams('child_category'),
        body: taxonomyRetiredSchema,
        response: { 200: adminCategoryTreeSchema, ...refusals },
      },
    },
    async (req) => {
      const title = await setChildCategoryRetired(app.db, req.params.id, req.body.retired, staffId(req));
      return categoryTree(
        req.body.retired ? M.retired('child_category', title) : M.restored('child_category', title),
      );
    },
  );

  // --- brands -----------------------------------------------------------------------------------------------

  app.get(
    '/admin/brands',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Every brand A-Z, retired ones included, with logo, cover and product count',
        response: { 200: adminBrandListSchema, ...refusals },
      },
    },
    async () => ({ data: await listAdminBrands(app.db) }),
  );

  app.post(
    '/admin/brands',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Add a brand (audited); permalink defaults to the slug of the title',
        body: adminBrandInputSchema,
        response: { 201: adminBrandListSchema, ...refusals },
      },
    },
    async (req, reply) => {
      await createBrand(app.db, req.body, staffId(req));
      return reply.code(201).send(await brandList(M.created('brand', req.body.title)));
    },
  );

  app.put(
    '/admin/brands/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Rename a brand (audited); permalink moves its address, the old one redirects',
        params: idParams('brand'),
        body: adminBrandInputSchema,
        response: { 200: adminBrandListSchema, ...refusals },
      },
    },
    async (req) => {
      const { moved, changed } = await renameBrand(app.db, req.params.id, req.body, staffId(req));
      return brandList(changed ? M.renamed('brand', req.body.title, moved) : M.unchanged);
    },
  );

  app.patch(
    '/admin/brands/:id/retired',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Retire a brand (hidden; its page leads to the brands page) or restore it (audited)',
        params: idParams('brand'),
        body: taxonomyRetiredSchema,
        response: { 200: adminBrandListSchema, ...refusals },
      },
    },
    async (req) => {
      const title = await setBrandRetired(app.db, req.params.id, req.body.retired, staffId(req));
      return brandList(req.body.retired ? M.retired('brand', title) : M.restored('brand', title));
    },
  );

  app.post(
    '/admin/brands/:id/images/:slot',
    {
      preHandler: guard,
      onRequest: tooLarge,
      schema: {
        tags,
        summary:
          "Upload a brand's logo or cover (multipart: file; JPEG, PNG, WebP, AVIF or GIF, at most 5 MB)",
        params: idParams('brand').extend({ slot: brandImageSlotSchema }),
        consumes: ['multipart/form-data'],
        response: { 200: adminBrandListSchema, ...uploadRefusals },
      },
    },
    async (req) => {
      const bytes = await readImageUpload(req);
      const brand = (await listAdminBrands(app.db)).find((b) => b.id === req.params.id);
      if (!brand) throw new HttpError(404, M.notFound('brand'));
      const name = `${brand.permalink}-${req.params.slot}`;
      const stored = await storeTaxonomyImage(app.files.media, 'brands', name, bytes);
      await setBrandImage(app.db, brand.id, req.params.slot, stored, staffId(req));
      return brandList(M.imageSaved(req.params.slot));
    },
  );
};

export default adminTaxonomyRoutes;
