/**
 * A store importing a catalog keeps answering its shoppers (decision 0087): reading and checking the file, hashing
 * its rows and the import's statements leave the event loop turns between slices, and what the read in slices
 * makes is exactly what the read at once makes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createLocalFileStore } from '../../storage/local-file-store';
import { createTestDatabase } from '../../../tests/test-db';
import { turnsDuring } from '../../../tests/turns-during';
import { CatalogFileError } from './catalog-row';
import { generateCatalogCsv } from './generate-catalog-csv';
import { importCatalog } from './import-catalog';
import { parseCatalogCsv, parseCatalogCsvInSlices } from './parse-catalog-csv';

const NOW = new Date('2025-06-01T00:00:00Z');
const PRODUCTS = 3000;
const csv = generateCatalogCsv({ count: PRODUCTS, seed: 42 });

describe('a catalog file read in slices', () => {
  it('makes what the read at once makes, with turns of the event loop between its slices', async () => {
    const { value: sliced, turns } = await turnsDuring(() =>
      parseCatalogCsvInSlices(csv, { now: NOW, sliceMs: 1 }),
    );
    const atOnce = parseCatalogCsv(csv, { now: NOW });
    expect(sliced.rows.length).toBeGreaterThanOrEqual(PRODUCTS);
    expect(sliced).toEqual(atOnce);
    // About 100 ms of reading and checking, in slices of a millisecond.
    expect(turns).toBeGreaterThan(20);
  });

  it('reads bytes, and refuses a broken file with the message the read at once gives', async () => {
    const broken = `${csv.slice(0, csv.indexOf('\n', 200_000))}\n"an unclosed quote,1,2\n`;
    let atOnce: unknown;
    try {
      parseCatalogCsv(broken);
    } catch (error) {
      atOnce = error;
    }
    expect(atOnce).toBeInstanceOf(CatalogFileError);
    await expect(parseCatalogCsvInSlices(Buffer.from(broken), { sliceMs: 1 })).rejects.toThrow(
      (atOnce as Error).message,
    );
    expect((atOnce as Error).message).toMatch(/^The file is not valid CSV near line \d+/);
  });
});

describe('importCatalog in a process that serves requests', () => {
  let handle: DatabaseHandle;
  let mediaDir: string;
  beforeAll(async () => {
    handle = await createTestDatabase();
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'import-turns-media-'));
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  it('gives the event loop turns while it reads, checks and writes, and again when nothing changed', async () => {
    const media = createLocalFileStore({ root: mediaDir });
    const first = await turnsDuring(() =>
      importCatalog({ db: handle.db, csv, media, now: NOW, downloadImages: false }),
    );
    expect(first.value.created).toBeGreaterThanOrEqual(PRODUCTS);
    expect(first.value.rejected).toBe(0);
    expect(first.turns).toBeGreaterThan(5);

    const again = await turnsDuring(() =>
      importCatalog({ db: handle.db, csv, media, now: NOW, downloadImages: false }),
    );
    expect(again.value.unchanged).toBe(first.value.created);
    expect(again.turns).toBeGreaterThan(5);
  });
});
