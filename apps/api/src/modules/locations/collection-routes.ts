/**
 * Click & collect in the back office (issue 41 §2, decision 0069), any staff member:
 * `POST /api/admin/orders/:publicId/ready-for-collection` (mails and texts the customer once),
 * `POST /api/admin/orders/:publicId/collected` (the collector's name), and
 * `GET /api/admin/locations/:id/pick-list` (what to pick there, and what waits at its counter).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COLLECT_MESSAGES, collectedRequestSchema, pickListSchema } from '@store/shared/click-and-collect';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import { LOCATION_MESSAGES } from '@store/shared/stock-locations';
import { adminOrderParams } from '../admin/order-routes';
import { requireStaff } from '../admin/require-staff';
import { createSmsSender } from '../sms/sms-sender';
import {
  composeReadyForCollection,
  locationPickList,
  markCollected,
  markReadyForCollection,
} from './collection-steps';

const refusals = { 401: messageAnswerSchema, 403: messageAnswerSchema, 404: messageAnswerSchema };
const stepAnswer = z.object({
  message: z.string(),
  data: z.object({
    public_id: z.string(),
    status: z.string(),
    ready_for_collection_at: z.string().nullable(),
    collected_at: z.string().nullable(),
    collected_by: z.string().nullable(),
  }),
});
const present = (o: {
  publicId: string;
  status: string;
  readyForCollectionAt: Date | null;
  collectedAt: Date | null;
  collectedBy: string | null;
}) => ({
  public_id: o.publicId,
  status: o.status,
  ready_for_collection_at: o.readyForCollectionAt?.toISOString() ?? null,
  collected_at: o.collectedAt?.toISOString() ?? null,
  collected_by: o.collectedBy,
});

const collectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const guard = requireStaff(app);
  const sms = createSmsSender(app.config);
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.post(
    '/admin/orders/:publicId/ready-for-collection',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Mark a paid click & collect order ready for collection (processing if pending); mails and texts the customer once',
        params: adminOrderParams,
        response: { 200: stepAnswer, 409: messageAnswerSchema, ...refusals },
      },
    },
    async (req) => {
      const { order, location, changed } = await markReadyForCollection(app.db, req.params.publicId);
      if (changed) {
        const composed = composeReadyForCollection(app.db, app.config.publicBaseUrl, order, location);
        app.mail.deliver('ready for collection', async () => (await composed).mail);
        // After the answer, as the mail; a text that cannot go is logged (never the number), the order stays ready.
        setImmediate(() => {
          void composed
            .then(async ({ sms: message }) => {
              if (message) await sms.send(message);
            })
            .catch((err: unknown) =>
              app.log.error({ err, invoice: order.invoiceNumber }, 'ready text not sent'),
            );
        });
      }
      return {
        message: changed
          ? COLLECT_MESSAGES.ready(order.invoiceNumber, location.name)
          : COLLECT_MESSAGES.alreadyReady(order.invoiceNumber),
        data: present(order),
      };
    },
  );

  app.post(
    '/admin/orders/:publicId/collected',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Record who collected a click & collect order (1–80 characters); the order is then delivered',
        params: adminOrderParams,
        body: collectedRequestSchema,
        response: { 200: stepAnswer, 400: fieldErrorsAnswerSchema, 409: messageAnswerSchema, ...refusals },
      },
    },
    async (req) => {
      const order = await markCollected(app.db, req.params.publicId, req.body.collected_by);
      return {
        message: COLLECT_MESSAGES.collected(order.invoiceNumber, req.body.collected_by),
        data: present(order),
      };
    },
  );

  app.get(
    '/admin/locations/:id/pick-list',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'A location’s pick list: paid orders to collect there or reserved there, lines with the location the units come from; then orders waiting at the counter',
        params: z.object({
          id: z.coerce
            .number({ error: LOCATION_MESSAGES.notFound })
            .int()
            .positive(LOCATION_MESSAGES.notFound)
            .max(2_147_483_647, LOCATION_MESSAGES.notFound),
        }),
        response: {
          200: z.object({
            data: pickListSchema,
          }),
          ...refusals,
        },
      },
    },
    async (req) => ({ data: await locationPickList(app.db, req.params.id) }),
  );
};

export default collectionRoutes;
