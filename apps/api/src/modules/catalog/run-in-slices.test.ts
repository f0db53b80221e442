import { describe, expect, it } from 'vitest';
import { runInSlices, runToEnd, slicePauser, sortedInSteps } from './run-in-slices';

/** A build of `steps` steps, each spinning `spinMs`, that counts the steps it ran. */
function* counting(steps: number, spinMs: number, ran: { count: number }): Generator<void, number> {
  for (let k = 0; k < steps; k++) {
    const until = performance.now() + spinMs;
    while (performance.now() < until);
    ran.count++;
    yield;
  }
  return steps * 10;
}

describe('runInSlices', () => {
  it('lets other work run between slices and resolves with the value', async () => {
    const ran = { count: 0 };
    const run = runInSlices(counting(40, 1, ran), 5);
    const seen: number[] = [];
    // A timer that fires while the build is under way sees it part done.
    await new Promise<void>((resolve) => {
      const tick = () => {
        seen.push(ran.count);
        if (run.finished) resolve();
        else setImmediate(tick);
      };
      setImmediate(tick);
    });
    expect(await run.done).toBe(400);
    expect(seen.some((c) => c > 0 && c < 40)).toBe(true);
    expect(ran.count).toBe(40);
  });

  it('finish runs what is left at once, and the slices do not run it again', async () => {
    const ran = { count: 0 };
    const run = runInSlices(counting(30, 0, ran));
    expect(run.finished).toBe(false);
    expect(run.finish()).toBe(300);
    expect(run.finished).toBe(true);
    expect(await run.done).toBe(300);
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran.count).toBe(30);
    expect(run.finish()).toBe(300);
  });

  it('a build that throws rejects done and throws from finish', async () => {
    function* failing(): Generator<void, number> {
      yield;
      throw new Error('bad row');
    }
    const run = runInSlices(failing());
    await expect(run.done).rejects.toThrow('bad row');
    expect(() => run.finish()).toThrow('bad row');
  });
});

describe('sortedInSteps', () => {
  it('sorts past one run, merging the runs, and yields between them', () => {
    let seed = 7;
    const random = () => (seed = (Math.imul(seed, 48271) >>> 0) % 2147483647) % 1000;
    const values = Int32Array.from({ length: 100_000 }, random);
    const expected = Array.from(values).sort((a, b) => a - b);
    const steps = sortedInSteps(values.slice(), (a, b) => a - b);
    let yields = 0;
    let step = steps.next();
    while (!step.done) {
      yields++;
      step = steps.next();
    }
    expect(Array.from(step.value)).toEqual(expected);
    expect(yields).toBeGreaterThan(10);
  });

  it('is stable: equal keys keep their order', () => {
    const values = Int32Array.from({ length: 40_000 }, (_, k) => k);
    const sorted = runToEnd(sortedInSteps(values, (a, b) => (a % 3) - (b % 3)));
    const firstOfEach = [0, 1, 2].map((r) => Array.from(sorted).filter((v) => v % 3 === r));
    for (const group of firstOfEach) expect(group).toEqual([...group].sort((a, b) => a - b));
    expect(Array.from(sorted.subarray(0, 3))).toEqual([0, 3, 6]);
  });
});

describe('slicePauser', () => {
  it('asks for no wait within a slice, then waits for a turn of the event loop', async () => {
    const pause = slicePauser(20);
    expect(pause()).toBeNull();
    const until = performance.now() + 25;
    while (performance.now() < until);
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const wait = pause();
    expect(wait).not.toBeNull();
    await wait;
    expect(turned).toBe(true);
    // A new slice starts after the turn.
    expect(pause()).toBeNull();
  });
});
