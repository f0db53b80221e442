/**
 * The home brands strip's rules (SPEC §2 Home page). Pure functions; `components/brand-strip.tsx` renders them.
 * A position is the index of the first visible logo, from 0 to `total - visible`.
 */

/** SPEC §2: visible logos by window width: 7 at 1200px and above, 6 from 1024, 4 from 768, 3 from 480, else 2. */
export function brandStripVisibleCount(windowWidth: number): number {
  if (windowWidth >= 1200) return 7;
  if (windowWidth >= 1024) return 6;
  if (windowWidth >= 768) return 4;
  if (windowWidth >= 480) return 3;
  return 2;
}

/** The last position: the one that shows the last logo at the end of the strip (0 when all fit). */
export function brandStripLastPosition(total: number, visible: number): number {
  return Math.max(0, total - visible);
}

/** Keeps a position inside the strip, e.g. after the window widened and fewer positions exist. */
export function clampBrandStripPosition(position: number, total: number, visible: number): number {
  return Math.min(Math.max(0, position), brandStripLastPosition(total, visible));
}

/**
 * One arrow press: one logo along. SPEC §2: previous wraps from the first position to the end, and next
 * wraps from the end to the start.
 */
export function stepBrandStrip(
  position: number,
  direction: 'previous' | 'next',
  total: number,
  visible: number,
): number {
  const last = brandStripLastPosition(total, visible);
  const current = clampBrandStripPosition(position, total, visible);
  if (direction === 'next') return current >= last ? 0 : current + 1;
  return current <= 0 ? last : current - 1;
}

/** The nearest position that shows logo `index` (for a logo reached with the Tab key). */
export function revealBrandStripPosition(
  index: number,
  position: number,
  total: number,
  visible: number,
): number {
  const current = clampBrandStripPosition(position, total, visible);
  if (index < current) return clampBrandStripPosition(index, total, visible);
  if (index >= current + visible) return clampBrandStripPosition(index - visible + 1, total, visible);
  return current;
}
