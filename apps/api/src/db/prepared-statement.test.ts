/**
 * Statements built once per database handle (decision 0096), on PGlite and, in the CI's second pass, on PostgreSQL
 * (TEST_DATABASE_URL): they answer what the same query built afresh answers, whatever the values; a statement made
 * on a transaction's handle runs inside that transaction; and on PostgreSQL the pool's namer still decides whether
 * the text runs as a named prepared statement (decision 0093), so DATABASE_PREPARED_STATEMENTS=0 still covers it.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/test-db';
import { openDatabase, rowsOf, type DatabaseHandle } from './client';
import { preparedStatement } from './prepared-statement';
import { brands } from './schema';

const TITLES = ['Bosch', 'Ryco', 'NGK', "O'Reilly & Sons"];

describe('preparedStatement', () => {
  let handle: DatabaseHandle & { url?: string };
  let builds = 0;
  const byPermalink = preparedStatement((db) => {
    builds++;
    return db
      .select()
      .from(brands)
      .where(eq(brands.permalink, sql.placeholder('permalink')));
  });
  const permalinkOf = (title: string) => `prepared-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;

  beforeAll(async () => {
    handle = await createTestDatabase();
    await handle.db.insert(brands).values(TITLES.map((title) => ({ title, permalink: permalinkOf(title) })));
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('answers what the query built afresh answers, for every value, and is built once per handle', async () => {
    const { db } = handle;
    builds = 0;
    for (const permalink of [...TITLES.map(permalinkOf), 'no-such-brand', permalinkOf('Bosch')]) {
      const afresh = await db.select().from(brands).where(eq(brands.permalink, permalink));
      const kept = await byPermalink(db).execute({ permalink });
      expect(kept).toEqual(afresh);
      expect(kept).toHaveLength(permalink === 'no-such-brand' ? 0 : 1);
    }
    expect(builds).toBe(1);
  });

  it('made on a transaction, runs in it: it sees that transaction’s own writes, which a rollback takes away', async () => {
    const { db } = handle;
    builds = 0;
    const permalink = permalinkOf('Narva');
    await db
      .transaction(async (tx) => {
        await tx.insert(brands).values({ title: 'Narva', permalink });
        const [seen] = await byPermalink(tx).execute({ permalink });
        expect(seen?.title).toBe('Narva');
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error) || !/rollback/i.test(err.message)) throw err;
      });
    expect(builds).toBe(1);
    expect(await byPermalink(db).execute({ permalink })).toEqual([]);
    expect(builds).toBe(1);
  });

  it('keeps its fixed values and orders as built', async () => {
    const { db } = handle;
    const titled = preparedStatement((d) =>
      d
        .select({ title: brands.title })
        .from(brands)
        .where(sql`${brands.permalink} like ${'prepared-%'}`)
        .orderBy(asc(brands.title)),
    );
    const expected = [...TITLES].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect((await titled(db).execute()).map((r) => r.title)).toEqual(expected);
    expect((await titled(db).execute()).map((r) => r.title)).toEqual(expected);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL the pool’s namer names it on its second run, and with prepared statements off nothing is named',
    async () => {
      const heldNames = async (h: DatabaseHandle, runs: number) =>
        h.db.transaction(async (tx) => {
          // One transaction is one connection: the runs and the look at what it holds share a session.
          for (let i = 0; i < runs; i++) await byPermalink(tx).execute({ permalink: permalinkOf('NGK') });
          const held = rowsOf<{ statement: string }>(
            await tx.execute(sql`select statement from pg_prepared_statements`),
          );
          return held.filter((r) => r.statement.includes('"brands"."permalink" = $1')).length;
        });
      expect(await heldNames(handle, 3)).toBe(1);
      const off = await openDatabase({ databaseUrl: handle.url, preparedStatements: false, migrate: false });
      try {
        expect(await heldNames(off, 3)).toBe(0);
      } finally {
        await off.close();
      }
    },
  );
});
