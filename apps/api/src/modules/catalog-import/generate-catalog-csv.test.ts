import { describe, expect, it } from 'vitest';
import { generateCatalogCsv, generateCatalogCsvChunks } from './generate-catalog-csv';
import { parseCatalogCsv } from './parse-catalog-csv';

describe('generateCatalogCsv', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateCatalogCsv({ count: 50, seed: 3 })).toBe(generateCatalogCsv({ count: 50, seed: 3 }));
    expect(generateCatalogCsv({ count: 50, seed: 3 })).not.toBe(generateCatalogCsv({ count: 50, seed: 4 }));
  });

  it('writes a WooCommerce catalog that imports without rejections or warnings', () => {
    const result = parseCatalogCsv(generateCatalogCsv({ count: 2000, seed: 1 }), {
      now: new Date('2025-06-01T00:00:00Z'),
    });
    expect(result.format).toBe('woocommerce');
    expect(result.rejections).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.rows).toHaveLength(2000);
    expect(new Set(result.rows.map((r) => r.sku)).size).toBe(2000);
    expect(new Set(result.rows.map((r) => r.permalink)).size).toBe(2000);
    expect(new Set(result.rows.map((r) => r.categoryTitle)).size).toBe(8);
    expect(new Set(result.rows.map((r) => `${r.categoryTitle}>${r.childCategoryTitle}`)).size).toBe(24);
    expect(new Set(result.rows.map((r) => r.brandTitle)).size).toBe(30);
    const prices = result.rows.map((r) => r.priceCents);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(500);
    expect(Math.max(...prices)).toBeLessThanOrEqual(60000);
    const discounts = result.rows.filter((r) => r.discount);
    expect(discounts.some((r) => r.discount?.type === 0)).toBe(true);
    expect(discounts.some((r) => r.discount?.type === 1)).toBe(true);
    expect(result.rows.some((r) => r.stock === null)).toBe(true);
    expect(result.rows.some((r) => r.stock === 0)).toBe(true);
    expect(result.rows.every((r) => r.images.length === 0)).toBe(true);
  });

  it('refuses a negative count', () => {
    expect(() => generateCatalogCsv({ count: -1 })).toThrow(RangeError);
    expect(() => [...generateCatalogCsvChunks({ count: 5, rowsPerChunk: 0 })]).toThrow(RangeError);
  });

  it('writes the same text in pieces of any size: the header, then whole rows', () => {
    const whole = generateCatalogCsv({ count: 50, seed: 9 });
    const pieces = [...generateCatalogCsvChunks({ count: 50, seed: 9, rowsPerChunk: 7 })];
    expect(pieces).toHaveLength(1 + Math.ceil(50 / 7));
    expect(pieces.join('')).toBe(whole);
    expect(pieces[0]?.startsWith('ID,Type,SKU')).toBe(true);
    expect(pieces.slice(1).every((p) => p.endsWith('\n'))).toBe(true);
    expect(parseCatalogCsv(pieces[0] + (pieces[3] ?? '')).rows).toHaveLength(7);
  });
});
