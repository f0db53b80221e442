/**
 * Taking a queue's next job reads the first waiting job it can lock, not every waiting job (migration 0043,
 * decision 0095), on PGlite and on PostgreSQL (TEST_DATABASE_URL). pg-boss's own take, as pg-boss sends it, is
 * recorded and explained against a queue created after the migration with 2,000 jobs waiting: its scan of the
 * queue's jobs is an index scan in the take's order, and the jobs still come out in pg-boss's order (highest
 * priority first, then oldest; a job not due yet is left).
 */
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../../tests/test-db';
import { JOB_SCHEMA } from './job-queue';
import { pgliteExecutor, poolExecutor, transactionExecutor, type SqlExecutor } from './sql-adapters';

const QUEUE = 'fetch-order-check';
const WAITING = 2_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of `plan`, depth first. */
function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

describe('taking the next job with many waiting', () => {
  let handle: DatabaseHandle;
  let base: SqlExecutor;
  let boss: PgBoss;
  const sent: { text: string; values: unknown[] | undefined }[] = [];
  const recording: SqlExecutor = {
    executeSql(text, values) {
      sent.push({ text, values });
      return base.executeSql(text, values);
    },
  };

  beforeAll(async () => {
    handle = await createTestDatabase();
    const client = (handle.db as unknown as { $client: unknown }).$client;
    base =
      handle.kind === 'postgres'
        ? poolExecutor(client as Parameters<typeof poolExecutor>[0])
        : pgliteExecutor(client as Parameters<typeof pgliteExecutor>[0]);
    boss = new PgBoss({ db: base as PgBoss.Db, schema: JOB_SCHEMA, supervise: false, schedule: false });
    // A queue made after the migration: pg-boss attaches its partition, which must get the index then.
    await boss.createQueue(QUEUE, { name: QUEUE, policy: 'standard' });
    const inAnHour = new Date(Date.now() + 60 * 60 * 1000);
    // As the store inserts jobs (job-queue.ts), in three transactions, so three creation times: one job first,
    // then the backlog, then the rest.
    const insert = (jobs: PgBoss.JobInsert[]) =>
      handle.db.transaction((tx) => boss.insert(jobs, { db: transactionExecutor(tx) as PgBoss.Db }));
    await insert([{ name: QUEUE, data: { n: 'oldest' } }]);
    await insert(Array.from({ length: WAITING }, (_, n) => ({ name: QUEUE, data: { n } })));
    await insert([
      { name: QUEUE, data: { n: 'later' }, priority: 9, startAfter: inAnHour },
      { name: QUEUE, data: { n: 'urgent' }, priority: 1 },
    ]);
    // What autovacuum (PostgreSQL) or the store's upkeep (PGlite, decision 0090) does after a burst of writes.
    await handle.db.execute(sql.raw(`ANALYZE ${JOB_SCHEMA}.job`));
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
  });

  it('comes out highest priority first, then oldest, leaving a job not due yet', async () => {
    const first = await boss.fetch<{ n: unknown }>(QUEUE, { batchSize: 1, db: recording as PgBoss.Db });
    const second = await boss.fetch<{ n: unknown }>(QUEUE, { batchSize: 1, db: recording as PgBoss.Db });
    expect(first.map((j) => j.data.n)).toEqual(['urgent']);
    expect(second.map((j) => j.data.n)).toEqual(['oldest']);
  });

  it('reads the queue through the index in its order, so a take does not sort the whole backlog', async () => {
    // Its own take, so that this test stands alone (`-t`): pg-boss's text as pg-boss sends it.
    sent.length = 0;
    await boss.fetch(QUEUE, { batchSize: 1, db: recording as PgBoss.Db });
    const take = sent.find((s) => /FOR UPDATE SKIP LOCKED/.test(s.text));
    expect(take, 'pg-boss sent its take through the recording executor').toBeDefined();
    const explained = rowsOf<{ 'QUERY PLAN': unknown }>(
      await handle.db.execute(
        // pg-boss's text with its own `$1` (queue) and `$2` (batch size), bound as it binds them.
        sql.raw(
          `EXPLAIN (FORMAT JSON) ${take!.text
            .replace(/\$1\b/g, `'${QUEUE}'`)
            .replace(/\$2\b/g, String(take!.values?.[1] ?? 1))}`,
        ),
      ),
    );
    const raw = explained[0]!['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    const scans = nodesOf(plan[0]!.Plan).filter(
      (n) => n['Relation Name']?.startsWith('j') && n['Node Type'] !== 'ModifyTable',
    );
    // The take's own scan of the queue's partition (the update's join back to it is by primary key).
    const ordered = scans.filter((n) => /name_priority_created_on_id/.test(n['Index Name'] ?? ''));
    expect(ordered.map((n) => n['Node Type'])).toEqual(['Index Scan']);
    expect(scans.some((n) => /Seq Scan|Bitmap Heap Scan/.test(n['Node Type']))).toBe(false);
  });
});
