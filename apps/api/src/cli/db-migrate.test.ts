/**
 * Migrations as a deploy step (issue 38 §4, decision 0064): where a database stands against this release's
 * journal; several migrators started at once on a new PostgreSQL database (in this process, each with its own
 * pool, and the real `npm run db:migrate` as a child) all succeed and leave it migrated exactly once; and a server
 * started with MIGRATE_ON_START=0 on a database behind this release refuses to start, saying what to do.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { runChild, stopChildren } from '../../tests/child-processes';
import { createTestDatabase } from '../../tests/test-db';
import { TEMPLATE_DB_NAME, connectAdmin } from '../../tests/test-db-names';
import { openDatabase, rowsOf, type Database } from '../db/client';
import {
  MigrationsPendingError,
  assertMigrated,
  readMigrationJournal,
  readMigrationStatus,
} from '../db/migration-status';
import { runDbMigrate } from './db-migrate';

const journal = readMigrationJournal();
const latest = journal.at(-1)!;
const testUrl = process.env.TEST_DATABASE_URL;

afterAll(() => stopChildren());

function capture() {
  const lines = { out: [] as string[], err: [] as string[] };
  return {
    lines,
    io: { out: (t: string) => lines.out.push(t), err: (t: string) => lines.err.push(t) },
  };
}

/** Forgets that the latest migration was applied: the database of the release before this one, as it looks. */
async function forgetLatestMigration(db: Database) {
  await db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${latest.when}`);
}

describe('where a database stands', () => {
  it('a migrated database has nothing pending; one a migration behind lists it, and assertMigrated refuses', async () => {
    const database = await createTestDatabase();
    try {
      const status = await readMigrationStatus(database.db);
      expect(status).toEqual({ applied: journal.length, latest: latest.tag, pending: [], ahead: false });

      await forgetLatestMigration(database.db);
      const behind = await readMigrationStatus(database.db);
      expect(behind.pending).toEqual([latest.tag]);
      const refused = await assertMigrated(database.db).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(MigrationsPendingError);
      expect((refused as Error).message).toBe(
        `The database is behind this release: 1 migration not applied (${latest.tag}; the database's latest is ` +
          `${journal.at(-2)!.tag}). MIGRATE_ON_START=0 starts without migrating: run npm run db:migrate with this ` +
          'release first (docs/deploy.md), or start it with MIGRATE_ON_START=1.',
      );

      // A newer release's migration: this one runs on it (a rolling deploy's old instances) and applies nothing.
      await database.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('x', ${latest.when}), ('y', ${latest.when + 1000})`,
      );
      expect(await readMigrationStatus(database.db)).toMatchObject({
        pending: [],
        ahead: true,
        latest: null,
      });
    } finally {
      await database.close();
    }
  });

  it('says how it is used, and refuses an argument it does not know', async () => {
    const help = capture();
    expect(await runDbMigrate(['--help'], help.io)).toBe(0);
    expect(help.lines.out.join('\n')).toContain('Usage: npm run db:migrate');
    const bad = capture();
    expect(await runDbMigrate(['--everything'], bad.io)).toBe(2);
    expect(bad.lines.err.join('\n')).toMatch(/Unknown option '--everything'[^]*Usage: npm run db:migrate/);
  });
});

/** What a schema is made of: every column and index of `public`, and the migrations recorded. */
async function schemaOf(url: string) {
  const handle = await openDatabase({ databaseUrl: url, migrate: false, poolSize: 1 });
  try {
    const columns = rowsOf<Record<string, string>>(
      await handle.db.execute(sql`
        SELECT table_name, column_name, data_type, is_nullable, column_default
        FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name`),
    );
    const indexes = rowsOf<Record<string, string>>(
      await handle.db.execute(
        sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`,
      ),
    );
    const migrations = rowsOf<{ created_at: string }>(
      await handle.db.execute(sql`SELECT created_at::text FROM drizzle.__drizzle_migrations ORDER BY id`),
    ).map((r) => Number(r.created_at));
    return { columns, indexes, migrations };
  } finally {
    await handle.close();
  }
}

describe.skipIf(!testUrl)('npm run db:migrate on PostgreSQL', () => {
  const made: string[] = [];
  afterAll(async () => {
    const admin = await connectAdmin(testUrl!);
    for (const name of made) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  /** A new, empty database on the test server (dropped after the file), as a first deploy finds it. */
  async function emptyDatabase(): Promise<string> {
    const name = `store_migrate_${randomBytes(6).toString('hex')}`;
    const admin = await connectAdmin(testUrl!);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    made.push(name);
    const url = new URL(testUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  }

  it('several migrators at once on a new database all succeed, and it is migrated exactly once', async () => {
    const url = await emptyDatabase();
    const inProcess = Array.from({ length: 4 }, () => capture());
    const [child, ...codes] = await Promise.all([
      runChild('src/cli/db-migrate.ts', [], { DATABASE_URL: url }),
      ...inProcess.map((c) =>
        runDbMigrate([], {
          ...c.io,
          open: () => openDatabase({ databaseUrl: url, migrate: true, poolSize: 2 }),
        }),
      ),
    ]);
    expect(child.code, child.stderr).toBe(0);
    expect(codes).toEqual([0, 0, 0, 0]);
    const outputs = [child.stdout, ...inProcess.map((c) => c.lines.out.join('\n'))];
    // Each migration applied by one of them, once; each says the database is up to date.
    const applied = outputs.map((o) => Number(/^Applied (\d+) migration/m.exec(o)?.[1] ?? 0));
    expect(applied.reduce((a, b) => a + b, 0)).toBe(journal.length);
    for (const o of outputs)
      expect(o).toContain(`up to date (${journal.length} migrations, the latest ${latest.tag})`);

    const migrated = await schemaOf(url);
    expect(migrated.migrations).toEqual(journal.map((m) => m.when));
    const template = new URL(testUrl!);
    template.pathname = `/${TEMPLATE_DB_NAME}`;
    const expected = await schemaOf(template.toString());
    expect(migrated.columns).toEqual(expected.columns);
    expect(migrated.indexes).toEqual(expected.indexes);
  }, 120_000);
});

describe('MIGRATE_ON_START=0', () => {
  it('a server on a database behind this release refuses to start, and says to run db:migrate', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'store-migrate-on-start-'));
    try {
      let env: Record<string, string>;
      let pendingCount: number;
      if (testUrl) {
        // A first deploy that skipped the step: a new, empty database.
        const name = `store_migrate_${randomBytes(6).toString('hex')}`;
        const admin = await connectAdmin(testUrl);
        await admin.query(`CREATE DATABASE ${name}`);
        await admin.end();
        const url = new URL(testUrl);
        url.pathname = `/${name}`;
        env = { DATABASE_URL: url.toString() };
        pendingCount = journal.length;
        try {
          await expectRefusal(env, root, pendingCount);
          // It migrated nothing on its way out.
          const handle = await openDatabase({ databaseUrl: url.toString(), migrate: false, poolSize: 1 });
          expect((await readMigrationStatus(handle.db)).applied).toBe(0);
          await handle.close();
        } finally {
          const a = await connectAdmin(testUrl);
          await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await a.end();
        }
      } else {
        // The embedded folder of the release before this one: the latest migration not applied.
        const pgliteDir = path.join(root, 'pglite');
        const handle = await openDatabase({
          pgliteDir,
          pgliteLoadDataDir: new Blob([await readFile(inject('pgliteTemplateFile'))]),
          migrate: false,
        });
        await forgetLatestMigration(handle.db);
        await handle.close();
        await expectRefusal({ PGLITE_DIR: pgliteDir }, root, 1);
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 120_000);
});

async function expectRefusal(env: Record<string, string>, root: string, pending: number) {
  const run = await runChild(
    'src/server.ts',
    [],
    { ...env, DATA_DIR: root, MIGRATE_ON_START: '0', DEMO_CATALOG: '0', PORT: '0', HOST: '127.0.0.1' },
    90_000,
  );
  expect(run.code).toBe(1);
  expect(run.stderr).toContain(
    `The database is behind this release: ${pending} migration${pending === 1 ? '' : 's'} not applied`,
  );
  expect(run.stderr).toContain('run npm run db:migrate with this release first');
  expect(run.stdout).not.toContain('store is running');
}
