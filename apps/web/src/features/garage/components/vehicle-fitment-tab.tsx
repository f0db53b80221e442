import type { ProductFitment } from '@store/shared/fitment';
import { useId, useState } from 'react';
import { useProductFitment } from '@/lib/api/get-product-fitment';
import './vehicle-fitment-tab.css';

const SOURCE_TEXT = {
  manufacturer: 'Manufacturer catalogue',
  cross_reference: 'Cross-reference',
  staff: 'Checked by our staff',
} as const;

/** The fits whose vehicle, position or notes hold every word of `filter` (any case). */
function filtered(fitment: ProductFitment, filter: string): ProductFitment['groups'] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return fitment.groups;
  return fitment.groups
    .map((g) => ({
      ...g,
      fits: g.fits.filter((f) => {
        const text = `${f.vehicle.label} ${f.position} ${f.notes}`.toLowerCase();
        return words.every((w) => text.includes(w));
      }),
    }))
    .filter((g) => g.fits.length > 0);
}

/**
 * The product page's 'Vehicle Fitment' tab (issue 15 §6): the vehicles the part fits, by make and model, with
 * position, notes and where the fact came from, and a box to search them ("hilux 2017", "diesel").
 */
export function VehicleFitmentTab({ sku }: { sku: string }) {
  const fitment = useProductFitment(sku);
  const [filter, setFilter] = useState('');
  const inputId = useId();
  const data = fitment.data;

  if (fitment.isPending) return <p>Loading the vehicles this part fits…</p>;
  if (fitment.isError || !data)
    return <p>Could not load the vehicles this part fits. Please try again later.</p>;
  if (data.universal) return <p>This is a universal part: it fits every vehicle.</p>;
  if (data.groups.length === 0)
    return <p>We have no fitment information for this part yet. Check your vehicle’s handbook, or ask us.</p>;

  const groups = filtered(data, filter);
  const count = data.groups.reduce((n, g) => n + g.fits.length, 0);
  return (
    <div className="vehicle-fitment">
      <p className="vehicle-fitment__summary">Fits {count === 1 ? '1 vehicle' : `${count} vehicles`}.</p>
      <div className="vehicle-fitment__search">
        <label htmlFor={inputId}>Search the vehicles</label>
        <input
          id={inputId}
          type="search"
          value={filter}
          placeholder="e.g. HiLux 2017 or diesel"
          onChange={(event) => setFilter(event.target.value)}
        />
      </div>
      {groups.length === 0 ? (
        <p role="status">No vehicle in this list matches “{filter.trim()}”.</p>
      ) : (
        groups.map((g) => (
          <section key={`${g.make}|${g.model}`} className="vehicle-fitment__group">
            <h3>
              {g.make} {g.model}
            </h3>
            <ul>
              {g.fits.map((f) => (
                <li key={`${f.vehicle.id}|${f.position}`}>
                  <span className="vehicle-fitment__vehicle">{f.vehicle.label}</span>
                  {(f.position || f.notes) && (
                    <span className="vehicle-fitment__notes">
                      {[f.position, f.notes].filter(Boolean).join(', ')}
                    </span>
                  )}
                  <span className="vehicle-fitment__source">{SOURCE_TEXT[f.source]}</span>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
