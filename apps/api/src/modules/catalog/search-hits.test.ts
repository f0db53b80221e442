/**
 * A build's search caches (decision 0079): the front of a broad search is kept apart from its whole list, so its
 * pages in relevance order are answered from it when the whole list is not kept, and every page, total and
 * correction is the one the whole list gives.
 */
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, searchIndex, type SearchDocument } from './search-index';
import { createCachedSearch } from './search-hits';

/** 3,000 products: every one a "pad", a third of them "brake" pads, every tenth a "rotor". */
const docs: SearchDocument[] = Array.from({ length: 3000 }, (_, k) => ({
  id: k + 1,
  sku: `SKU-${k + 1}`,
  title: `${k % 3 === 0 ? 'Brake ' : ''}Pad ${k % 10 === 0 ? 'Rotor ' : ''}${k + 1}`,
  brand: k % 2 === 0 ? 'Bendix' : 'Ryco',
  category: 'Brakes',
  tags: '',
}));
const index = buildSearchIndex(docs);
const whole = (text: string) => Array.from(searchIndex(index, text).ids);

describe('a build’s search caches', () => {
  it('pages of a search finding more than its kept front are the pages of the whole list', () => {
    // The whole-list cache holds nothing of 3,000 ids; the fronts hold 100 ids of each query.
    const search = createCachedSearch(index, { wholeIds: 500, topIds: 100, topCacheIds: 10_000 });
    const all = whole('pad');
    expect(all).toHaveLength(3000);
    for (const [from, to] of [
      [0, 15],
      [85, 100],
      [90, 110],
      [2990, 3005],
    ] as const) {
      const top = search.top('pad', to);
      expect(top.total).toBe(3000);
      expect(Array.from(top.ids.subarray(from, to))).toEqual(all.slice(from, to));
    }
    expect(Array.from(search.hits('pad').ids)).toEqual(all);
  });

  it('answers a page of the front from what it kept, until that is evicted', () => {
    const search = createCachedSearch(index, { wholeIds: 500, topIds: 100, topCacheIds: 250 });
    // Ranked, and its front kept.
    expect(search.top('pad', 15).total).toBe(3000);
    const first = search.top('pad', 15);
    // Kept: the same front again, not ranked anew.
    expect(search.top('Pad ', 20)).toBe(first);
    expect(first.ids).toHaveLength(100);
    // Two more broad searches push it out of 250 ids; it is ranked again, with the same answer.
    search.top('brake', 15);
    search.top('bendix', 15);
    const again = search.top('pad', 15);
    expect(again).not.toBe(first);
    expect(Array.from(again.ids.subarray(0, 15))).toEqual(whole('pad').slice(0, 15));
  });

  it('a list the whole cache holds is answered whole, and a small one is not kept twice', () => {
    const search = createCachedSearch(index, { wholeIds: 10_000, topIds: 100, topCacheIds: 10_000 });
    const rotor = search.hits('rotor');
    expect(rotor.ids).toHaveLength(300);
    const top = search.top('rotor', 15);
    expect(top.total).toBe(300);
    expect(top.ids).toBe(rotor.ids);
  });

  it('keeps the spelling correction with the front', () => {
    const search = createCachedSearch(index, { wholeIds: 500, topIds: 100, topCacheIds: 10_000 });
    const fixed = searchIndex(index, 'brakr');
    expect(fixed.corrected).toBe('brake');
    search.top('brakr', 15);
    const top = search.top('brakr', 15);
    expect(top.corrected).toBe('brake');
    expect(top.total).toBe(fixed.ids.length);
    expect(top.ids).toHaveLength(100);
    expect(Array.from(top.ids.subarray(0, 15))).toEqual(Array.from(fixed.ids).slice(0, 15));
  });
});
