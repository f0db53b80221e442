import { describe, expect, it } from 'vitest';
import { searchPageItems, shopPageItems } from './pagination';

const E1 = 'ellipsis-start';
const E2 = 'ellipsis-end';

describe('shopPageItems (window of 5, first and last, ellipses)', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 12, [1, 2, 3, 4, 5, E2, 12]],
    [3, 12, [1, 2, 3, 4, 5, E2, 12]],
    [4, 12, [1, 2, 3, 4, 5, 6, E2, 12]],
    [6, 12, [1, E1, 4, 5, 6, 7, 8, E2, 12]],
    [10, 12, [1, E1, 8, 9, 10, 11, 12]],
    [12, 12, [1, E1, 8, 9, 10, 11, 12]],
    [6, 6, [1, 2, 3, 4, 5, 6]],
  ])('page %i of %i', (current, last, expected) => {
    expect(shopPageItems(current, last)).toEqual(expected);
  });
  it('clamps a page past the end', () => expect(shopPageItems(99, 7)).toEqual([1, E1, 3, 4, 5, 6, 7]));
});

describe('searchPageItems (all up to 5 pages, else first, last, current and neighbours)', () => {
  it.each([
    [1, 1, [1]],
    [2, 5, [1, 2, 3, 4, 5]],
    [1, 9, [1, 2, E2, 9]],
    [5, 9, [1, E1, 4, 5, 6, E2, 9]],
    [3, 9, [1, 2, 3, 4, E2, 9]],
    [9, 9, [1, E1, 8, 9]],
    [2, 6, [1, 2, 3, E2, 6]],
  ])('page %i of %i', (current, last, expected) => {
    expect(searchPageItems(current, last)).toEqual(expected);
  });
});
