/**
 * A full load of the catalog runs while the view it replaces answers requests (decision 0079): the entries, their
 * lookups and the products' JSON (and the fitment index, a vehicle at a time) are made in slices with turns of the event loop between, and
 * what they make is the catalog as it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../../tests/seed-catalog';
import { createTestDatabase } from '../../../tests/test-db';
import { turnsDuring } from '../../../tests/turns-during';
import { loadCatalogEntries, type CatalogEntry } from './catalog-snapshot';
import { entryLookupSteps } from './catalog-view';
import { createProductJsonCache } from './product-json-cache';
import { runInSlices, runToEnd } from './run-in-slices';

describe('a full load gives the event loop turns', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    // 3,000 products: about 180 ms of JSON to build and keep, many slices of 8 ms.
    await seedCatalog(database.db, 3000);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('loads every product and its JSON in slices', async () => {
    const jsons = createProductJsonCache({ maxBytes: 64 << 20, load: async () => new Map() });
    const { value: entries, turns } = await turnsDuring(() => loadCatalogEntries(database.db, jsons));
    expect(entries.length).toBeGreaterThan(3000);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    const held = await jsons.jsonsOf(entries);
    expect(
      held.every((json, k) => json !== undefined && JSON.parse(json.toString()).sku === entries[k]?.sku),
    ).toBe(true);
    // Database round trips alone give a few turns; the slices give one every 8 ms of work.
    expect(turns).toBeGreaterThan(10);
  });

  it('makes the lookups in slices, the same as at once', async () => {
    const jsons = createProductJsonCache({ maxBytes: 1 << 20, load: async () => new Map() });
    const entries = await loadCatalogEntries(database.db, jsons);
    const many: CatalogEntry[] = Array.from({ length: 40 }, (_, copy) =>
      entries.map((e) => ({
        ...e,
        id: e.id + copy * 10_000,
        sku: `${e.sku}-${copy}`,
        permalink: `${e.permalink}-${copy}`,
      })),
    ).flat();
    const { value: sliced, turns } = await turnsDuring(() => runInSlices(entryLookupSteps(many), 1).done);
    const atOnce = runToEnd(entryLookupSteps(many));
    expect(turns).toBeGreaterThan(1);
    expect(sliced.count).toBe(many.length);
    expect(sliced.stamp).toBe(atOnce.stamp);
    expect([...sliced.bySku.keys()]).toEqual([...atOnce.bySku.keys()]);
    expect(sliced.byPermalink.get(`${entries[0]?.permalink}-39`)?.id).toBe((entries[0]?.id ?? 0) + 390_000);
  });
});
