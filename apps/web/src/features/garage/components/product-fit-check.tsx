import { useState } from 'react';
import { useCurrentVehicle } from '@/stores/garage-store';
import { useProductFitFor } from '@/lib/api/get-product-fitment';
import { FitmentBadge } from '@/components/fitment-badge';
import { VehicleSelector } from './vehicle-selector';
import './product-fit-check.css';

/** What the product page says of a status for the shopper's vehicle. */
const FIT_TEXT = {
  fits: (v: string) => `Fits your ${v}.`,
  fits_with_notes: (v: string) => `Fits your ${v}; check the notes before you order.`,
  does_not_fit: (v: string) =>
    `Does not fit your ${v}. See the Vehicle Fitment tab for the vehicles it fits.`,
  universal: () => 'Fits every vehicle.',
  unknown: (v: string) =>
    `We have no fitment information for this part. Check it against your ${v} before you order, or ask us.`,
} as const;

/**
 * The product page's fitment box (issue 15 §6): with a vehicle chosen, how this part stands with it (badge, notes
 * and a sentence); without one, "Check it fits": the vehicle selector, whose choice becomes the shopper's vehicle.
 */
export function ProductFitCheck({ sku }: { sku: string }) {
  const vehicle = useCurrentVehicle();
  const fit = useProductFitFor(sku, vehicle?.vehicle_id);
  const [checking, setChecking] = useState(false);
  const fitment = fit.data?.fitment;

  if (!vehicle || checking) {
    return (
      <div className="product-fit-check">
        <VehicleSelector
          variant="compact"
          title={vehicle ? 'Check another vehicle' : 'Check it fits'}
          submitLabel="Check it fits"
          onChosen={() => setChecking(false)}
        />
      </div>
    );
  }
  return (
    <div className="product-fit-check" aria-live="polite" data-fitment={fitment?.status}>
      {fitment ? (
        <>
          <FitmentBadge fitment={fitment} />
          <p className="product-fit-check__text">{FIT_TEXT[fitment.status](vehicle.short_label)}</p>
          {fitment.notes && (
            <p className="product-fit-check__notes">
              <strong>Fitment notes:</strong> {fitment.notes}
            </p>
          )}
        </>
      ) : fit.isError ? (
        <p className="product-fit-check__text">Could not check the fitment for your {vehicle.short_label}.</p>
      ) : (
        <p className="product-fit-check__text">Checking the fitment for your {vehicle.short_label}…</p>
      )}
      <button type="button" className="product-fit-check__other" onClick={() => setChecking(true)}>
        Check another vehicle
      </button>
    </div>
  );
}
