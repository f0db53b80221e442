/**
 * The chevron of previous/next buttons (carousels, brands strip, gallery thumbnails, pagination).
 * Decorative: the button around it carries the accessible name.
 */
export function ChevronIcon({
  direction,
  size = 'large',
}: {
  direction: 'previous' | 'next';
  /** large: 20 px carousel arrows; small: 16 px inline arrows. */
  size?: 'large' | 'small';
}) {
  const large = size === 'large';
  const d = large
    ? direction === 'previous'
      ? 'M15 5 8 12l7 7'
      : 'm9 5 7 7-7 7'
    : direction === 'previous'
      ? 'M10 3 5 8l5 5'
      : 'm6 3 5 5-5 5';
  return (
    <svg
      viewBox={large ? '0 0 24 24' : '0 0 16 16'}
      width={large ? 20 : 16}
      height={large ? 20 : 16}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth={large ? 2.25 : 2}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
