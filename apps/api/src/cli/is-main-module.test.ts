import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isMainModule } from './is-main-module';

describe('isMainModule', () => {
  it('is true for the command being run, as tsx runs it', () => {
    const file = '/repo/apps/api/src/cli/admin-create.ts';
    expect(isMainModule(pathToFileURL(file).href, 'admin-create.ts', ['node', file])).toBe(true);
    expect(isMainModule(pathToFileURL(file).href, 'admin-create.ts', ['node', '/repo/other.ts'])).toBe(false);
  });

  it('is false for a command bundled into the store, where every module has the bundle’s URL', () => {
    const bundle = '/repo/apps/api/dist/server.mjs';
    expect(isMainModule(pathToFileURL(bundle).href, 'admin-create.ts', ['node', bundle])).toBe(false);
  });
});
