import { describe, expect, it } from 'vitest';
import type { JsonAnswer } from './catalog-answers';
import type { CatalogView } from './catalog-view';
import { createListingAnswerCache } from './listing-answer-cache';
import { createPageBufferPool, type PageBufferPool } from './page-buffers';

/** A view whose stamp and taxonomy the test moves: the cache reads nothing else of it. */
function viewWithStamp() {
  let stamp = 'v1-a';
  let taxonomy = {};
  const view = {
    stamp: () => stamp,
    get taxonomy() {
      return taxonomy;
    },
  } as unknown as CatalogView;
  return { view, change: (s: string) => (stamp = s), renameCategory: () => (taxonomy = {}) };
}

/** A build of a page of `length` bytes of `fill` in a buffer of `pool`, as catalog-answers.ts builds pages. */
function pooledPage(pool: PageBufferPool, length: number, fill: number, etag: string): JsonAnswer {
  const { page, release } = pool.take(length);
  page.bytes.fill(fill);
  return { json: page.bytes, page, release, etag };
}

/** A build that counts its calls and answers `text` with the view's stamp as its ETag. */
function counting(view: CatalogView, text: string) {
  const counter = { builds: 0 };
  const build = async (): Promise<JsonAnswer> => {
    counter.builds++;
    return { json: Buffer.from(text), etag: `W/"s${view.stamp()}"` };
  };
  return { counter, build };
}

describe('listing answer cache', () => {
  it('builds a page once while the view is unchanged, and again once it changes', async () => {
    const cache = createListingAnswerCache();
    const { view, change } = viewWithStamp();
    const { counter, build } = counting(view, '{"data":[1]}');
    const first = await cache.answer(view, 'shop', { page: 1 }, build);
    const second = await cache.answer(view, 'shop', { page: 1 }, build);
    expect(counter.builds).toBe(1);
    expect(second).toBe(first);
    change('v1-b');
    const third = await cache.answer(view, 'shop', { page: 1 }, build);
    expect(counter.builds).toBe(2);
    expect(third.etag).toBe('W/"sv1-b"');
  });

  it('builds the page again when the taxonomy changes although no product did', async () => {
    const cache = createListingAnswerCache();
    const { view, renameCategory } = viewWithStamp();
    const { counter, build } = counting(view, '{"data":[],"filters":{}}');
    await cache.answer(view, 'shop', { category: 'exhaust' }, build);
    await cache.answer(view, 'shop', { category: 'exhaust' }, build);
    expect(counter.builds).toBe(1);
    renameCategory();
    await cache.answer(view, 'shop', { category: 'exhaust' }, build);
    expect(counter.builds).toBe(2);
  });

  it('keeps another query and another kind apart', async () => {
    const cache = createListingAnswerCache();
    const { view } = viewWithStamp();
    const a = await cache.answer(view, 'shop', { page: 1 }, async () => ({
      json: Buffer.from('a'),
      etag: 'a',
    }));
    const b = await cache.answer(view, 'shop', { page: 2 }, async () => ({
      json: Buffer.from('b'),
      etag: 'b',
    }));
    const c = await cache.answer(view, 'latest', { page: 1 }, async () => ({
      json: Buffer.from('c'),
      etag: 'c',
    }));
    expect([a.etag, b.etag, c.etag]).toEqual(['a', 'b', 'c']);
    expect(cache.size().answers).toBe(3);
  });

  it('shares one build between requests for the same page at once', async () => {
    const cache = createListingAnswerCache();
    const { view } = viewWithStamp();
    let release: () => void = () => {};
    let builds = 0;
    const build = () => {
      builds++;
      return new Promise<JsonAnswer>((resolve) => {
        release = () => resolve({ json: Buffer.from('[]'), etag: 'e' });
      });
    };
    const waiting = Array.from({ length: 20 }, () => cache.answer(view, 'shop', { page: 3 }, build));
    release();
    const answers = await Promise.all(waiting);
    expect(builds).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('keeps nothing when the build fails, and tells every waiting request', async () => {
    const cache = createListingAnswerCache();
    const { view } = viewWithStamp();
    const failing = async (): Promise<JsonAnswer> => {
      throw new Error('the database could not be reached');
    };
    const both = [cache.answer(view, 'shop', {}, failing), cache.answer(view, 'shop', {}, failing)];
    for (const p of both) await expect(p).rejects.toThrow('could not be reached');
    expect(cache.size().answers).toBe(0);
    const { counter, build } = counting(view, '{}');
    await cache.answer(view, 'shop', {}, build);
    expect(counter.builds).toBe(1);
  });

  it('stays within its bytes, dropping the page asked for longest ago', async () => {
    const cache = createListingAnswerCache(10_000);
    const { view } = viewWithStamp();
    const page = (n: number) => async () => ({ json: Buffer.alloc(3_000, 0x20), etag: `e${n}` });
    for (let n = 1; n <= 5; n++) await cache.answer(view, 'shop', { page: n }, page(n));
    expect(cache.size().bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size().answers).toBeLessThan(5);
    const { counter, build } = counting(view, '{}');
    await cache.answer(view, 'shop', { page: 1 }, build);
    expect(counter.builds).toBe(1);
  });

  it("holds a kept page's buffer until the cache drops it, each caller holding it too until its release", async () => {
    const pool = createPageBufferPool();
    // Room for one page of 30,000 bytes (a buffer of 32 kB) and not two.
    const cache = createListingAnswerCache(40_000);
    const { view } = viewWithStamp();
    const first = await cache.answer(view, 'shop', { page: 1 }, async () =>
      pooledPage(pool, 30_000, 0x61, 'a'),
    );
    first.release?.();
    expect(pool.stats().free).toBe(0);
    const again = await cache.answer(view, 'shop', { page: 1 }, async () =>
      pooledPage(pool, 30_000, 0x7a, 'z'),
    );
    expect(again.json).toBe(first.json);
    const second = await cache.answer(view, 'shop', { page: 2 }, async () =>
      pooledPage(pool, 30_000, 0x62, 'b'),
    );
    // The first page was dropped for the second, but `again` still holds it.
    expect(pool.stats().free).toBe(0);
    expect(again.json.every((byte) => byte === 0x61)).toBe(true);
    again.release?.();
    expect(pool.stats().free).toBe(1);
    second.release?.();
    expect(pool.stats().free).toBe(1);
  });

  it('gives every request sharing a build its own hold, before the next page kept can drop it', async () => {
    const pool = createPageBufferPool();
    const cache = createListingAnswerCache(40_000);
    const { view } = viewWithStamp();
    const deferred = (fill: number, etag: string) => {
      let resolve: () => void = () => {};
      const built = new Promise<JsonAnswer>((r) => (resolve = () => r(pooledPage(pool, 30_000, fill, etag))));
      return { build: () => built, resolve: () => resolve() };
    };
    const a = deferred(0x61, 'a');
    const b = deferred(0x62, 'b');
    const waiting = Array.from({ length: 20 }, () => cache.answer(view, 'shop', { page: 1 }, a.build));
    const other = cache.answer(view, 'shop', { page: 2 }, b.build);
    a.resolve();
    b.resolve();
    const answers = await Promise.all(waiting);
    await other;
    // Page 2 was kept right after page 1 and dropped it from the cache; every request still holds page 1.
    expect(cache.size().answers).toBe(1);
    for (const [i, answer] of answers.entries()) {
      // A page taken meanwhile gets a buffer of its own, never one a request is still to send.
      const taken = pool.take(30_000);
      taken.page.bytes.fill(0x78);
      expect(answer.json.every((byte) => byte === 0x61)).toBe(true);
      answer.release?.();
      expect(pool.stats().free).toBe(i === answers.length - 1 ? 1 : 0);
    }
  });
});
