/**
 * Catalog calls of SPEC §7 under /api: /categories, /latest-products, /virtual-products, /shop,
 * /products/{sku}, /search-product, and /cart-products (the cart re-reads its products' current prices).
 * Thin: schema, one call, answer. Catalog reads answer from the read model (decision 0019) as JSON text built
 * once per product, with their ETag; the response schemas (packages/shared/src/catalog-answers.ts) document them,
 * and routes.test.ts parses each answer's bytes with them. /cart-products reads the database.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bestSellersAnswerSchema } from '@store/shared/best-sellers';
import { messageAnswerSchema, validationErrorAnswerSchema } from '@store/shared/error-answers';
import {
  latestProductsQuerySchema,
  productQuerySchema,
  searchQuerySchema,
  shopQuerySchema,
} from '@store/shared/catalog-query';
import {
  cartProductsAnswerSchema,
  categoriesAnswerSchema,
  featuredProductsAnswerSchema,
  latestProductsAnswerSchema,
  productAnswerSchema,
  searchAnswerSchema,
  shopAnswerSchema,
} from '@store/shared/catalog-answers';
import { MAX_DB_ID } from '../../db/client';
import { HttpError } from '../../plugins/error-handling';
import { sendJsonAnswer } from '../../plugins/http-caching';
import {
  bestSellersAnswer,
  categoriesAnswer,
  featuredAnswer,
  latestAnswer,
  productAnswer,
  searchAnswer,
  shopAnswer,
  UnknownVehicleError,
} from './catalog-answers';
import { createBestSellers } from './best-sellers';
import { createListingAnswerCache } from './listing-answer-cache';
import { getProductsByIds } from './catalog-service';
import { SEARCH_BUILD_WAIT_MS } from './search-hits';
import { withTradePrices } from '../trade/trade-prices';

/** Seconds shared caches may keep catalog answers. */
const CATALOG_CACHE_S = 60;

const errorResponses = {
  400: validationErrorAnswerSchema,
};
/** Most products one cart-products call answers: a cart holds at most 100 lines (MAX_ORDER_LINES). */
const MAX_CART_PRODUCT_IDS = 100;
const CART_IDS_MESSAGE = `ids must be up to ${MAX_CART_PRODUCT_IDS} product ids, comma-separated, such as 1,2,3`;
/** `?ids=1,2,3`: positive whole numbers, repeats ignored. */
const cartProductsQuerySchema = z.object({
  ids: z
    .string({ error: CART_IDS_MESSAGE })
    .trim()
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, CART_IDS_MESSAGE)
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine(
      (ids) => ids.length <= MAX_CART_PRODUCT_IDS && ids.every((id) => id <= MAX_DB_ID),
      CART_IDS_MESSAGE,
    ),
});

const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog'];
  // `vehicle=` naming no vehicle of the list: a 400 that says where the ids come from.
  app.setErrorHandler((error, _req, _reply) => {
    if (error instanceof UnknownVehicleError)
      throw new HttpError(400, error.message, [{ field: 'vehicle', message: error.message }]);
    throw error;
  });
  const config = { cache: CATALOG_CACHE_S };
  // A listing page is built once per catalog change (decision 0078); search keeps building its own, since its
  // index may still be catching up with the view (decision 0074).
  const listings = createListingAnswerCache();
  // sendJsonAnswer compresses these answers itself, at most twice per URL and ETag: @fastify/compress's two hooks
  // would only look at each request and pass it on (issue 15 §7: about 3 % of a listing's CPU).
  const compress = false;

  app.get(
    '/categories',
    {
      config,
      compress,
      schema: {
        tags,
        summary: 'Categories with their child categories',
        response: { 200: categoriesAnswerSchema },
      },
    },
    async (_req, reply) => sendJsonAnswer(reply, categoriesAnswer(await app.catalog.view())),
  );

  app.get(
    '/latest-products',
    {
      config,
      compress,
      schema: {
        tags,
        summary: 'Newest products',
        querystring: latestProductsQuerySchema,
        response: { 200: latestProductsAnswerSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const view = await app.catalog.view();
      const { pagination, vehicle } = req.query;
      return sendJsonAnswer(
        reply,
        await listings.answer(view, 'latest', req.query, () => latestAnswer(view, pagination, vehicle)),
      );
    },
  );

  app.get(
    '/virtual-products',
    {
      config,
      compress,
      schema: {
        tags,
        summary: 'Featured products',
        response: { 200: featuredProductsAnswerSchema },
      },
    },
    async (_req, reply) => {
      // The owner's order (issue 36 §2); while the database is away, newest first as before.
      const settings = await app.storefrontSettings.read().catch(() => null);
      return sendJsonAnswer(reply, await featuredAnswer(await app.catalog.view(), settings?.featuredOrder));
    },
  );

  // Issue 37 §4: the ranking is kept a few minutes (best-sellers.ts), the products come from the catalog's view.
  const bestSellers = createBestSellers(app.db);
  app.get(
    '/best-selling-products',
    {
      config,
      compress,
      schema: {
        tags,
        summary:
          'Best sellers of the last 90 days by units sold (paid orders, less refunds); the featured products while fewer than 5 orders were paid',
        response: { 200: bestSellersAnswerSchema },
      },
    },
    async (_req, reply) => {
      const [ranking, settings] = await Promise.all([
        bestSellers.read(),
        app.storefrontSettings.read().catch(() => null),
      ]);
      return sendJsonAnswer(
        reply,
        await bestSellersAnswer(await app.catalog.view(), ranking, settings?.featuredOrder),
      );
    },
  );

  app.get(
    '/shop',
    {
      config,
      compress,
      schema: {
        tags,
        summary:
          'One page of products, filtered by category, child category, brand, price range and stock, in the order asked',
        querystring: shopQuerySchema,
        response: { 200: shopAnswerSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const view = await app.catalog.view();
      return sendJsonAnswer(
        reply,
        await listings.answer(view, 'shop', req.query, () => shopAnswer(view, req.query)),
      );
    },
  );

  app.get(
    '/products/:sku',
    {
      config,
      compress,
      schema: {
        tags,
        summary: 'One product by SKU (or permalink)',
        params: z.object({
          sku: z.string().trim().min(1, 'sku is required').max(200, 'sku must be 200 characters or fewer'),
        }),
        querystring: productQuerySchema,
        response: { 200: productAnswerSchema, 404: messageAnswerSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const answer = await productAnswer(await app.catalog.view(), req.params.sku, req.query.vehicle);
      if (!answer) throw new HttpError(404, `No product with SKU "${req.params.sku}"`);
      return sendJsonAnswer(reply, answer);
    },
  );

  app.get(
    '/cart-products',
    {
      // No `cache` config: answered `no-store`, so the cart always shows today's prices and stock.
      schema: {
        tags,
        summary:
          "The cart's products by id, with current prices (ids no longer sold are left out); a signed-in trade customer's carry trade_price",
        querystring: cartProductsQuerySchema,
        response: { 200: cartProductsAnswerSchema, ...errorResponses },
      },
    },
    // A trade customer's cart is priced by their lists (issue 39 §2): the same rule place-order charges by.
    async (req) => ({
      data: await withTradePrices(
        app.db,
        await getProductsByIds(app.db, req.query.ids),
        (await req.member())?.userId,
      ),
    }),
  );

  app.get(
    '/search-product',
    {
      config,
      compress,
      schema: {
        tags,
        summary:
          'Ranked product search (title, SKU, brand, category; prefixes and typos), with sort, price range and stock filters',
        querystring: searchQuerySchema,
        response: { 200: searchAnswerSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const view = await app.catalog.view();
      // A search waits for the catalog's own index a moment, then answers from the last one (decision 0074).
      await view.searchReady(SEARCH_BUILD_WAIT_MS);
      return sendJsonAnswer(reply, await searchAnswer(view, req.query));
    },
  );
};

export default catalogRoutes;
