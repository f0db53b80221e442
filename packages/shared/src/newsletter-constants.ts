/**
 * Newsletter messages and paths without zod (SPEC §8 Newsletter; issue 11), so the footer form and the
 * unsubscribe page import them without the schemas (decision 0005). The schemas are in `newsletter.ts`.
 */

export const NEWSLETTER_MESSAGES = {
  success: 'Subscribed successfully!',
  failure: 'Subscription failed. Please try again.',
  // Ours (issue 11, Spam Act: every message carries a working unsubscribe).
  unsubscribed: 'You have been unsubscribed. We will not send you our newsletter again.',
  unsubscribeInvalid:
    'This unsubscribe link is not valid. Reply to any of our emails and we will take you off the list.',
} as const;
