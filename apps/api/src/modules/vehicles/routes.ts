/**
 * The vehicle selector's calls under /api (issue 15 §4, decision 0029): `GET /vehicles/makes`,
 * `/vehicles/models?make=`, `/vehicles/years?make=&model=`, `/vehicles?make=&model=&year=` (the variants) and
 * `/vehicles/{id}`, and `/products/{sku}/fitment` (the vehicles a part fits). Public, cached like the catalog's answers (the list changes only by import).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswerSchema, validationErrorAnswerSchema } from '@store/shared/error-answers';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { productFitmentSchema } from '@store/shared/fitment';
import { VEHICLE_YEAR_MAX, VEHICLE_YEAR_MIN, vehicleAnswerSchema } from '@store/shared/vehicle';
import { products } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import {
  findVehicle,
  listMakes,
  listModels,
  listVariants,
  listYears,
  productFitment,
} from './vehicle-service';

/** Seconds shared caches may keep these answers. */
const VEHICLES_CACHE_S = 300;

const errorResponses = {
  400: validationErrorAnswerSchema,
};
const name = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(60, `${field} must be 60 characters or fewer`);
const year = z.coerce
  .number({ error: 'year must be a year such as 2017' })
  .int('year must be a year such as 2017')
  .min(VEHICLE_YEAR_MIN, `year must be from ${VEHICLE_YEAR_MIN} to ${VEHICLE_YEAR_MAX}`)
  .max(VEHICLE_YEAR_MAX, `year must be from ${VEHICLE_YEAR_MIN} to ${VEHICLE_YEAR_MAX}`);

const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['vehicles'];
  const config = { cache: VEHICLES_CACHE_S };

  app.get(
    '/vehicles/makes',
    {
      config,
      schema: {
        tags,
        summary: 'Every make, A to Z',
        response: { 200: z.object({ data: z.array(z.string()) }) },
      },
    },
    async () => ({ data: await listMakes(app.db) }),
  );

  app.get(
    '/vehicles/models',
    {
      config,
      schema: {
        tags,
        summary: 'The models of a make, A to Z (empty for a make the store does not know)',
        querystring: z.object({ make: name('make') }),
        response: { 200: z.object({ data: z.array(z.string()) }), ...errorResponses },
      },
    },
    async (req) => ({ data: await listModels(app.db, req.query.make) }),
  );

  app.get(
    '/vehicles/years',
    {
      config,
      schema: {
        tags,
        summary: 'The model years in which a model was sold, newest first',
        querystring: z.object({ make: name('make'), model: name('model') }),
        response: { 200: z.object({ data: z.array(z.number().int()) }), ...errorResponses },
      },
    },
    async (req) => ({ data: await listYears(app.db, req.query.make, req.query.model) }),
  );

  app.get(
    '/vehicles',
    {
      config,
      schema: {
        tags,
        summary:
          'The variants of a model sold in a year (series, submodel, engine, body, drive), with their labels',
        querystring: z.object({ make: name('make'), model: name('model'), year }),
        response: { 200: z.object({ data: z.array(vehicleAnswerSchema) }), ...errorResponses },
      },
    },
    async (req) => ({ data: await listVariants(app.db, req.query.make, req.query.model, req.query.year) }),
  );

  app.get(
    '/vehicles/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One vehicle',
        params: z.object({
          id: z.coerce
            .number({ error: 'id must be a vehicle id such as 12' })
            .int('id must be a vehicle id such as 12')
            .min(1, 'id must be a vehicle id such as 12')
            .max(2_147_483_647, 'id must be a vehicle id such as 12'),
        }),
        response: {
          200: z.object({ data: vehicleAnswerSchema }),
          404: messageAnswerSchema,
          ...errorResponses,
        },
      },
    },
    async (req) => {
      const vehicle = await findVehicle(app.db, req.params.id);
      if (!vehicle) throw new HttpError(404, `No vehicle with id ${req.params.id}`);
      return { data: vehicle };
    },
  );

  app.get(
    '/products/:sku/fitment',
    {
      config,
      schema: {
        tags,
        summary:
          'The vehicles a product fits, grouped by make and model, with position and notes (universal: fits every vehicle)',
        params: z.object({
          sku: z.string().trim().min(1, 'sku is required').max(200, 'sku must be 200 characters or fewer'),
        }),
        response: {
          200: z.object({ data: productFitmentSchema }),
          404: messageAnswerSchema,
          ...errorResponses,
        },
      },
    },
    async (req) => {
      const [product] = await app.db
        .select({ id: products.id, sku: products.sku, universal: products.universalFit })
        .from(products)
        .where(
          and(
            or(
              sql`lower(${products.sku}) = lower(${req.params.sku})`,
              eq(products.permalink, req.params.sku),
            ),
            isNull(products.archivedAt),
          ),
        )
        .limit(1);
      if (!product) throw new HttpError(404, `No product with SKU "${req.params.sku}"`);
      return { data: await productFitment(app.db, product) };
    },
  );
};

export default vehicleRoutes;
