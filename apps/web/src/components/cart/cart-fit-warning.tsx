import { useCurrentVehicle } from '@/stores/garage-store';
import { useProductFitFor } from '@/lib/api/get-product-fitment';
import './cart-fit-warning.css';

/**
 * A cart or checkout line's warning (issue 15 §6): the part does not fit the vehicle the shopper has chosen.
 * It warns and never blocks: the part may be for another car.
 */
export function CartFitWarning({ sku }: { sku: string }) {
  const vehicle = useCurrentVehicle();
  const fit = useProductFitFor(sku, vehicle?.vehicle_id);
  if (!vehicle || fit.data?.fitment?.status !== 'does_not_fit') return null;
  return (
    <p className="cart-fit-warning" data-fitment="does_not_fit">
      <span aria-hidden="true">⚠ </span>Does not fit your {vehicle.short_label}. Check before you order.
    </p>
  );
}
