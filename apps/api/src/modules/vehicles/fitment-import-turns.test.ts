/**
 * A store importing a vehicle list or a fitment file keeps answering its shoppers (decision 0087): the files are
 * read and checked in slices, and the statements give the event loop turns.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createLocalFileStore } from '../../storage/local-file-store';
import { createTestDatabase } from '../../../tests/test-db';
import { turnsDuring } from '../../../tests/turns-during';
import { generateCatalogCsv } from '../catalog-import/generate-catalog-csv';
import { importCatalog } from '../catalog-import/import-catalog';
import { runInSlices } from '../catalog/run-in-slices';
import { DEMO_VEHICLES_FILE } from '../../cli/load-demo-vehicles';
import { generateFitmentCsvChunks, readCatalogSkus, readVehicleList } from '../../cli/fitment-generate';
import { importFitments } from './import-fitments';
import { importVehicles, parseVehicleCsv, parseVehicleCsvSteps } from './import-vehicles';

const PRODUCTS = 3000;
const catalogCsv = generateCatalogCsv({ count: PRODUCTS, seed: 7 });

/** A generated fitment file for the catalog's SKUs over the vehicle list, as `fitment-generate` writes it. */
function fitmentCsv(vehiclesCsv: string, seed: number): string {
  const pieces: string[] = [];
  const chunks = generateFitmentCsvChunks({
    skus: readCatalogSkus(catalogCsv),
    vehicles: readVehicleList(vehiclesCsv),
    seed,
  });
  for (let next = chunks.next(); !next.done; next = chunks.next()) pieces.push(next.value);
  return pieces.join('');
}

let handle: DatabaseHandle;
let mediaDir: string;
let vehiclesCsv: string;
beforeAll(async () => {
  handle = await createTestDatabase();
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'fitment-turns-media-'));
  vehiclesCsv = await readFile(DEMO_VEHICLES_FILE, 'utf8');
  await importCatalog({
    db: handle.db,
    csv: catalogCsv,
    media: createLocalFileStore({ root: mediaDir }),
    downloadImages: false,
  });
}, 180_000);
afterAll(async () => {
  await handle?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

describe('a vehicle list read in slices', () => {
  it('makes what the read at once makes, with turns of the event loop between its slices', async () => {
    const { value: sliced, turns } = await turnsDuring(
      () => runInSlices(parseVehicleCsvSteps(vehiclesCsv), 1).done,
    );
    expect(sliced.length).toBeGreaterThan(100);
    expect(sliced).toEqual(parseVehicleCsv(vehiclesCsv));
    expect(turns).toBeGreaterThan(0);
  });
});

describe('importFitments in a process that serves requests', () => {
  it('gives the event loop turns on a first import and on one that replaces every fitment', async () => {
    const vehicles = await importVehicles(handle.db, vehiclesCsv);
    expect(vehicles.created).toBeGreaterThan(100);

    const first = await turnsDuring(() => importFitments(handle.db, fitmentCsv(vehiclesCsv, 1)));
    // About 20 vehicles a product: tens of thousands of rows, read, checked and written in turns.
    expect(first.value.created).toBeGreaterThan(PRODUCTS * 10);
    expect(first.turns).toBeGreaterThan(5);

    const second = await turnsDuring(() => importFitments(handle.db, fitmentCsv(vehiclesCsv, 2)));
    expect(second.value.removed + second.value.updated).toBeGreaterThan(PRODUCTS);
    expect(second.turns).toBeGreaterThan(5);
  }, 180_000);
});
