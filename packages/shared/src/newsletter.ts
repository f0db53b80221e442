/**
 * Newsletter subscription (SPEC §3 Newsletter subscription, §5 'Newsletter: email required', §8 messages).
 * One schema for the footer form and the API.
 */
import { z } from 'zod';
import { NEWSLETTER_MESSAGES } from './newsletter-constants';

/** `POST /api/unsubscribe` (issue 11): the token from the link, in the body or the query (RFC 8058 one-click). */
export const unsubscribeRequestSchema = z.object({
  token: z
    .string({ error: NEWSLETTER_MESSAGES.unsubscribeInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, NEWSLETTER_MESSAGES.unsubscribeInvalid),
});

export const newsletterSubscriptionSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .pipe(z.email('Invalid email format')),
});
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;
