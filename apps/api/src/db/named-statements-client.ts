/**
 * Repeated statements as named prepared statements on PostgreSQL (decision 0093, issue 42 §4). node-postgres
 * sends every parameterised statement unnamed, so the server parses and plans its text again on every run: on a
 * placed order (about 30 statements with its mails) that was 40 % of the server's time in statements. A
 * statement named once per connection is parsed once there, and after a few runs PostgreSQL keeps a generic plan.
 *
 * Which texts are named: a parameterised text (values given, so the extended protocol runs it) the second time
 * this process sends it, up to `maxNamed` texts; the rest run unnamed as before. One-off texts (an owner's filters
 * in the back office) are thus never prepared, and a connection holds at most `maxNamed` statements on the server.
 * Names are a digest of the text, so the same text has the same name on every connection and two texts never
 * share one (node-postgres refuses a name reused for another text).
 *
 * Turned off by DATABASE_PREPARED_STATEMENTS=0 for a connection pooler in transaction mode that does not carry
 * prepared statements between its server connections (PgBouncer before 1.21).
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

/** Texts named per process, so per connection on the server (about 10-30 kB each there). */
export const MAX_NAMED_STATEMENTS = 500;
/** Texts seen once and remembered, waiting for their second run; the set starts again when full. */
const MAX_SEEN_TEXTS = 10_000;

/** Decides which statement texts run as named prepared statements. */
export interface StatementNamer {
  /** The name to send `text` under, or undefined to send it unnamed. */
  nameOf(text: string): string | undefined;
  /** How many texts have a name. */
  named(): number;
}

/** A namer naming a text on its second run, at most `maxNamed` texts in all. */
export function createStatementNamer(
  maxNamed = MAX_NAMED_STATEMENTS,
  maxSeen = MAX_SEEN_TEXTS,
): StatementNamer {
  const names = new Map<string, string>();
  const seen = new Set<string>();
  return {
    nameOf(text) {
      const name = names.get(text);
      if (name !== undefined || names.size >= maxNamed) return name;
      if (!seen.has(text)) {
        if (seen.size >= maxSeen) seen.clear();
        seen.add(text);
        return undefined;
      }
      seen.delete(text);
      const made = `s_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
      names.set(text, made);
      return made;
    },
    named: () => names.size,
  };
}

/**
 * A node-postgres Client class for `new pg.Pool({ Client })` whose `query` sends the texts `namer` names as named
 * statements. A query that already has a name, a submittable (a cursor, a stream) and a text without values are
 * passed on untouched.
 */
export function namedStatementsClient(namer: StatementNamer): typeof pg.Client {
  class NamedStatementsClient extends pg.Client {}
  const query = pg.Client.prototype.query;
  NamedStatementsClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args;
    if (typeof config === 'string') {
      const name = Array.isArray(values) && values.length > 0 ? namer.nameOf(config) : undefined;
      if (name) args[0] = { text: config, name };
    } else if (config && typeof config === 'object') {
      const c = config as { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };
      const params = c.values ?? values;
      if (
        typeof c.text === 'string' &&
        c.name === undefined &&
        typeof c.submit !== 'function' &&
        Array.isArray(params) &&
        params.length > 0
      ) {
        const name = namer.nameOf(c.text);
        if (name) args[0] = { ...c, name };
      }
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as pg.Client['query'];
  return NamedStatementsClient;
}
