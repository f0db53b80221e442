import { Link } from 'react-router';
import type { ChosenVehicle } from '@/stores/garage-store';
import './fitting-notice.css';

export interface FittingNoticeProps {
  vehicle: ChosenVehicle | null;
  /** Every part is shown (badged), not only those that fit. */
  allParts: boolean;
  /** The same listing with every part, and with the fitting parts only. */
  showAllHref: string;
  onlyFittingHref: string;
}

/**
 * What a listing shows with a vehicle chosen (issue 15 §6): "Showing parts that fit your 2017 Toyota HiLux" with
 * "Show all parts", or all parts with "Show only parts that fit". Nothing without a vehicle.
 */
export function FittingNotice({ vehicle, allParts, showAllHref, onlyFittingHref }: FittingNoticeProps) {
  if (!vehicle) return null;
  return (
    <p className="fitting-notice" data-all-parts={allParts || undefined}>
      {allParts ? (
        <>
          <span>
            Showing all parts. Badges say which fit your <strong>{vehicle.short_label}</strong>.
          </span>
          <Link to={onlyFittingHref}>Show only parts that fit</Link>
        </>
      ) : (
        <>
          <span>
            Showing parts that fit your <strong>{vehicle.short_label}</strong>
          </span>
          <Link to={showAllHref}>Show all parts</Link>
        </>
      )}
    </p>
  );
}
