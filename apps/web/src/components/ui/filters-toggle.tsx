import { useCallback, useId, useRef, useState, type Ref } from 'react';
import './listing-controls.css';

function FilterIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M4 6h16M7 12h10M10 18h4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export interface FiltersToggleProps {
  expanded: boolean;
  /** The id of the panel it shows and hides. */
  controls: string;
  onToggle: () => void;
  /** How many filters are set: shown as a badge, and said after the name ('Filters, 2 set'). */
  activeCount?: number;
  ref?: Ref<HTMLButtonElement>;
}

/** The 'Filters' button of the listing pages: shows or hides their filters (SPEC §2: hidden by default). */
export function FiltersToggle({ expanded, controls, onToggle, activeCount = 0, ref }: FiltersToggleProps) {
  return (
    <button
      ref={ref}
      type="button"
      className="filters-toggle"
      aria-expanded={expanded}
      aria-controls={controls}
      aria-label={activeCount > 0 ? `Filters, ${activeCount} set` : undefined}
      onClick={onToggle}
    >
      <FilterIcon />
      Filters
      {activeCount > 0 && (
        <span className="filters-toggle__count" aria-hidden="true">
          {activeCount}
        </span>
      )}
    </button>
  );
}

/** From this width filters open beside (shop) or above (search, brand) the list and stay open after a choice. */
const WIDE_QUERY = '(min-width: 1024px)';

/**
 * The open state of a listing's filters: closed at first (SPEC §2), and closed again after a choice on a narrow
 * screen, where the panel covers the list; focus then returns to the Filters button instead of being lost.
 */
export function useFiltersPanel() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const toggle = useCallback(() => setOpen((o) => !o), []);
  const afterChoice = useCallback(() => {
    if (window.matchMedia?.(WIDE_QUERY).matches) return;
    setOpen(false);
    toggleRef.current?.focus();
  }, []);
  return { open, panelId, toggleRef, toggle, afterChoice };
}
