#!/usr/bin/env node
/**
 * The API tests that CI runs a second time on PostgreSQL and Redis (decision 0068): every test file that exercises
 * requests at once (`atOnce`, `injectAtOnce`, or "concurrency" in its name or text) or that names PostgreSQL or
 * Redis itself (`TEST_DATABASE_URL`, `TEST_REDIS_URL`, `databaseUrl`: migrations, LISTEN/NOTIFY, durable jobs,
 * rate limits, outages). The rest of the suite is the same SQL on the same engine (PGlite is PostgreSQL) and runs
 * once, on PGlite, in `npm test`.
 *
 * Usage: node apps/api/tests/run-on-postgres.mjs [--list] [extra vitest arguments]. TEST_DATABASE_URL and
 * TEST_REDIS_URL default to the CI machine's services (postgres@127.0.0.1:5432/test, redis 127.0.0.1:6379).
 * Exits with vitest's code; `--list` prints the files and exits 0.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(apiDir, '..', '..');
const NEEDS_POSTGRES = /\b(atOnce|injectAtOnce|TEST_DATABASE_URL|TEST_REDIS_URL|databaseUrl)\b|concurrency/;

/** Every `*.test.ts` under `dir`, relative to the repository. */
function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules') return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = [...testFiles(path.join(apiDir, 'src')), ...testFiles(path.join(apiDir, 'tests'))]
  .filter(
    (file) => NEEDS_POSTGRES.test(path.basename(file)) || NEEDS_POSTGRES.test(readFileSync(file, 'utf8')),
  )
  .map((file) => path.relative(repoRoot, file))
  .sort();

const args = process.argv.slice(2);
if (args.includes('--list')) {
  console.log(files.join('\n'));
  console.log(`${files.length} files`);
  process.exit(0);
}
if (files.length === 0) {
  console.error('run-on-postgres: no test file matched; the selection rule is broken');
  process.exit(1);
}

const child = spawn('npx', ['vitest', 'run', '--project', 'api', ...files, ...args], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: {
    ...process.env,
    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  },
});
const stop = (signal) => child.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
