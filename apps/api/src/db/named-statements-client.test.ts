/**
 * Repeated statements as named prepared statements (decision 0093): which texts the namer names, and, on
 * PostgreSQL (TEST_DATABASE_URL, the CI's second pass), what the server holds and answers through the client.
 */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createStatementNamer, namedStatementsClient } from './named-statements-client';

describe('createStatementNamer', () => {
  it('names a text on its second run, the same name after, and another text another name', () => {
    const namer = createStatementNamer();
    const a = 'select $1::int';
    const b = 'select $1::text';
    expect(namer.nameOf(a)).toBeUndefined();
    const name = namer.nameOf(a);
    expect(name).toMatch(/^s_[0-9a-f]{32}$/);
    expect(namer.nameOf(a)).toBe(name);
    expect(namer.nameOf(b)).toBeUndefined();
    expect(namer.nameOf(b)).not.toBe(name);
    expect(namer.named()).toBe(2);
  });

  it('names no more than its limit; texts past it stay unnamed, the named keep their names', () => {
    const namer = createStatementNamer(2);
    const texts = ['select $1::int', 'select $1::text', 'select $1::bigint'];
    for (let i = 0; i < 3; i++) for (const t of texts) namer.nameOf(t);
    expect(texts.map((t) => namer.nameOf(t) !== undefined)).toEqual([true, true, false]);
    expect(namer.named()).toBe(2);
  });

  it('forgets the texts seen once when their set is full, so a text seen once long ago is not named', () => {
    const namer = createStatementNamer(10, 2);
    namer.nameOf('select $1::int');
    namer.nameOf('select $1::text');
    namer.nameOf('select $1::bigint'); // the set of texts seen once was full: it starts again with this one
    expect(namer.nameOf('select $1::int')).toBeUndefined();
    expect(namer.nameOf('select $1::bigint')).toBeDefined();
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('namedStatementsClient on PostgreSQL (TEST_DATABASE_URL)', () => {
  let pool: pg.Pool | undefined;
  afterEach(async () => {
    await pool?.end();
    pool = undefined;
  });

  /** One connection, so every statement and the look at pg_prepared_statements share a session. */
  function onePool(maxNamed?: number, named = true): pg.Pool {
    pool = new pg.Pool({
      connectionString: url,
      max: 1,
      ...(named ? { Client: namedStatementsClient(createStatementNamer(maxNamed)) } : {}),
    });
    return pool;
  }

  async function prepared(p: pg.Pool): Promise<string[]> {
    const { rows } = await p.query<{ statement: string }>(
      'SELECT statement FROM pg_prepared_statements ORDER BY statement',
    );
    return rows.map((r) => r.statement);
  }

  it('runs a parameterised text unnamed once, then prepared, with the right answers each time', async () => {
    const p = onePool();
    const text = 'SELECT $1::int + 1 AS n';
    expect((await p.query(text, [1])).rows).toEqual([{ n: 2 }]);
    expect(await prepared(p)).toEqual([]);
    expect((await p.query({ text, values: [2] })).rows).toEqual([{ n: 3 }]);
    expect((await p.query(text, [3])).rows).toEqual([{ n: 4 }]);
    expect(await prepared(p)).toEqual([text]);
  });

  it('leaves texts without values, and statements the caller named, as they were', async () => {
    const p = onePool();
    for (let i = 0; i < 3; i++) await p.query('SELECT 1 AS one');
    for (let i = 0; i < 3; i++) await p.query({ name: 'mine', text: 'SELECT $1::text AS t', values: ['x'] });
    const { rows } = await p.query<{ name: string }>('SELECT name FROM pg_prepared_statements');
    expect(rows.map((r) => r.name)).toEqual(['mine']);
  });

  it('keeps a connection usable after a text that fails, and prepares nothing for it', async () => {
    const p = onePool();
    const broken = 'SELECT $1::int FROM no_such_table_at_all';
    for (let i = 0; i < 3; i++) await expect(p.query(broken, [1])).rejects.toThrow(/no_such_table_at_all/);
    const text = 'SELECT $1::int * 2 AS n';
    for (let i = 1; i <= 3; i++) expect((await p.query(text, [i])).rows).toEqual([{ n: 2 * i }]);
    expect(await prepared(p)).toEqual([text]);
  });

  it('holds no more statements than the namer names, and none when turned off', async () => {
    const texts = ['SELECT $1::int AS v', 'SELECT $1::text AS v', 'SELECT $1::bigint AS v'];
    const capped = onePool(2);
    for (let i = 0; i < 3; i++) for (const t of texts) await capped.query(t, ['7']);
    expect(await prepared(capped)).toHaveLength(2);
    await capped.end();
    const off = onePool(undefined, false);
    for (let i = 0; i < 3; i++) for (const t of texts) await off.query(t, ['7']);
    expect(await prepared(off)).toEqual([]);
  });
});
