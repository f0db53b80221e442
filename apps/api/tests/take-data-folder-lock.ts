/**
 * A child process for data-folder-lock.test.ts's race: prints `ready`, waits for `go` on stdin, tries to take the
 * lock of the folder given as its argument, prints `won` or `lost`, and holds what it won until stdin ends.
 */
import { createInterface } from 'node:readline';
import { DataFolderLockedError, lockDataFolder, type DataFolderLock } from '../src/db/data-folder-lock';

const dir = process.argv[2];
if (!dir) throw new Error('usage: take-data-folder-lock.ts <folder>');
let lock: DataFolderLock | undefined;
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line !== 'go') return;
  try {
    lock = lockDataFolder(dir, 'npm run race');
    process.stdout.write('won\n');
  } catch (error) {
    process.stdout.write(error instanceof DataFolderLockedError ? 'lost\n' : `error ${String(error)}\n`);
  }
});
lines.on('close', () => lock?.release());
process.stdout.write('ready\n');
