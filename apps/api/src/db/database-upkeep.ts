/**
 * Vacuum and statistics for a database that has no autovacuum (decision 0090): PGlite runs PostgreSQL in one
 * process in single-user mode, where no autovacuum worker ever starts, so every updated or deleted row (an order's
 * status, a cart, a job, a re-imported product) stayed behind as a dead row for good and no table's planner
 * statistics were refreshed after an import's own ANALYZE. `runDatabaseUpkeep` does what autovacuum would do, by
 * autovacuum's own rules and the database's own settings for them, a table a statement with a turn of the event loop
 * between. Where the database says autovacuum is on (a PostgreSQL server, DESIGN §3) it does nothing unless told to:
 * autovacuum is the server's. The store runs it on PGlite only (database-upkeep-schedule.ts).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from './client';

/** PostgreSQL's autovacuum thresholds as the database is set (pg_settings; PostgreSQL 13+ names). */
export interface AutovacuumSettings {
  /** `autovacuum`: on in a server whose launcher runs it; PGlite says on and never starts one. */
  enabled: boolean;
  vacuumThreshold: number;
  vacuumScaleFactor: number;
  insertThreshold: number;
  insertScaleFactor: number;
  analyzeThreshold: number;
  analyzeScaleFactor: number;
}

/** One table's activity since its last vacuum and analyse (pg_stat_user_tables, pg_class.reltuples). */
export interface TableActivity {
  /** Schema-qualified and quoted, ready for a statement (`public.orders`, `pgboss.job`). */
  name: string;
  /** Rows as of the last vacuum or analyse; 0 for a table never analysed (reltuples -1). */
  rows: number;
  deadRows: number;
  insertedSinceVacuum: number;
  changedSinceAnalyze: number;
  /** The statistics record a vacuum of the table (last_vacuum or last_autovacuum). */
  vacuumOnRecord: boolean;
}

export interface UpkeepDue {
  vacuum: boolean;
  analyze: boolean;
}

/**
 * Autovacuum's rule (PostgreSQL's "The Autovacuum Daemon"): vacuum when dead rows pass threshold + scale × rows, or
 * rows inserted since the last vacuum pass the insert threshold + scale × rows; analyse when rows changed since the
 * last analyse pass analyze threshold + scale × rows. And vacuum a table whose statistics record no vacuum: PGlite
 * keeps its activity counters in memory only, so after every start (and after a command line wrote the folder) the
 * dead rows left before are in no counter. The visibility map, kept on disk, makes such a vacuum of a table with
 * nothing to do cost little more than reading the map.
 */
export function upkeepDue(table: TableActivity, s: AutovacuumSettings): UpkeepDue {
  const rows = Math.max(0, table.rows);
  return {
    vacuum:
      !table.vacuumOnRecord ||
      table.deadRows > s.vacuumThreshold + s.vacuumScaleFactor * rows ||
      (s.insertThreshold >= 0 && table.insertedSinceVacuum > s.insertThreshold + s.insertScaleFactor * rows),
    analyze: table.changedSinceAnalyze > s.analyzeThreshold + s.analyzeScaleFactor * rows,
  };
}

/** The database's autovacuum settings. */
export async function readAutovacuumSettings(db: Database): Promise<AutovacuumSettings> {
  const rows = rowsOf<{ name: string; setting: string }>(
    await db.execute(sql`SELECT name, setting FROM pg_settings WHERE name IN (
      'autovacuum', 'autovacuum_vacuum_threshold', 'autovacuum_vacuum_scale_factor',
      'autovacuum_vacuum_insert_threshold', 'autovacuum_vacuum_insert_scale_factor',
      'autovacuum_analyze_threshold', 'autovacuum_analyze_scale_factor')`),
  );
  const of = new Map(rows.map((r) => [r.name, r.setting]));
  const num = (name: string, fallback: number) => {
    const v = Number(of.get(name));
    return Number.isFinite(v) ? v : fallback;
  };
  // Fallbacks are PostgreSQL 15's defaults, for a server that hides a setting.
  return {
    enabled: of.get('autovacuum') === 'on',
    vacuumThreshold: num('autovacuum_vacuum_threshold', 50),
    vacuumScaleFactor: num('autovacuum_vacuum_scale_factor', 0.2),
    insertThreshold: num('autovacuum_vacuum_insert_threshold', 1000),
    insertScaleFactor: num('autovacuum_vacuum_insert_scale_factor', 0.2),
    analyzeThreshold: num('autovacuum_analyze_threshold', 50),
    analyzeScaleFactor: num('autovacuum_analyze_scale_factor', 0.1),
  };
}

/**
 * The line the store logs at start on a PostgreSQL server whose autovacuum is off (decision 0093), or null when it
 * is on. The store vacuums only the embedded database itself (decision 0090); on a server without autovacuum the
 * tables it updates on every order keep their dead rows, and the job queue's fetch walks them all: place-order at
 * 20 connections fell from 108 to 85 orders a second within two minutes of load, where it held with autovacuum on.
 */
export function autovacuumOffWarning(settings: Pick<AutovacuumSettings, 'enabled'>): string | null {
  if (settings.enabled) return null;
  return (
    "PostgreSQL's autovacuum is off on this server: the job queue, orders and idempotency keys keep every dead " +
    'row, and placing orders and sending their mails slow down the longer the store runs. Turn it on ' +
    '(autovacuum = on), or VACUUM those tables on a schedule (decision 0093).'
  );
}

/** Every ordinary table of the database's own schemas, with its activity counters. */
export async function readTableActivity(db: Database): Promise<TableActivity[]> {
  const rows = rowsOf<{
    name: string;
    rows: number | string;
    dead: number | string;
    inserted: number | string;
    changed: number | string;
    on_record: boolean;
  }>(
    await db.execute(sql`
      SELECT quote_ident(s.schemaname) || '.' || quote_ident(s.relname) AS name,
             greatest(c.reltuples, 0)::float8 AS rows,
             s.n_dead_tup AS dead, s.n_ins_since_vacuum AS inserted, s.n_mod_since_analyze AS changed,
             coalesce(s.last_vacuum, s.last_autovacuum) IS NOT NULL AS on_record
        FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
       WHERE c.relkind = 'r'
       ORDER BY s.schemaname, s.relname`),
  );
  return rows.map((r) => ({
    name: r.name,
    rows: Number(r.rows),
    deadRows: Number(r.dead),
    insertedSinceVacuum: Number(r.inserted),
    changedSinceAnalyze: Number(r.changed),
    vacuumOnRecord: r.on_record,
  }));
}

/** What one run did: each table it worked, how long each statement held the database, ms. */
export interface UpkeepReport {
  /** 'autovacuum' when the database runs its own (nothing was done). */
  skipped?: 'autovacuum';
  tables: { name: string; vacuumed: boolean; analyzed: boolean; deadRows: number; ms: number }[];
  /** Dead rows the vacuumed tables held before, by the statistics. */
  deadRowsRemoved: number;
  longestMs: number;
  totalMs: number;
}

export interface UpkeepOptions {
  /**
   * Run even where the database says autovacuum is on: PGlite says so and never runs it, so the store's job
   * (PGlite only) passes true.
   */
  withoutAutovacuum: boolean;
}

/**
 * Vacuums and analyses every table autovacuum's rule says is due, one statement a table (`VACUUM (ANALYZE)`,
 * `VACUUM` or `ANALYZE`), with a turn of the event loop after each: on PGlite a statement runs on the store's own
 * thread. Plain VACUUM: dead rows' space is reused and empty pages at a table's end are given back; nothing is
 * rewritten and no table is locked against reads or writes. Throws what the database throws.
 */
export async function runDatabaseUpkeep(db: Database, options: UpkeepOptions): Promise<UpkeepReport> {
  const started = performance.now();
  const settings = await readAutovacuumSettings(db);
  const report: UpkeepReport = { tables: [], deadRowsRemoved: 0, longestMs: 0, totalMs: 0 };
  if (settings.enabled && !options.withoutAutovacuum) {
    report.skipped = 'autovacuum';
  } else {
    // This connection's own recent writes count too (PostgreSQL 15+ holds a backend's counts up to 10 s): on
    // PGlite that is every write the store made.
    await db.execute(sql`SELECT pg_stat_force_next_flush()`);
    for (const table of await readTableActivity(db)) {
      const due = upkeepDue(table, settings);
      if (!due.vacuum && !due.analyze) continue;
      const statement = due.vacuum ? (due.analyze ? 'VACUUM (ANALYZE)' : 'VACUUM') : 'ANALYZE';
      const t0 = performance.now();
      await db.execute(sql.raw(`${statement} ${table.name}`));
      const ms = performance.now() - t0;
      report.tables.push({
        name: table.name,
        vacuumed: due.vacuum,
        analyzed: due.analyze,
        deadRows: table.deadRows,
        ms: Math.round(ms),
      });
      if (due.vacuum) report.deadRowsRemoved += table.deadRows;
      report.longestMs = Math.max(report.longestMs, Math.round(ms));
      await nextTurn();
    }
  }
  report.totalMs = Math.round(performance.now() - started);
  return report;
}
