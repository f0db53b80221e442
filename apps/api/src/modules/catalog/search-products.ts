/**
 * Product search (SPEC §2 Search, §7 /search-product; DESIGN §2 search): ranked Postgres full text over
 * title, SKU, brand, category and tags (prefix matching, so `batt` finds batteries), plus pg_trgm word
 * similarity for typos (`batery`), and an exact SKU first. Same SQL on PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { Product } from '@store/shared/product';
import { rowsOf, type Database } from '../../db/client';
import { getProductsByIds } from './catalog-service';

export interface SearchPage {
  data: Product[];
  total: number;
  last_page: number;
  current_page: number;
  per_page: number;
}

/**
 * Words of the query as a prefix tsquery ("h4 glob" -> "h4:* & glob:*"), or null when it has none.
 * Only letters and digits reach to_tsquery, so no input can make it throw.
 */
export function toPrefixTsQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/** Ranked search; `page` from 1. Text is trimmed and lower-cased; at most 100 characters. */
export async function searchProducts(
  db: Database,
  text: string,
  page: number,
  perPage: number,
): Promise<SearchPage> {
  const raw = text.trim().toLowerCase().slice(0, 100);
  const tsq = toPrefixTsQuery(raw);
  // An empty tsquery matches nothing; the SKU and trigram branches still run.
  const tsQuery = tsq ? sql`to_tsquery('english', ${tsq})` : sql`''::tsquery`;
  const result = await db.execute(sql`
    WITH q AS (SELECT ${tsQuery} AS tsq, ${raw}::text AS raw),
    hits AS (
      SELECT p.id,
        (CASE WHEN lower(p.sku) = q.raw THEN 100 ELSE 0 END)
        + ts_rank(p.search_vector, q.tsq) * 10
        + word_similarity(q.raw, p.search_text) AS score
      FROM products p, q
      WHERE lower(p.sku) = q.raw OR p.search_vector @@ q.tsq OR q.raw <% p.search_text
    )
    SELECT id, score, count(*) OVER () AS total
    FROM hits
    ORDER BY score DESC, id DESC
    LIMIT ${perPage} OFFSET ${(page - 1) * perPage}
  `);
  const rows = rowsOf<{ id: number; total: string | number }>(result);
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && page > 1) {
    const c = rowsOf<{ n: string | number }>(
      await db.execute(sql`
        WITH q AS (SELECT ${tsQuery} AS tsq, ${raw}::text AS raw)
        SELECT count(*) AS n FROM products p, q
        WHERE lower(p.sku) = q.raw OR p.search_vector @@ q.tsq OR q.raw <% p.search_text`),
    );
    total = Number(c[0]?.n ?? 0);
  }
  return {
    data: await getProductsByIds(
      db,
      rows.map((r) => Number(r.id)),
    ),
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    current_page: page,
    per_page: perPage,
  };
}
