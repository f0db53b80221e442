/**
 * POST /api/subscribe (SPEC §7): adds an email to the newsletter. Subscribing twice answers the same
 * success, so the form never reveals who is already on the list.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NEWSLETTER_MESSAGES, newsletterSubscriptionSchema } from '@store/shared/newsletter';
import { newsletterSubscriptions } from '../../db/schema';
import { perMinute } from '../../plugins/rate-limit';

/** Subscriptions per client IP per minute: plenty for a person, little for a script filling the list. */
const SUBSCRIBE_PER_MINUTE = 10;

const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/subscribe',
    {
      config: { rateLimit: perMinute(SUBSCRIBE_PER_MINUTE) },
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an email to the newsletter',
        body: newsletterSubscriptionSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (req) => {
      await app.db
        .insert(newsletterSubscriptions)
        .values({ email: req.body.email.toLowerCase() })
        .onConflictDoNothing({ target: newsletterSubscriptions.email });
      return { message: NEWSLETTER_MESSAGES.success };
    },
  );
};

export default newsletterRoutes;
