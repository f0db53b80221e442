import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Vitest's order, with the API fuzz's shares first: they are the longest files by far (5 to 7 min each on CI's
 * two cores, against seconds for the rest), and a long file started last leaves one worker idle while it runs.
 */
class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isFuzz = (file: TestSpecification) => /[\\/]tests[\\/]fuzz[\\/]api-fuzz-/.test(file.moduleId);
    return [...sorted.filter(isFuzz), ...sorted.filter((file) => !isFuzz(file))];
  }
}

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web'],
    // Vitest's default is one file at a time on two cores (CPUs - 1). Files wait on PGlite, PostgreSQL and jsdom
    // as much as they compute, and each has its own database, so two at once: the suite took 306 s against 496 s,
    // and the PostgreSQL pass 184 s against 316 s, on this project's two-core machines.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirstSequencer },
  },
});
