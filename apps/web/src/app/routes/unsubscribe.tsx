import { UnsubscribePage } from '@/features/customer-service/components/unsubscribe-page';

/** /unsubscribe?token= (issue 11): the newsletter mail's one-click unsubscribe link. */
export const UnsubscribeRoute = UnsubscribePage;
