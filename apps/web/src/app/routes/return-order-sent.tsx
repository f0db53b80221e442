import { ReturnSentPage } from '@/features/customer-service/components/return-sent-page';

/** /return-order/sent (issue 37 §3): the return request's confirmation, from the form's answer. */
export const ReturnOrderSentRoute = ReturnSentPage;
