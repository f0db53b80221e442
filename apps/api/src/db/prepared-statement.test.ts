/**
 * Statements built once (decisions 0096, 0097), on PGlite and, in the CI's second pass, on PostgreSQL
 * (TEST_DATABASE_URL): they answer what the same query built afresh answers, whatever the values; one statement runs
 * on each handle's own connection, inside a transaction when given the transaction's handle and never when given the
 * pool's; and on PostgreSQL the pool's namer still decides whether the text runs as a named prepared statement
 * (decision 0093), so DATABASE_PREPARED_STATEMENTS=0 still covers it.
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

  it('answers what the query built afresh answers, for every value, and is built once', async () => {
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

  it('runs on each handle’s connection: in a transaction it sees that transaction’s writes, built once for all', async () => {
    const { db } = handle;
    let made = 0;
    const titleOf = preparedStatement((d) => {
      made++;
      return d
        .select({ title: brands.title })
        .from(brands)
        .where(eq(brands.permalink, sql.placeholder('permalink')));
    });
    const permalink = permalinkOf('Narva');
    const seenOutside: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      await db
        .transaction(async (tx) => {
          await tx.insert(brands).values({ title: 'Narva', permalink });
          const [seen] = await titleOf(tx).execute({ permalink });
          expect(seen?.title).toBe('Narva');
          // The same statement on a savepoint's handle is still this transaction's connection.
          await tx.transaction(async (savepoint) => {
            expect(await titleOf(savepoint).execute({ permalink })).toEqual([{ title: 'Narva' }]);
          });
          // On PostgreSQL the pool's own connection does not see the uncommitted row. (PGlite has one connection,
          // which waits for the transaction to end: not asked there.)
          if (handle.kind === 'postgres') seenOutside.push(...(await titleOf(db).execute({ permalink })));
          tx.rollback();
        })
        .catch((err: unknown) => {
          if (!(err instanceof Error) || !/rollback/i.test(err.message)) throw err;
        });
    }
    expect(seenOutside).toEqual([]);
    expect(await titleOf(db).execute({ permalink })).toEqual([]);
    expect(made).toBe(1);
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
          const text = tx
            .select()
            .from(brands)
            .where(eq(brands.permalink, sql.placeholder('permalink')))
            .toSQL().sql;
          return held.filter((r) => r.statement === text).length;
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
