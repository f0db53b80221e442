/**
 * Catalog calls of SPEC §7 under /api: /categories, /latest-products, /virtual-products, /shop,
 * /products/{sku}, /search-product. Thin: schema, one service call, answer.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { latestProductsQuerySchema, searchQuerySchema, shopQuerySchema } from '@store/shared/catalog-query';
import { categorySchema, productSchema } from '@store/shared/product';
import { HttpError } from '../../plugins/error-handling';
import {
  findProduct,
  listCategories,
  listFeaturedProducts,
  listLatestProducts,
  listShopProducts,
} from './catalog-service';
import { searchProducts } from './search-products';

/** Seconds shared caches may keep catalog answers. */
const CATALOG_CACHE_S = 60;

const messageSchema = z.object({ message: z.string() });
const errorResponses = {
  400: messageSchema.extend({ errors: z.array(z.object({ field: z.string(), message: z.string() })) }),
};
const pageSchema = {
  total: z.number().int(),
  last_page: z.number().int(),
  current_page: z.number().int(),
  per_page: z.number().int(),
};

const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog'];
  const config = { cache: CATALOG_CACHE_S };

  app.get(
    '/categories',
    {
      config,
      schema: {
        tags,
        summary: 'Categories with their child categories',
        response: { 200: z.object({ data: z.array(categorySchema) }) },
      },
    },
    async () => ({ data: await listCategories(app.db) }),
  );

  app.get(
    '/latest-products',
    {
      config,
      schema: {
        tags,
        summary: 'Newest products',
        querystring: latestProductsQuerySchema,
        response: { 200: z.object({ data: z.object({ data: z.array(productSchema) }) }), ...errorResponses },
      },
    },
    async (req) => ({ data: { data: await listLatestProducts(app.db, req.query.pagination) } }),
  );

  app.get(
    '/virtual-products',
    {
      config,
      schema: {
        tags,
        summary: 'Featured products',
        response: { 200: z.object({ data: z.array(productSchema) }) },
      },
    },
    async () => ({ data: await listFeaturedProducts(app.db) }),
  );

  app.get(
    '/shop',
    {
      config,
      schema: {
        tags,
        summary: 'One page of products, filtered by category, child category and brand',
        querystring: shopQuerySchema,
        response: {
          200: z.object({
            data: z.array(productSchema),
            ...pageSchema,
            filters: z.object({
              category: z.object({ sku: z.string(), title: z.string() }).nullable(),
              child_category: z.object({ child_sku: z.string(), child_title: z.string() }).nullable(),
              brand: z.object({ permalink: z.string(), title: z.string() }).nullable(),
            }),
          }),
          ...errorResponses,
        },
      },
    },
    async (req) => listShopProducts(app.db, req.query),
  );

  app.get(
    '/products/:sku',
    {
      config,
      schema: {
        tags,
        summary: 'One product by SKU (or permalink)',
        params: z.object({ sku: z.string().trim().min(1).max(200) }),
        response: { 200: z.object({ data: productSchema }), 404: messageSchema, ...errorResponses },
      },
    },
    async (req) => {
      const product = await findProduct(app.db, req.params.sku);
      if (!product) throw new HttpError(404, `No product with SKU "${req.params.sku}"`);
      return { data: product };
    },
  );

  app.get(
    '/search-product',
    {
      config,
      schema: {
        tags,
        summary: 'Ranked product search (title, SKU, brand, category; prefixes and typos)',
        querystring: searchQuerySchema,
        response: {
          200: z.object({
            data: z.array(productSchema),
            ...pageSchema,
            corrected_query: z.string().optional(),
          }),
          ...errorResponses,
        },
      },
    },
    async (req) => searchProducts(app.db, req.query.search, req.query.page, req.query.pagination),
  );
};

export default catalogRoutes;
