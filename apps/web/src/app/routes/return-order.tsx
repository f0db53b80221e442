import { ReturnOrderPage } from '@/features/customer-service/components/return-order-page';

/** /return-order (SPEC §2 Tracking, returns, contact), optional query `order_id`. */
export const ReturnOrderRoute = ReturnOrderPage;
