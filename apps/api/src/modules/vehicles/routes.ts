/**
 * The vehicle selector's calls under /api (issue 15 §4, decision 0029): `GET /vehicles/makes`,
 * `/vehicles/models?make=`, `/vehicles/years?make=&model=`, `/vehicles?make=&model=&year=` (the variants) and
 * `/vehicles/{id}`. Public, cached like the catalog's answers (the list changes only by import).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VEHICLE_YEAR_MAX, VEHICLE_YEAR_MIN, vehicleAnswerSchema } from '@store/shared/vehicle';
import { HttpError } from '../../plugins/error-handling';
import { findVehicle, listMakes, listModels, listVariants, listYears } from './vehicle-service';

/** Seconds shared caches may keep these answers. */
const VEHICLES_CACHE_S = 300;

const messageSchema = z.object({ message: z.string() });
const errorResponses = {
  400: messageSchema.extend({ errors: z.array(z.object({ field: z.string(), message: z.string() })) }),
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
        response: { 200: z.object({ data: vehicleAnswerSchema }), 404: messageSchema, ...errorResponses },
      },
    },
    async (req) => {
      const vehicle = await findVehicle(app.db, req.params.id);
      if (!vehicle) throw new HttpError(404, `No vehicle with id ${req.params.id}`);
      return { data: vehicle };
    },
  );
};

export default vehicleRoutes;
