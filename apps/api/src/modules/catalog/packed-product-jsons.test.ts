/**
 * The compressed tier's batches (decision 0091): packed on a worker thread, they unpack to the same bytes and take
 * the same room as products packed one at a time, the thread that asked keeps turning meanwhile, a batch never
 * replaces a newer JSON, and the budget stops a batch as it stops single products.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPackedProductJsons, type JsonToPack } from './packed-product-jsons';

/** A product JSON much like the store's: shared keys, an SKU, a title and a price that differ. */
function productJson(id: number, changedMs = 1): JsonToPack {
  const json = JSON.stringify({
    id,
    sku: `SKU-${id}`,
    name: `Brake pad set ${id % 97} front ${id % 13 === 0 ? 'ceramic' : 'semi-metallic'}`,
    description: `<p>Fits ${id % 31} vehicles. Changed ${changedMs}.</p>`,
    product_meta: [
      { option: '_price', value: String(1000 + ((id * 37) % 9000)) },
      { option: '_stock', value: String(id % 50) },
    ],
  });
  return { id, changedMs, json: Buffer.from(json) };
}

const MB = 1024 * 1024;

describe('packing a batch on the worker thread', () => {
  it('unpacks every product to the bytes it was given, in the same room as one at a time', async () => {
    const items = Array.from({ length: 5_000 }, (_, k) => productJson(k + 1));
    const batched = createPackedProductJsons(64 * MB);
    const single = createPackedProductJsons(64 * MB);
    // In chunks, as a load sends them.
    for (let at = 0; at < items.length; at += 1_000) await batched.packAll(items.slice(at, at + 1_000));
    for (const item of items) single.pack(item.id, item.changedMs, item.json);

    expect(batched.stats()).toEqual(single.stats());
    expect(batched.stats().products).toBeGreaterThan(items.length - 30);
    let unpacked = 0;
    for (const item of items) {
      const json = batched.unpack(item.id, item.changedMs);
      if (!json) continue;
      unpacked++;
      expect(json.equals(item.json)).toBe(true);
      expect(json.equals(single.unpack(item.id, item.changedMs) as Buffer)).toBe(true);
    }
    expect(unpacked).toBe(batched.stats().products);
  });

  it('leaves the thread that asked free while the batch is compressed', async () => {
    const packed = createPackedProductJsons(64 * MB);
    await packed.packAll(Array.from({ length: 24 }, (_, k) => productJson(k + 1)));
    let turns = 0;
    let done = false;
    const batch = packed.packAll(Array.from({ length: 20_000 }, (_, k) => productJson(k + 100)));
    void batch.then(() => (done = true));
    while (!done) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      turns++;
    }
    expect(turns).toBeGreaterThan(1);
    expect(packed.stats().products).toBe(20_000);
  });

  it('does not replace a JSON built from a newer row, packed while the batch was on the worker', async () => {
    const packed = createPackedProductJsons(64 * MB);
    await packed.packAll(Array.from({ length: 24 }, (_, k) => productJson(k + 1)));
    const batch = packed.packAll(Array.from({ length: 2_000 }, (_, k) => productJson(k + 100, 1)));
    const newer = productJson(150, 5);
    packed.pack(newer.id, newer.changedMs, newer.json);
    await batch;
    expect(packed.unpack(150, 5)?.equals(newer.json)).toBe(true);
    expect(packed.unpack(151, 1)?.equals(productJson(151, 1).json)).toBe(true);
  });

  it('stops at its budget as single products do', async () => {
    // Products of random bytes do not compress: two 4 MB slabs hold about 8 MB of them.
    const items = Array.from({ length: 3_000 }, (_, k) => ({
      id: k + 1,
      changedMs: 1,
      json: randomBytes(6_000),
    }));
    const batched = createPackedProductJsons(8 * MB);
    const single = createPackedProductJsons(8 * MB);
    for (let at = 0; at < items.length; at += 500) await batched.packAll(items.slice(at, at + 500));
    for (const item of items) single.pack(item.id, item.changedMs, item.json);
    expect(batched.hasRoom()).toBe(false);
    expect(batched.stats()).toEqual(single.stats());
    expect(batched.stats().bytes).toBeLessThanOrEqual(8 * MB);
    expect(batched.stats().products).toBeLessThan(items.length);
  });
});
