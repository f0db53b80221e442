import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS } from './opening-hours';
import { planAllocation, shipsText, stockLines, type StoreLocation } from './stock-locations';

const location = (over: Partial<StoreLocation> & Pick<StoreLocation, 'id' | 'name'>): StoreLocation => ({
  code: over.name.toLowerCase().split(' ')[0] ?? 'x',
  streetAddress: '',
  suburb: '',
  state: 'NSW',
  postCode: '2000',
  phone: '',
  openingHours: DEFAULT_OPENING_HOURS,
  ships: true,
  handsOver: false,
  readyMinutes: 60,
  dispatchDaysMin: 0,
  dispatchDaysMax: 1,
  sortOrder: over.id,
  active: true,
  ...over,
});

describe('planAllocation', () => {
  const stock = [
    { locationId: 1, productId: 10, onHand: 1 },
    { locationId: 2, productId: 10, onHand: 5 },
    { locationId: 2, productId: 11, onHand: 2 },
  ];

  it('sends the whole order from the first location that holds all of it (one parcel)', () => {
    const plan = planAllocation(
      [
        { productId: 10, quantity: 1 },
        { productId: 11, quantity: 1 },
      ],
      stock,
      [1, 2],
    );
    expect(plan).toEqual({
      allocations: [
        { productId: 10, locationId: 2, quantity: 1 },
        { productId: 11, locationId: 2, quantity: 1 },
      ],
      wholeAtFirst: false,
    });
  });

  it('splits a line over the locations in order when none holds it all', () => {
    const plan = planAllocation([{ productId: 10, quantity: 6 }], stock, [1, 2]);
    expect(plan).toEqual({
      allocations: [
        { productId: 10, locationId: 1, quantity: 1 },
        { productId: 10, locationId: 2, quantity: 5 },
      ],
      wholeAtFirst: false,
    });
  });

  it('keeps to the first location when it holds everything (a counter for click & collect)', () => {
    expect(planAllocation([{ productId: 10, quantity: 1 }], stock, [1, 2])).toMatchObject({
      wholeAtFirst: true,
    });
  });

  it('answers the shortage with the units the allowed locations have between them', () => {
    expect(planAllocation([{ productId: 10, quantity: 7 }], stock, [1, 2])).toEqual({
      shortage: { productId: 10, left: 6 },
    });
    // Units at a location the order may not use do not count.
    expect(planAllocation([{ productId: 11, quantity: 1 }], stock, [1])).toEqual({
      shortage: { productId: 11, left: 0 },
    });
  });
});

describe('stockLines', () => {
  const warehouse = location({ id: 1, name: 'Guildford warehouse', handsOver: true });
  const counter = location({
    id: 2,
    name: 'Penrith counter',
    ships: false,
    handsOver: true,
    readyMinutes: 30,
  });

  it('says where a unit can be collected and how soon the product ships', () => {
    expect(
      stockLines(
        [warehouse, counter],
        new Map([
          [1, 4],
          [2, 1],
        ]),
      ).map((l) => l.text),
    ).toEqual([
      'In stock at Guildford — ready in 1 hour',
      'In stock at Penrith — ready in 30 mins',
      'Ships within 1 business day',
    ]);
  });

  it('collection only when just a counter holds it; out of stock when nobody does', () => {
    expect(stockLines([warehouse, counter], new Map([[2, 1]])).map((l) => l.text)).toEqual([
      'In stock at Penrith — ready in 30 mins',
    ]);
    expect(stockLines([warehouse, counter], new Map())).toEqual([{ kind: 'out', text: 'Out of stock' }]);
  });
});

describe('shipsText', () => {
  it('words the dispatch days', () => {
    expect(shipsText(0, 0)).toBe('Ships today');
    expect(shipsText(0, 1)).toBe('Ships within 1 business day');
    expect(shipsText(2, 4)).toBe('Ships in 2-4 business days');
  });
});
