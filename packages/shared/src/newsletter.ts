/**
 * Newsletter subscription (SPEC §3 Newsletter subscription, §5 'Newsletter: email required', §8 messages).
 * One schema for the footer form and the API.
 */
import { z } from 'zod';

export const NEWSLETTER_MESSAGES = {
  success: 'Subscribed successfully!',
  failure: 'Subscription failed. Please try again.',
} as const;

export const newsletterSubscriptionSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .pipe(z.email('Invalid email format')),
});
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;
