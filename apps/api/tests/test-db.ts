/**
 * A fresh, migrated database for one test file: PGlite in memory loaded from the run's template dump,
 * or, when TEST_DATABASE_URL is set (CI), a new PostgreSQL database copied from the template database.
 * `close()` drops what it made.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { TEMPLATE_DB_NAME, connectAdmin } from './test-db-names';

/** A test database; `url` is set on PostgreSQL, so a second app (another "instance") can open it too. */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `store_test_${randomBytes(6).toString('hex')}`;
    const admin = await connectAdmin(url);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB_NAME}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 20 });
    return {
      ...handle,
      url: dbUrl.toString(),
      async close() {
        await handle.close();
        const a = await connectAdmin(url);
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplateFile'));
  return openDatabase({ pgliteDir: 'memory://', pgliteLoadDataDir: new Blob([dump]) });
}
