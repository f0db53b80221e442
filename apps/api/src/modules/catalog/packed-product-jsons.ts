/**
 * Products' answer JSON kept compressed (decision 0077): raw DEFLATE against a dictionary of the catalog's own
 * JSON, so each product's bytes name only what differs from its neighbours. On the demo generator's catalog a
 * 1,340-byte product packs to about 220 bytes (a 4 KB dictionary), and inflating one takes about 10 µs, against
 * about 1.5 ms for reading it from the database. Packing is node:zlib's; unpacking, on the request's path, is
 * fflate's, into a buffer of the known size: node:zlib's sync inflate makes a zlib stream and its window outside
 * the heap for every call, which at thousands of products a second grew the store by 700 MB and its p99 to 88 ms.
 *
 * The bytes live in 4 MB slabs, appended in order, with each product's place, lengths and `changed_at` in typed
 * arrays indexed by id: no object per product, so a million of them cost the slabs and 18 bytes a product of index.
 * A product packed again (its row changed) is appended anew; its old bytes stay until the next full load makes a
 * new store. Packing stops when the slabs reach their budget.
 */
import { deflateRawSync } from 'node:zlib';
import { inflateSync } from 'fflate';
import { deflateRawInWorker } from './deflate-worker';

/** The dictionary's size, bytes: measured 4 KB packing smaller and faster than 2 KB, 8 KB or 32 KB. */
const DICTIONARY_BYTES = 4096;
/** Products whose JSON makes the dictionary before any is packed. */
const DICTIONARY_SAMPLES = 24;
const SLAB_BYTES = 4 * 1024 * 1024;
/** A packed product longer than this (a Uint16 length) is not packed: such a product is rare and stays raw. */
const MAX_PACKED = 0xffff;

/** A product's answer JSON to pack: its id, the `changed_at` (ms) of the row it was built from, and its bytes. */
export interface JsonToPack {
  id: number;
  changedMs: number;
  json: Buffer;
}

export interface PackedProductJsons {
  /** Packs `json` for `id`, built from the row changed at `changedMs`; does nothing when the budget is spent. */
  pack(id: number, changedMs: number, json: Buffer): void;
  /**
   * Packs each of `jsons` as `pack` would, the compression on a worker thread (decision 0091), and resolves once
   * they are kept; on this thread if the worker fails. Until then `unpack` does not have them. Never rejects.
   */
  packAll(jsons: readonly JsonToPack[]): Promise<void>;
  /** The JSON of `id` when it is packed from a row changed at or after `changedMs`; else undefined. */
  unpack(id: number, changedMs: number): Buffer | undefined;
  /** Whether more products can be packed. */
  hasRoom(): boolean;
  /** Bytes of slabs taken (the tier's size against its budget). */
  bytes(): number;
  /** Bytes of slabs taken, and products packed. */
  stats(): { bytes: number; products: number };
}

function grown<T extends Uint32Array | Uint16Array | Float64Array>(array: T, atLeast: number): T {
  if (atLeast < array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(atLeast + 1, array.length * 2));
  next.set(array);
  return next;
}

/** Packs into at most `maxBytes` of slabs. */
export function createPackedProductJsons(maxBytes: number): PackedProductJsons {
  const samples: Buffer[] = [];
  let dictionary: Buffer | undefined;
  const slabs: Buffer[] = [];
  /** Where the next product's bytes go in the last slab. */
  let used = SLAB_BYTES;
  /** Per id: the global offset (slab × SLAB_BYTES + position), the length (0: not packed) and `changed_at`. */
  let offsets = new Uint32Array(1024);
  let lengths = new Uint16Array(1024);
  /** Per id: the JSON's own length, so it is inflated into a buffer of its size. */
  let rawLengths = new Uint32Array(1024);
  let changed = new Float64Array(1024);
  let products = 0;
  let full = maxBytes < SLAB_BYTES;

  /** Whether `id` already holds a JSON built from a row changed at or after `changedMs`. */
  const holds = (id: number, changedMs: number) =>
    id < lengths.length && lengths[id] !== 0 && (changed[id] as number) >= changedMs;

  /** Takes the first products' JSON as the dictionary; true while it is still being made. */
  function sampled(json: Buffer): boolean {
    if (dictionary) return false;
    samples.push(json);
    if (samples.length === DICTIONARY_SAMPLES)
      dictionary = Buffer.concat(samples).subarray(-DICTIONARY_BYTES);
    return true;
  }

  /** Keeps `packed`, the JSON of `id` (`rawLength` bytes) compressed, unless the budget is spent. */
  function keep(id: number, changedMs: number, rawLength: number, packed: Buffer): void {
    if (full || packed.length > MAX_PACKED || holds(id, changedMs)) return;
    if (used + packed.length > SLAB_BYTES) {
      if ((slabs.length + 1) * SLAB_BYTES > maxBytes) {
        full = true;
        return;
      }
      slabs.push(Buffer.allocUnsafe(SLAB_BYTES));
      used = 0;
    }
    (slabs[slabs.length - 1] as Buffer).set(packed, used);
    offsets = grown(offsets, id);
    lengths = grown(lengths, id);
    rawLengths = grown(rawLengths, id);
    changed = grown(changed, id);
    if (lengths[id] === 0) products++;
    offsets[id] = (slabs.length - 1) * SLAB_BYTES + used;
    lengths[id] = packed.length;
    rawLengths[id] = rawLength;
    changed[id] = changedMs;
    used += packed.length;
  }

  function pack(id: number, changedMs: number, json: Buffer): void {
    if (full || sampled(json) || holds(id, changedMs)) return;
    keep(id, changedMs, json.length, deflateRawSync(json, { dictionary }));
  }

  /** Bytes of slabs taken. */
  const bytes = () => slabs.length * SLAB_BYTES;

  return {
    pack,
    async packAll(jsons) {
      const rest: JsonToPack[] = [];
      for (const item of jsons) {
        if (full) return;
        if (!sampled(item.json) && !holds(item.id, item.changedMs)) rest.push(item);
      }
      if (rest.length === 0 || !dictionary) return;
      let packed: Buffer[];
      try {
        packed = await deflateRawInWorker(
          rest.map((item) => item.json),
          dictionary,
        );
      } catch {
        for (const item of rest) pack(item.id, item.changedMs, item.json);
        return;
      }
      rest.forEach((item, i) => keep(item.id, item.changedMs, item.json.length, packed[i] as Buffer));
    },
    unpack(id, changedMs) {
      if (!dictionary || id >= lengths.length) return undefined;
      const length = lengths[id] as number;
      if (length === 0 || (changed[id] as number) < changedMs) return undefined;
      const offset = offsets[id] as number;
      const slab = slabs[Math.floor(offset / SLAB_BYTES)] as Buffer;
      const at = offset % SLAB_BYTES;
      const json = Buffer.allocUnsafe(rawLengths[id] as number);
      inflateSync(slab.subarray(at, at + length), { out: json, dictionary });
      return json;
    },
    hasRoom: () => !full,
    bytes,
    stats: () => ({ bytes: bytes(), products }),
  };
}
