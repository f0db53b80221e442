import { describe, expect, it } from 'vitest';
import { createPageBufferPool } from './page-buffers';

describe('page buffers', () => {
  it('gives a released page its buffer to the next page of its size, and only then', () => {
    const pool = createPageBufferPool();
    const first = pool.take(20_000);
    first.page.bytes.fill(0x61);
    const second = pool.take(20_000);
    // The first is still held: the second cannot be in its buffer.
    expect(second.page.bytes.buffer).not.toBe(first.page.bytes.buffer);
    first.release();
    const third = pool.take(19_000);
    expect(third.page.bytes.length).toBe(19_000);
    expect(third.page.bytes.buffer).toBe(first.page.bytes.buffer);
    expect(pool.stats()).toMatchObject({ reused: 1, allocated: 2 });
  });

  it('keeps a page from reuse while any holder has not released it, and counts a release once', () => {
    const pool = createPageBufferPool();
    const { page, release } = pool.take(10_000);
    const response = page.hold();
    const cache = page.hold();
    release();
    release();
    response();
    response();
    expect(pool.stats().free).toBe(0);
    expect(pool.take(10_000).page.bytes.buffer).not.toBe(page.bytes.buffer);
    cache();
    expect(pool.stats().free).toBe(1);
    expect(() => page.hold()).toThrow('held after it was given back');
    expect(pool.take(10_000).page.bytes.buffer).toBe(page.bytes.buffer);
  });

  it('sizes buffers in steps of 2 kB up to 64 kB, then doubling, and reuses one for a page of its size only', () => {
    const pool = createPageBufferPool();
    const small = pool.take(9_000);
    expect(small.page.capacity).toBe(10 * 1024);
    small.release();
    const larger = pool.take(11_000);
    expect(larger.page.capacity).toBe(12 * 1024);
    expect(larger.page.bytes.buffer).not.toBe(small.page.bytes.buffer);
    expect(pool.take(10 * 1024).page.bytes.buffer).toBe(small.page.bytes.buffer);
    expect(pool.take(64 * 1024).page.capacity).toBe(64 * 1024);
    expect(pool.take(64 * 1024 + 1).page.capacity).toBe(128 * 1024);
    expect(pool.take(300_000).page.capacity).toBe(512 * 1024);
  });

  it('leaves short and very long pages to the collector, and keeps at most its free bytes', () => {
    const pool = createPageBufferPool(64 * 1024);
    const short = pool.take(1_000);
    const long = pool.take(2 * 1024 * 1024);
    expect(long.page.capacity).toBe(2 * 1024 * 1024);
    short.release();
    long.release();
    expect(pool.stats()).toMatchObject({ free: 0, freeBytes: 0 });
    const pages = Array.from({ length: 4 }, () => pool.take(30_000));
    for (const p of pages) p.release();
    // Two buffers of 30 kB fit the 64 kB kept; the other two go to the collector.
    expect(pool.stats()).toMatchObject({ free: 2, freeBytes: 60 * 1024 });
  });
});
