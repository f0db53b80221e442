/**
 * Commands while the store runs on its embedded database (issue 43 §3, decision 0042): the command lines run as
 * real child processes (`tsx src/cli/admin-create.ts …`, with PGLITE_DIR on the folder of a store built here) send
 * their work to the running store, which knows the new admin and shows the imported products from its very next
 * request; a folder held by another command is refused at once; a failure prints a sentence, never SQL, values or
 * a hash.
 */
import { readFile, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_DIR, runChild, stopChildren } from '../../tests/child-processes';
import { createTestApp, type TestApp } from '../../tests/test-app';
import { createTestDatabase } from '../../tests/test-db';
import { openDatabase, rowsOf } from '../db/client';
import { STORE_HOLDER, lockDataFolder } from '../db/data-folder-lock';
import { staffUsers } from '../db/schema';
import { controlSocketPath, type ControlChannel } from './control-channel';
import { describeCliFailure } from './describe-cli-failure';
import { openStoreControlChannel } from './store-commands';

const FIXTURE = path.join(API_DIR, 'tests/fixtures/shopify-2024.csv');

let root: string;
let pgliteDir: string;
let store: TestApp;
let channel: ControlChannel;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'store-commands-'));
  pgliteDir = path.join(root, 'pglite');
  const template = inject('pgliteTemplateFile');
  // The store as server.ts opens it: the folder's lock, then the app, then the control channel.
  const database = await openDatabase({
    pgliteDir,
    pgliteHolder: STORE_HOLDER,
    // The run's migrated template when there is one (PGlite runs); on PostgreSQL runs it migrates.
    ...(template ? { pgliteLoadDataDir: new Blob([await readFile(template)]) } : {}),
  });
  store = await createTestApp({
    database,
    // As in production: the shop reads its catalog from memory and looks at the database only every minute
    // here, so a product seen at once proves the store refreshed after the command.
    config: (c) => {
      c.catalogPollMs = 60_000;
    },
  });
  channel = await openStoreControlChannel(store.app, pgliteDir);
}, 120_000);

afterAll(async () => {
  await stopChildren();
  await channel?.close();
  await store?.close();
  await rm(root, { recursive: true, force: true });
});

const cli = (script: string, args: string[], env: Record<string, string> = {}) =>
  runChild(`src/cli/${script}`, args, { PGLITE_DIR: pgliteDir, DATA_DIR: root, ...env });

/** Nothing a person should not see: SQL, the values bound to it, an argon2 hash, a stack. */
function expectNoInternals(text: string) {
  expect(text).not.toMatch(/\$argon2/);
  expect(text).not.toMatch(/\b(insert into|select .* from|params:)/i);
  expect(text).not.toMatch(/^\s+at /m);
}

describe('commands while the store runs on its embedded database', () => {
  it('listens only for its own user: the socket is mode 0600, beside the folder', async () => {
    const info = await stat(controlSocketPath(pgliteDir));
    expect(info.isSocket()).toBe(true);
    expect(info.mode & 0o777).toBe(0o600);
  });

  it('admin:create runs in the store: the admin signs in at once and changes the password, no 500', async () => {
    const run = await cli('admin-create.ts', ['--email', 'owner@example.com', '--name', 'Owner']);
    expect(run.stderr).toContain(`The store is running on this data folder (pid ${process.pid})`);
    expect(run.code).toBe(0);
    const password = /One-time password: (\S+)/.exec(run.stdout)?.[1];
    expect(password).toBeDefined();

    const login = await store.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'owner@example.com', password },
    });
    expect(login.statusCode).toBe(200);
    const change = await store.app.inject({
      method: 'POST',
      url: '/api/admin/password',
      headers: { authorization: `Bearer ${login.json().token}` },
      payload: { current_password: password, new_password: 'Brake-pads-2026!' },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().user.must_change_password).toBe(false);
    // One audit row each, written by one process: no key handed out twice.
    const audit = rowsOf<{ action: string }>(
      await store.database.db.execute(sql`SELECT action FROM audit_log ORDER BY id`),
    );
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['staff.create']));
  }, 60_000);

  it('a second admin:create of the same email says so in one sentence: no SQL, values or hash', async () => {
    const run = await cli('admin-create.ts', ['--email', 'owner@example.com', '--name', 'Owner']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Could not create the account: an account with this email already exists.');
    expectNoInternals(run.stderr + run.stdout);
  }, 60_000);

  it('bad arguments get the usage line and exit 2', async () => {
    const run = await cli('admin-create.ts', ['--email', 'not-an-email']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--email must be an email address');
    expect(run.stderr).toContain('--name is required');
    expect(run.stderr).toContain('Usage: npm run admin:create');
  }, 60_000);

  it('catalog:import runs in the store, and the shop shows the products from the next request', async () => {
    const before = await store.app.inject({ method: 'GET', url: '/api/products/OIL-5W30-5L' });
    expect(before.statusCode).toBe(404);
    const run = await cli('catalog-import.ts', [FIXTURE, '--offline']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Imported .*shopify-2024\.csv: 4 created, 0 updated/);
    const after = await store.app.inject({ method: 'GET', url: '/api/products/OIL-5W30-5L' });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.title).toBe('Engine Oil 5W-30 5L');
  }, 60_000);

  it('a folder held by another command is refused at once, with who holds it and what to do', async () => {
    const otherDir = path.join(root, 'other-pglite');
    const lock = lockDataFolder(otherDir, 'npm run catalog:import');
    try {
      const run = await cli('admin-create.ts', ['--email', 'x@example.com', '--name', 'X'], {
        PGLITE_DIR: otherDir,
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`is in use by process ${process.pid}, npm run catalog:import`);
      expect(run.stderr).toContain('wait for it to finish, or stop it, then try again');
    } finally {
      lock.release();
    }
  }, 60_000);

  it('a database that cannot be reached is said in one sentence, without a stack', async () => {
    const run = await cli('admin-create.ts', ['--email', 'y@example.com', '--name', 'Y'], {
      DATABASE_URL: 'postgres://store@127.0.0.1:1/none',
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'npm run admin:create stopped: the database could not be reached: check DATABASE_URL, and that PostgreSQL ' +
        'is running and accepts connections.',
    );
  }, 60_000);
});

describe('describeCliFailure', () => {
  it('describes a refused insert without its values, even with --verbose', async () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$ZmFrZWhhc2g';
    const row = { email: 'dup@example.com', name: 'Dup', role: 'admin' as const, passwordHash: hash };
    await store.database.db.insert(staffUsers).values(row);
    const error = await store.database.db
      .insert(staffUsers)
      .values(row)
      .then(() => undefined)
      .catch((e: unknown) => e);
    expect(String((error as Error).message)).toContain(hash); // what used to be printed
    const plain = describeCliFailure('Could not create the account', error);
    expect(plain).toMatch(
      /^Could not create the account: the database already holds a record with the same key/,
    );
    expectNoInternals(plain);
    const verbose = describeCliFailure('Could not create the account', error, true);
    expect(verbose).toContain('SQLSTATE 23505');
    expect(verbose).toContain('statement: insert into "staff_users"');
    expect(verbose).not.toContain(hash);
    expect(verbose).not.toContain('dup@example.com');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('commands on PostgreSQL (DATABASE_URL)', () => {
  it('write directly, as before, and a store on the same database knows the admin at once', async () => {
    const database = await createTestDatabase();
    const pgStore = await createTestApp({ database });
    try {
      const run = await cli('admin-create.ts', ['--email', 'pg@example.com', '--name', 'Pg'], {
        DATABASE_URL: database.url as string,
      });
      expect(run.code).toBe(0);
      expect(run.stderr).not.toContain('The store is running');
      const password = /One-time password: (\S+)/.exec(run.stdout)?.[1];
      const login = await pgStore.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: 'pg@example.com', password },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await pgStore.close();
    }
  }, 60_000);
});
