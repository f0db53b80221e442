import type { ChosenVehicle } from '@/stores/garage-store';

export interface VehicleChipProps {
  vehicle: ChosenVehicle;
  /** Opens the selector to choose another vehicle. */
  onChange: () => void;
  onClear: () => void;
  /** Whether the selector the Change button opens is showing, and its id. */
  expanded?: boolean;
  controls?: string;
}

/** A car's outline, for the garage bar and chip. */
export function CarIcon({ size = 20 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d="M5 16.5h14M6.5 16.5V19m11-2.5V19M4 16.5v-4l2-5.2A2 2 0 0 1 7.9 6h8.2a2 2 0 0 1 1.9 1.3l2 5.2v4M4 12.5h16M7.5 14.5h.01m9 0h.01"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The chosen vehicle as a chip (issue 15 §5): "2017 Toyota HiLux GUN126R SR5 2.8 TD 4WD Ute", with Change and Clear. */
export function VehicleChip({ vehicle, onChange, onClear, expanded, controls }: VehicleChipProps) {
  return (
    <div className="vehicle-chip" data-vehicle-id={vehicle.vehicle_id}>
      <CarIcon />
      <span className="vehicle-chip__text">
        <span className="visually-hidden">Shopping for: </span>
        <strong className="vehicle-chip__label">{vehicle.label}</strong>
        {vehicle.name && <span className="vehicle-chip__name"> ({vehicle.name})</span>}
      </span>
      <button
        type="button"
        className="vehicle-chip__action"
        aria-expanded={expanded}
        aria-controls={controls}
        onClick={onChange}
      >
        Change<span className="visually-hidden"> vehicle</span>
      </button>
      <button type="button" className="vehicle-chip__action" onClick={onClear}>
        Clear<span className="visually-hidden"> vehicle</span>
      </button>
    </div>
  );
}
