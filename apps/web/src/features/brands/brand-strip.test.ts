import { describe, expect, it } from 'vitest';
import {
  brandStripLastPosition,
  brandStripVisibleCount,
  clampBrandStripPosition,
  revealBrandStripPosition,
  stepBrandStrip,
} from './brand-strip';

describe('brandStripVisibleCount (SPEC §2: visible logos by window width)', () => {
  it.each([
    [1920, 7],
    [1200, 7],
    [1199, 6],
    [1024, 6],
    [1023, 4],
    [768, 4],
    [767, 3],
    [480, 3],
    [479, 2],
    [390, 2],
    [320, 2],
  ])('shows %i px wide: %i logos', (width, count) => {
    expect(brandStripVisibleCount(width)).toBe(count);
  });
});

describe('stepBrandStrip (one logo per press, wrapping at both ends)', () => {
  // 16 brands, 7 visible: positions 0..9.
  it('moves one logo along', () => {
    expect(stepBrandStrip(0, 'next', 16, 7)).toBe(1);
    expect(stepBrandStrip(5, 'next', 16, 7)).toBe(6);
    expect(stepBrandStrip(5, 'previous', 16, 7)).toBe(4);
  });

  it('previous wraps from the first position to the end', () => {
    expect(brandStripLastPosition(16, 7)).toBe(9);
    expect(stepBrandStrip(0, 'previous', 16, 7)).toBe(9);
  });

  it('next wraps from the end to the start', () => {
    expect(stepBrandStrip(9, 'next', 16, 7)).toBe(0);
  });

  it('walks every position and comes back round in both directions', () => {
    let position = 0;
    const seen: number[] = [];
    for (let i = 0; i < 10; i++) seen.push((position = stepBrandStrip(position, 'next', 16, 7)));
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 0]);
    const back: number[] = [];
    for (let i = 0; i < 10; i++) back.push((position = stepBrandStrip(position, 'previous', 16, 7)));
    expect(back).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
  });

  it('stays put when every logo fits', () => {
    expect(stepBrandStrip(0, 'next', 5, 7)).toBe(0);
    expect(stepBrandStrip(0, 'previous', 5, 7)).toBe(0);
    expect(stepBrandStrip(0, 'next', 0, 2)).toBe(0);
  });

  it('treats a position left over from a narrower window as the end', () => {
    // Was at 12 of 16 with 2 visible; the window widened to 7 visible (last position 9).
    expect(clampBrandStripPosition(12, 16, 7)).toBe(9);
    expect(stepBrandStrip(12, 'next', 16, 7)).toBe(0);
    expect(stepBrandStrip(12, 'previous', 16, 7)).toBe(8);
  });
});

describe('revealBrandStripPosition (a logo reached with Tab comes into view)', () => {
  it('keeps the position when the logo is already visible', () => {
    expect(revealBrandStripPosition(3, 2, 16, 4)).toBe(2);
    expect(revealBrandStripPosition(5, 2, 16, 4)).toBe(2);
  });

  it('moves just far enough to show a logo after the visible ones', () => {
    expect(revealBrandStripPosition(6, 2, 16, 4)).toBe(3);
    expect(revealBrandStripPosition(15, 0, 16, 4)).toBe(12);
  });

  it('moves back to a logo before the visible ones', () => {
    expect(revealBrandStripPosition(0, 9, 16, 7)).toBe(0);
    expect(revealBrandStripPosition(4, 9, 16, 7)).toBe(4);
  });
});
