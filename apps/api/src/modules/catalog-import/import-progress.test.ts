import { describe, expect, it } from 'vitest';
import { createImportProgress } from './import-progress';

describe('createImportProgress', () => {
  it('prints a line every few seconds, with the rate and the time left, and nothing for a short import', () => {
    let clock = 0;
    const lines: string[] = [];
    const progress = createImportProgress({
      mode: 'lines',
      write: (l) => lines.push(l),
      everyMs: 5_000,
      now: () => clock,
    });
    progress.update('checking', 0, 100_000);
    clock = 2_000;
    progress.update('checking', 40_000, 100_000);
    expect(lines).toEqual([]);
    clock = 5_000;
    progress.update('checking', 100_000, 100_000);
    progress.update('writing', 0, 100_000);
    clock = 6_000;
    progress.update('writing', 25_000, 100_000);
    clock = 11_000;
    progress.update('writing', 60_000, 100_000);
    expect(lines).toEqual([
      'Importing: 25,000 of 100,000 products written (25,000 a second, about 3 s left)',
      'Importing: 60,000 of 100,000 products written (10,000 a second, about 4 s left)',
    ]);
    progress.stop();
  });

  it('prints nothing when asked for none', () => {
    const lines: string[] = [];
    const progress = createImportProgress({ mode: 'none', write: (l) => lines.push(l), now: () => 1e9 });
    progress.update('writing', 1, 2);
    progress.stop();
    expect(lines).toEqual([]);
  });
});
