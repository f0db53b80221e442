import { describe, expect, it } from 'vitest';
import { addCartLines, mergeCartEdits } from './member-cart-lines';

describe('addCartLines: the browser cart joins the account at sign-in (decision 0060)', () => {
  it('adds the quantities of a product in both, caps them at 100, and appends new lines', () => {
    expect(
      addCartLines(
        [
          { id: 1, quantity: 2 },
          { id: 2, quantity: 99 },
        ],
        [
          { id: 2, quantity: 5 },
          { id: 3, quantity: 1 },
          { id: 1, quantity: 1 },
        ],
      ),
    ).toEqual([
      { id: 1, quantity: 3 },
      { id: 2, quantity: 100 },
      { id: 3, quantity: 1 },
    ]);
  });
});

describe('mergeCartEdits: two devices, last write wins per line', () => {
  const base = [
    { id: 1, quantity: 1 },
    { id: 2, quantity: 1 },
    { id: 3, quantity: 1 },
  ];
  it("keeps this device's changes on its lines and the other device's on theirs", () => {
    const mine = [
      { id: 1, quantity: 4 }, // changed here
      { id: 3, quantity: 1 }, // 2 removed here
      { id: 5, quantity: 1 }, // added here
    ];
    const theirs = [
      { id: 1, quantity: 2 }, // also changed there: this device's later write wins
      { id: 2, quantity: 1 },
      { id: 3, quantity: 7 }, // changed there only
      { id: 4, quantity: 1 }, // added there
    ];
    expect(mergeCartEdits(base, mine, theirs)).toEqual([
      { id: 1, quantity: 4 },
      { id: 3, quantity: 7 },
      { id: 4, quantity: 1 },
      { id: 5, quantity: 1 },
    ]);
  });
  it('a line removed on the other device stays removed unless it was changed here', () => {
    expect(mergeCartEdits(base, base, [{ id: 1, quantity: 1 }])).toEqual([{ id: 1, quantity: 1 }]);
    expect(mergeCartEdits([], [], [])).toEqual([]);
  });
});
