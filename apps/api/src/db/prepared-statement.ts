/**
 * A fixed-shape statement built by Drizzle once per database handle, then run with its values (decision 0096).
 *
 * Drizzle builds a statement's text on every run: walking its columns and conditions through `is()` checks. On
 * place-order that building was about a fifth of the store's CPU (decision 0095's profile), most of it for the
 * same few texts every order and every order mail runs. A statement made here is built the first time a handle
 * runs it; later runs only fill in its placeholders (`sql.placeholder(name)`) and map the rows, as Drizzle's own
 * `.prepare()` does.
 *
 * It is prepared unnamed on purpose: the pool's namer (decision 0093) still decides whether the text runs as a
 * named prepared statement on the server, so DATABASE_PREPARED_STATEMENTS=0 (a pooler that does not carry them)
 * keeps covering it. PGlite runs it as any other statement.
 *
 * Kept per handle (a WeakMap): a statement made on the pool runs on the pool, never inside a transaction; one made
 * on a transaction's handle stays with that transaction and is dropped with it.
 */
import type { Database } from './client';

/** What Drizzle's query builders offer: `.prepare(name)` giving something with `execute(values)`. */
interface Preparable<P> {
  prepare(name: string): P;
}

/**
 * `statement(db)` is the statement `build(db)` describes, built once per `db`. `build` must give the same text
 * every time: values go in `sql.placeholder(...)`, never in the builder itself.
 */
export function preparedStatement<P>(build: (db: Database) => Preparable<P>): (db: Database) => P {
  const kept = new WeakMap<Database, P>();
  return (db) => {
    let statement = kept.get(db);
    if (statement === undefined) {
      // No name: node-postgres then sends it unnamed and the pool's namer names it (see above).
      statement = build(db).prepare(undefined as unknown as string);
      kept.set(db, statement);
    }
    return statement;
  };
}
