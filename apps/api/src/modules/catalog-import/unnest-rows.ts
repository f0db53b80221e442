/**
 * Many rows as one parameter per column: `SELECT * FROM unnest($1::text[], $2::int4[], ...) AS t(a, b, ...)`.
 * A batch of thousands of rows is then one short statement with a handful of parameters, on PGlite and PostgreSQL
 * alike, instead of a statement with a placeholder per cell that Drizzle builds cell by cell (decision 0021).
 */
import { sql, type SQL } from 'drizzle-orm';

/** PostgreSQL element types the importer writes. */
export type UnnestType = 'text' | 'int2' | 'int4' | 'bool';

/** One column of the rows: its name, element type and one value per row (null allowed). */
export interface UnnestColumn {
  name: string;
  type: UnnestType;
  values: readonly (string | number | boolean | null)[];
}

/**
 * `SELECT * FROM unnest(...) AS t(<names>)` over `columns`, whose value lists must all have the same length (the
 * number of rows). Throws RangeError when they do not, or when there are no columns.
 */
export function unnestRows(columns: readonly UnnestColumn[]): SQL {
  const first = columns[0];
  if (!first) throw new RangeError('unnestRows needs at least one column');
  if (columns.some((c) => c.values.length !== first.values.length)) {
    throw new RangeError('unnestRows: every column needs one value per row');
  }
  const arrays = sql.join(
    columns.map((c) => sql`${sql.param(c.values)}::${sql.raw(c.type)}[]`),
    sql`, `,
  );
  return sql`SELECT * FROM unnest(${arrays}) AS t(${columnNames(columns)})`;
}

/** The columns' names as a quoted SQL list: `"a", "b"`. */
export function columnNames(columns: readonly { name: string }[]): SQL {
  return sql.raw(columns.map((c) => `"${c.name.replace(/"/g, '""')}"`).join(', '));
}
