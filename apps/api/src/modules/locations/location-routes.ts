/**
 * Locations and stock by location (issue 41 §1-2, decision 0069). Back office (any staff member, decision 0018):
 * `GET/POST /api/admin/locations`, `PUT /api/admin/locations/:id`, `GET /api/admin/products/:id/location-stock`,
 * `POST …/location-stock/transfer` and `…/count`, `GET /api/admin/stock-movements`. Storefront: `GET /api/locations`
 * (the active locations, for the product page and the checkout's store choice). Thin: schema, one call, answer.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_LOCATION_MESSAGES,
  adminLocationAnswerSchema,
  adminLocationInputSchema,
  adminLocationsAnswerSchema,
  productLocationStockAnswerSchema,
  stockCountInputSchema,
  stockMovementsAnswerSchema,
  stockMovementsQuerySchema,
  stockTransferInputSchema,
} from '@store/shared/admin-locations';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import { productAvailabilityAnswerSchema } from '@store/shared/product-availability';
import { LOCATION_MESSAGES } from '@store/shared/stock-locations';
import { requireStaff, staffOf } from '../admin/require-staff';
import {
  countStock,
  listAdminLocations,
  listStockMovements,
  productLocationStock,
  saveAdminLocation,
  transferStock,
} from './admin-locations';
import { loadActiveLocations, productAvailability } from './location-stock';

const refusals = { 401: messageAnswerSchema, 403: messageAnswerSchema };
const locationParams = z.object({
  id: z.coerce
    .number({ error: LOCATION_MESSAGES.notFound })
    .int(LOCATION_MESSAGES.notFound)
    .positive(LOCATION_MESSAGES.notFound)
    .max(2_147_483_647, LOCATION_MESSAGES.notFound),
});
const productParams = z.object({
  id: z.coerce
    .number({ error: ADMIN_LOCATION_MESSAGES.productNotFound })
    .int(ADMIN_LOCATION_MESSAGES.productNotFound)
    .positive(ADMIN_LOCATION_MESSAGES.productNotFound)
    .max(2_147_483_647, ADMIN_LOCATION_MESSAGES.productNotFound),
});

const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const guard = requireStaff(app);
  const staffName = (req: Parameters<typeof staffOf>[0]) => {
    const { staff } = staffOf(req);
    return { id: staff.id, name: staff.name };
  };

  app.get(
    '/locations',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'The store’s active locations: address, opening hours, whether each ships or hands over orders',
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { data: await loadActiveLocations(app.db) };
    },
  );

  app.get(
    '/products/:id/availability',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'One product’s units at each active location, with the locations, for the product page’s stock lines',
        params: productParams,
        response: { 200: productAvailabilityAnswerSchema, 404: messageAnswerSchema },
      },
    },
    async (req, reply) => {
      // Short: it says how many are on a shelf now; the catalog's own answers stay as cached as they are.
      reply.header('cache-control', 'public, max-age=15');
      return { data: await productAvailability(app.db, req.params.id) };
    },
  );

  app.get(
    '/admin/locations',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Every location (active or not) by sort order, with the units each holds',
        response: { 200: adminLocationsAnswerSchema, ...refusals },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await listAdminLocations(app.db) };
    },
  );

  app.post(
    '/admin/locations',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Add a location. 400 names each field at fault; 409 for a code in use or no shipping location left',
        body: adminLocationInputSchema,
        response: {
          200: adminLocationAnswerSchema,
          400: fieldErrorsAnswerSchema,
          409: fieldErrorsAnswerSchema,
          ...refusals,
        },
      },
    },
    async (req) => ({
      data: await saveAdminLocation(app.db, null, req.body),
      message: ADMIN_LOCATION_MESSAGES.created,
    }),
  );

  app.put(
    '/admin/locations/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Edit a location (every field). 409 when it would leave no active shipping location, or switch off one holding stock',
        params: locationParams,
        body: adminLocationInputSchema,
        response: {
          200: adminLocationAnswerSchema,
          400: fieldErrorsAnswerSchema,
          404: messageAnswerSchema,
          409: fieldErrorsAnswerSchema,
          ...refusals,
        },
      },
    },
    async (req) => ({
      data: await saveAdminLocation(app.db, req.params.id, req.body),
      message: ADMIN_LOCATION_MESSAGES.saved,
    }),
  );

  app.get(
    '/admin/products/:id/location-stock',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'A product’s units on hand per location, and its latest 50 stock movements',
        params: productParams,
        response: { 200: productLocationStockAnswerSchema, 404: messageAnswerSchema, ...refusals },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await productLocationStock(app.db, req.params.id) };
    },
  );

  app.post(
    '/admin/products/:id/location-stock/transfer',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Move units of a product between locations (recorded with the staff member). 409 when the source holds fewer',
        params: productParams,
        body: stockTransferInputSchema,
        response: {
          200: productLocationStockAnswerSchema,
          400: fieldErrorsAnswerSchema,
          404: messageAnswerSchema,
          409: fieldErrorsAnswerSchema,
          ...refusals,
        },
      },
    },
    async (req) => {
      const message = await transferStock(
        app.db,
        req.params.id,
        {
          fromLocationId: req.body.from_location_id,
          toLocationId: req.body.to_location_id,
          quantity: req.body.quantity,
          note: req.body.note,
        },
        staffName(req),
      );
      return { data: await productLocationStock(app.db, req.params.id), message };
    },
  );

  app.post(
    '/admin/products/:id/location-stock/count',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Set the units counted at a location (the difference is recorded as a count; the total follows)',
        params: productParams,
        body: stockCountInputSchema,
        response: {
          200: productLocationStockAnswerSchema,
          400: fieldErrorsAnswerSchema,
          404: messageAnswerSchema,
          ...refusals,
        },
      },
    },
    async (req) => {
      const message = await countStock(
        app.db,
        req.params.id,
        { locationId: req.body.location_id, onHand: req.body.on_hand, note: req.body.note },
        staffName(req),
      );
      return { data: await productLocationStock(app.db, req.params.id), message };
    },
  );

  app.get(
    '/admin/stock-movements',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Stock movements, newest first, by product SKU and/or location',
        querystring: stockMovementsQuerySchema,
        response: { 200: stockMovementsAnswerSchema, 400: fieldErrorsAnswerSchema, ...refusals },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        data: await listStockMovements(app.db, {
          ...(req.query.sku ? { sku: req.query.sku } : {}),
          ...(req.query.location_id ? { locationId: req.query.location_id } : {}),
          limit: req.query.limit,
        }),
      };
    },
  );
};

export default locationRoutes;
