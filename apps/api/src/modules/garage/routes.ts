/**
 * My Garage under /api (issue 15 §5, decision 0033): list, add, rename, remove, and merge a guest's garage at
 * sign-in. Member routes like the other account resources: `app.requireMember` answers 401 without a live session,
 * and everything acts only for `request.member()` (DESIGN §5.4). Thin: schema, one service call, answer.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import {
  garageAddSchema,
  garageListResponseSchema,
  garageMergeSchema,
  garageRenameSchema,
  garageVehicleResponseSchema,
} from '@store/shared/garage';
import { MAX_DB_ID } from '../../db/client';
import type { Member } from '../accounts/sessions';
import {
  addToGarage,
  listGarage,
  mergeGarage,
  removeGarageVehicle,
  renameGarageVehicle,
} from './garage-service';

const memberErrors = { 400: fieldErrorsAnswerSchema, 401: messageAnswerSchema, 404: messageAnswerSchema };
const ENTRY_ID_MESSAGE = 'id must be a garage entry id such as 12 (the entry id, not the vehicle id)';
const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, ENTRY_ID_MESSAGE)
    .transform(Number)
    .refine((id) => id <= MAX_DB_ID, ENTRY_ID_MESSAGE),
});

const garageRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['garage'];
  const security = [{ bearerAuth: [] }];
  /** The member of a route behind `requireMember` (never null there). */
  const userIdOf = async (req: { member(): Promise<Member | null> }) =>
    ((await req.member()) as Member).userId;
  const member = { preHandler: app.requireMember };

  app.get(
    '/garage',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: "The member's garage, oldest first",
        response: { 200: garageListResponseSchema, 401: messageAnswerSchema },
      },
    },
    async (req) => ({ data: await listGarage(app.db, await userIdOf(req)) }),
  );

  app.post(
    '/garage',
    {
      ...member,
      schema: {
        tags,
        security,
        summary:
          'Keep a vehicle in a model year (default: its first year): 201 when added, 200 with the entry already there (renamed when a name is sent), 409 when the garage holds 10',
        body: garageAddSchema,
        response: {
          200: garageVehicleResponseSchema,
          201: garageVehicleResponseSchema,
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          409: messageAnswerSchema,
        },
      },
    },
    async (req, reply) => {
      const { entry, created } = await addToGarage(app.db, await userIdOf(req), req.body);
      return reply.code(created ? 201 : 200).send({ data: entry });
    },
  );

  app.post(
    '/garage/merge',
    {
      ...member,
      schema: {
        tags,
        security,
        summary:
          "Merge a guest's garage from the browser after sign-in: added in order unless already there, up to 10; unknown vehicles and years are skipped. Answers the whole garage",
        body: garageMergeSchema,
        response: { 200: garageListResponseSchema, 400: fieldErrorsAnswerSchema, 401: messageAnswerSchema },
      },
    },
    async (req) => ({ data: await mergeGarage(app.db, await userIdOf(req), req.body.vehicles) }),
  );

  app.patch(
    '/garage/:id',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: "Rename one of the member's vehicles (null or '' clears the name; 404 for anyone else's)",
        params: idParams,
        body: garageRenameSchema,
        response: { 200: garageVehicleResponseSchema, ...memberErrors },
      },
    },
    async (req) => ({
      data: await renameGarageVehicle(app.db, await userIdOf(req), req.params.id, req.body.name),
    }),
  );

  app.delete(
    '/garage/:id',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: "Remove one of the member's vehicles (404 for anyone else's)",
        params: idParams,
        response: { 204: z.null().describe('Removed'), ...memberErrors },
      },
    },
    async (req, reply) => {
      await removeGarageVehicle(app.db, await userIdOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default garageRoutes;
