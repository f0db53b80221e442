/**
 * A fixed-shape statement built by Drizzle once per process, then run with its values on whichever handle asks:
 * the pool, or a transaction's own connection (decisions 0096, 0097).
 *
 * Drizzle builds a statement's text on every run: walking its columns and conditions through `is()` checks. On
 * place-order that building was about a fifth of the store's CPU (decision 0095's profile), most of it for the
 * same few texts every order and every order mail runs. A statement made here is built the first time it runs;
 * later runs only fill in its placeholders (`sql.placeholder(name)`) and map the rows, as Drizzle's own
 * `.prepare()` does.
 *
 * It is prepared unnamed on purpose: the pool's namer (decision 0093) still decides whether the text runs as a
 * named prepared statement on the server, so DATABASE_PREPARED_STATEMENTS=0 (a pooler that does not carry them)
 * keeps covering it. PGlite runs it as any other statement.
 *
 * Runs on the handle it is given (decision 0097): Drizzle's prepared query keeps the connection it was prepared on
 * (`client`), so each handle gets a view of the one built statement with its own session's connection in place.
 * A statement run on the pool runs on the pool, never inside someone's transaction; one run on a transaction's
 * handle runs inside that transaction, where a statement prepared on it used to be built again for every
 * transaction. One statement is built per driver (node-postgres, PGlite): their prepared queries differ.
 */
import type { Database } from './client';

/** What Drizzle's query builders offer: `.prepare(name)` giving something with `execute(values)`. */
interface Preparable<P> {
  prepare(name: string): P;
}

/** The part of a Drizzle database or transaction this needs: its session, and the connection the session uses. */
interface WithSession {
  session: { client: unknown };
}

/**
 * `statement(db)` is the statement `build(db)` describes, built once, running on `db`'s connection. `build` must
 * give the same text every time: values go in `sql.placeholder(...)`, never in the builder itself. Throws, on
 * first use, when `db` has no session (not a Drizzle database).
 */
export function preparedStatement<P extends object>(
  build: (db: Database) => Preparable<P>,
): (db: Database) => P {
  /** The one built statement, by the session's class (the driver). */
  const built = new Map<unknown, P>();
  /** Its view on each handle: a transaction's is dropped with the transaction. */
  const onHandle = new WeakMap<Database, P>();
  return (db) => {
    let statement = onHandle.get(db);
    if (statement === undefined) {
      const session = (db as unknown as WithSession).session;
      if (!session || !('client' in session)) throw new Error('preparedStatement: not a Drizzle database');
      let made = built.get(session.constructor);
      if (made === undefined) {
        // No name: node-postgres then sends it unnamed and the pool's namer names it (see above).
        made = build(db).prepare(undefined as unknown as string);
        built.set(session.constructor, made);
      }
      // Everything of the built statement (its text, parameters, row mapping), on this handle's connection.
      statement = Object.create(made, { client: { value: session.client } }) as P;
      onHandle.set(db, statement);
    }
    return statement;
  };
}
