/**
 * The back office's catalog editing (issue 12): `GET /api/admin/products` (paged, searched by SKU or title,
 * filtered by low stock, featured and category; `data` and `total`), `GET /api/admin/products/{sku}` (the editable
 * fields and the product's audit trail), `PATCH /api/admin/products/{sku}` (price, sale price or percent off,
 * stock, featured flag, meta title and description; audited). Admins only: a `staff` member gets 403. Prices on
 * the wire are shelf prices inc. GST in dollars, the shop's `_price` as it is (issue 34 §7).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import {
  ADMIN_PRODUCT_MESSAGES,
  adminProductDetailSchema,
  adminProductListQuerySchema,
  adminProductListSchema,
  adminProductUpdateSchema,
} from '@store/shared/admin-products';
import { HttpError } from '../../plugins/error-handling';
import { getAdminProduct, listAdminProducts, updateAdminProduct } from './admin-products';
import { auditTrail } from './record-audit';
import { requireStaff, staffOf } from './require-staff';

// SKUs come from catalogs (letters, digits, dashes, dots, slashes at most); anything else is no product.
const params = z.object({
  sku: z.string().trim().min(1, ADMIN_PRODUCT_MESSAGES.notFound).max(100, ADMIN_PRODUCT_MESSAGES.notFound),
});

const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const guard = requireStaff(app, { roles: ['admin'] });
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/admin/products',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Products: paged, sortable, searched by SKU or title, filtered by low stock, featured, category',
        querystring: adminProductListQuerySchema,
        response: {
          200: adminProductListSchema,
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          403: messageAnswerSchema,
        },
      },
    },
    async (req) => listAdminProducts(app.db, req.query),
  );

  app.get(
    '/admin/products/:sku',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "One product's editable fields and its audit trail",
        params,
        response: {
          200: adminProductDetailSchema,
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          403: messageAnswerSchema,
          404: messageAnswerSchema,
        },
      },
    },
    async (req) => {
      const product = await getAdminProduct(app.db, req.params.sku);
      if (!product) throw new HttpError(404, ADMIN_PRODUCT_MESSAGES.notFound);
      return { data: product, audit: await auditTrail(app.db, 'product', product.sku) };
    },
  );

  app.patch(
    '/admin/products/:sku',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Edit a product: price inc. GST, sale price inc. GST or percent off, stock, featured, meta title and description (audited)',
        params,
        body: adminProductUpdateSchema,
        response: {
          200: adminProductDetailSchema.extend({ message: z.string() }),
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          403: messageAnswerSchema,
          404: messageAnswerSchema,
        },
      },
    },
    async (req) => {
      const { staff } = staffOf(req);
      const { changed, product } = await updateAdminProduct(app.db, req.params.sku, req.body, staff.id);
      // The shop shows the edit from the next request on (decision 0019).
      if (changed) await app.catalog.refresh();
      return {
        message: changed ? ADMIN_PRODUCT_MESSAGES.saved(product.sku) : ADMIN_PRODUCT_MESSAGES.unchanged,
        data: product,
        audit: await auditTrail(app.db, 'product', product.sku),
      };
    },
  );
};

export default adminProductRoutes;
