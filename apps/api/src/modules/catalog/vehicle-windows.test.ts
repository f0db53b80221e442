/**
 * A search by vehicle read from the front of its ranked list (decision 0080): every window and total equals the
 * whole list's narrowed to the vehicle, whether the page lies within the kept front, past it, or the list was
 * counted before from its bits, and the whole list is asked for only when the front and the bits cannot answer.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../catalog-import/generate-catalog-csv';
import { buildFitmentIndex, type FitmentIndexRow } from './catalog-fitments';
import { createCatalogOrders } from './catalog-orders';
import type { CatalogEntry } from './catalog-snapshot';
import { createVehicleWindows } from './vehicle-windows';

const random = seededRandom(80);
const entries: CatalogEntry[] = Array.from({ length: 3_000 }, (_, k) => ({
  id: 2 * k + 1,
  sku: `S-${k}`,
  permalink: `s-${k}`,
  categoryId: 1,
  childCategoryId: null,
  brandId: 1,
  payCents: 100,
  title: 'Part',
  createdMs: k,
  stock: 5,
  isFeatured: false,
  changedMs: 1,
  searchBrand: '',
  searchCategory: '',
  tags: '',
  partNumbers: [],
  universalFit: random() < 0.05,
}));
const byId = new Map(entries.map((e) => [e.id, e]));
// Vehicle 1 fits many parts, 2 a few, 3 none (only universal parts are kept for it).
const rows: FitmentIndexRow[] = [];
for (const e of entries) {
  if (random() < 0.3) rows.push({ vehicleId: 1, productId: e.id, position: '', notes: '' });
  if (random() < 0.01) rows.push({ vehicleId: 2, productId: e.id, position: '', notes: '' });
}
const fitments = buildFitmentIndex([1, 2, 3], rows);

function windows() {
  return createVehicleWindows({
    byId: (id) => byId.get(id),
    entries: () => entries,
    maxId: () => 2 * entries.length,
    fitments,
    orders: createCatalogOrders({ entries: () => [...entries], byId: (id) => byId.get(id) }),
  });
}

// A search's ranked list: every product in a shuffled order.
const ranked = Int32Array.from(entries.map((e) => e.id).sort(() => random() - 0.5));
const keptBy = (vehicleId: number) =>
  Array.from(ranked).filter((id) => fitments.keeps(vehicleId, id, byId.get(id)?.universalFit ?? false));

describe('a search by vehicle from the front of its ranked list', () => {
  it('every window and total is the whole list narrowed to the vehicle', () => {
    for (const frontLength of [0, 40, 400, 2_000])
      for (const vehicleId of [1, 2, 3]) {
        const w = windows();
        const expected = keptBy(vehicleId);
        let wholeAsked = 0;
        const whole = () => {
          wholeAsked++;
          return ranked;
        };
        for (const size of [15, 100]) {
          const pages = Math.ceil(expected.length / size) + 1;
          for (let page = 1; page <= pages; page++) {
            const from = (page - 1) * size;
            const label = `front ${frontLength}, vehicle ${vehicleId}, page ${page} of ${size}`;
            const window = w.frontWindow(
              'q',
              ranked.subarray(0, frontLength),
              ranked.length,
              whole,
              vehicleId,
              from,
              from + size,
            );
            expect(window.total, label).toBe(expected.length);
            expect(Array.from(window.ids), label).toEqual(expected.slice(from, from + size));
          }
        }
        // Counted once (then kept), and each page past the front read the whole list.
        expect(wholeAsked).toBeGreaterThan(0);
      }
  });

  it('reads no whole list for a page within the front once the list was counted', () => {
    const w = windows();
    const whole = () => ranked;
    // The first count reads the whole list (and keeps its bits).
    w.frontWindow('q2', ranked.subarray(0, 600), ranked.length, whole, 1, 0, 15);
    let asked = 0;
    const counted = () => {
      asked++;
      return ranked;
    };
    // Vehicle 2's count comes from the kept bits; page 1 of vehicle 1 from the front.
    const two = w.frontWindow('q2', ranked.subarray(0, 600), ranked.length, counted, 2, 0, 15);
    const one = w.frontWindow('q2', ranked.subarray(0, 600), ranked.length, counted, 1, 15, 30);
    expect(asked).toBe(0);
    expect(two.total).toBe(keptBy(2).length);
    expect(Array.from(one.ids)).toEqual(keptBy(1).slice(15, 30));
  });

  it('answers from the front alone when it is the whole list', () => {
    const w = windows();
    const short = ranked.subarray(0, 300);
    const window = w.frontWindow(
      'q3',
      short,
      short.length,
      () => {
        throw new Error('the whole list was asked for');
      },
      1,
      0,
      1_000,
    );
    expect(Array.from(window.ids)).toEqual(
      Array.from(short).filter((id) => fitments.keeps(1, id, byId.get(id)?.universalFit ?? false)),
    );
  });
});
