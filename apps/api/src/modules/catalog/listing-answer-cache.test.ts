import { describe, expect, it } from 'vitest';
import type { JsonAnswer } from './catalog-answers';
import type { CatalogView } from './catalog-view';
import { createListingAnswerCache } from './listing-answer-cache';

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
});
