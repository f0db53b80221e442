import type { ProductFitStatus } from '@store/shared/fitment';
import { useId, useState } from 'react';
import './fitment-badge.css';

/** What each status's badge says (issue 15 §6); `unknown` has none: the store cannot say. */
export const FITMENT_BADGE_TEXT: Record<ProductFitStatus['status'], string | null> = {
  fits: 'Fits your vehicle',
  fits_with_notes: 'Check fitment notes',
  does_not_fit: 'Does not fit your vehicle',
  universal: 'Universal fit',
  unknown: null,
};

/**
 * A product's fitment for the chosen vehicle as a badge: green fits, amber check the notes (the notes on hover
 * and, for touch, on a tap of the badge), red does not fit, grey universal. Nothing for `unknown`.
 */
export function FitmentBadge({ fitment, className }: { fitment: ProductFitStatus; className?: string }) {
  const [showNotes, setShowNotes] = useState(false);
  const notesId = useId();
  const text = FITMENT_BADGE_TEXT[fitment.status];
  if (!text) return null;
  const classes = `fitment-badge fitment-badge--${fitment.status}${className ? ` ${className}` : ''}`;
  if (fitment.status !== 'fits_with_notes' || !fitment.notes) {
    return (
      <p className={classes} data-fitment={fitment.status}>
        {text}
      </p>
    );
  }
  return (
    <div className={`${classes} fitment-badge--with-notes`} data-fitment={fitment.status}>
      <button
        type="button"
        className="fitment-badge__toggle"
        title={fitment.notes}
        aria-expanded={showNotes}
        aria-controls={notesId}
        onClick={() => setShowNotes((was) => !was)}
      >
        {text}
      </button>
      <p id={notesId} className="fitment-badge__notes" hidden={!showNotes}>
        {fitment.notes}
      </p>
    </div>
  );
}
