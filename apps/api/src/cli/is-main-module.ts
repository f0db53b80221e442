/**
 * Whether the module at `moduleUrl` (its `import.meta.url`) is the program being run, as in
 * `tsx src/cli/admin-create.ts`. `sourceName` is the module's own file name, because the store's bundle
 * (dist/server.mjs, decision 0024) contains the commands it runs for their command lines (decision 0042), and there
 * every module's `import.meta.url` is the bundle's: comparing it with the program's path alone would start every
 * command, with the store's arguments, each time the store starts.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function isMainModule(
  moduleUrl: string,
  sourceName: string,
  argv: readonly string[] = process.argv,
): boolean {
  const file = fileURLToPath(moduleUrl);
  return argv[1] !== undefined && path.resolve(argv[1]) === file && path.basename(file) === sourceName;
}
