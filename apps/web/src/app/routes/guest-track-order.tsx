import { GuestTrackOrderPage } from '@/features/orders/components/guest-track-order-page';
import { usePageTitle } from '@/hooks/use-page-title';

/** /guest-track-order (SPEC §2 Tracking), optional query `id`. */
export function GuestTrackOrderRoute() {
  usePageTitle('Track Order');
  return <GuestTrackOrderPage />;
}
