import { FeedbackPage } from '@/features/content/components/feedback-page';

/** /feedback (SPEC §9 Feedback). */
export function FeedbackRoute() {
  return <FeedbackPage />;
}
