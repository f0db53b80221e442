/**
 * Prepares one migrated database template per test run (DESIGN §2 pitfall: PGlite takes seconds to start
 * from empty). PGlite: a data-dir dump file each test file loads. PostgreSQL (TEST_DATABASE_URL): a
 * template database each test file copies with CREATE DATABASE ... TEMPLATE.
 */
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { TEMPLATE_DB_NAME, connectAdmin } from './test-db-names';

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = await connectAdmin(url);
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB_NAME} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${TEMPLATE_DB_NAME}`);
    } finally {
      await admin.end();
    }
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${TEMPLATE_DB_NAME}`;
    const handle = await openDatabase({ databaseUrl: templateUrl.toString(), poolSize: 1 });
    await handle.close();
    project.provide('pgliteTemplateFile', '');
    return;
  }
  const file = path.join(os.tmpdir(), `store-pglite-template-${randomBytes(6).toString('hex')}.tar`);
  project.provide('pgliteTemplateFile', file);
  const handle = await openDatabase({ pgliteDir: 'memory://' });
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  return async () => {
    await rm(file, { force: true });
  };
}
