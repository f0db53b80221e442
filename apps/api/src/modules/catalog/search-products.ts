/**
 * Product search (SPEC §2 Search, §7 /search-product; DESIGN §2 search; decision 0003).
 * 1. Ranked full text over title, SKU, brand, category and tags, each word as a prefix (`batt` finds
 *    batteries), an exact SKU first.
 * 2. No hit: each word is corrected to the nearest word of the catalog's vocabulary by trigram similarity
 *    (`batery` -> `battery`) and step 1 runs again, so ranking stays the full-text ranking.
 * Words the vocabulary has nothing near stay as typed, so nonsense finds nothing rather than noise.
 * The same SQL runs on PGlite and PostgreSQL.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Product } from '@store/shared/product';
import { rowsOf, type Database } from '../../db/client';
import { getProductsByIds } from './catalog-service';

export interface SearchPage {
  data: Product[];
  total: number;
  last_page: number;
  current_page: number;
  per_page: number;
  /** The words searched for after spelling correction, when they differ from the query. */
  corrected_query?: string;
}

/** Lower-case ASCII words of a query, at most 8 ("H4 Globe!" -> ["h4", "globe"]). */
export function searchWordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 8);
}

/** Words as a prefix tsquery (["h4", "glob"] -> "h4:* & glob:*"); only [a-z0-9] reach to_tsquery. */
export function toPrefixTsQuery(words: string[]): string | null {
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

interface Hit {
  id: number;
  total: string | number;
}

async function rankedHits(db: Database, raw: string, where: SQL, score: SQL, limit: number, offset: number) {
  return rowsOf<Hit>(
    await db.execute(sql`
      SELECT p.id, count(*) OVER () AS total
      FROM products p
      WHERE ${where}
      ORDER BY (CASE WHEN lower(p.sku) = ${raw} THEN 100 ELSE 0 END) + ${score} DESC, p.id DESC
      LIMIT ${limit} OFFSET ${offset}`),
  );
}

async function countHits(db: Database, where: SQL): Promise<number> {
  const r = rowsOf<{ n: string | number }>(
    await db.execute(sql`SELECT count(*) AS n FROM products p WHERE ${where}`),
  );
  return Number(r[0]?.n ?? 0);
}

/** Nearest vocabulary word for each word (the word itself when it is known or nothing is near). */
async function correctWords(db: Database, words: string[]): Promise<string[]> {
  const rows = rowsOf<{ i: number; word: string | null }>(
    await db.execute(sql`
      SELECT t.i, (
        SELECT w.word FROM search_words w
        WHERE w.word % t.token
        ORDER BY (w.word = t.token) DESC, similarity(w.word, t.token) DESC, w.word
        LIMIT 1
      ) AS word
      FROM unnest(ARRAY[${sql.join(
        words.map((w) => sql`${w}`),
        sql`, `,
      )}]::text[]) WITH ORDINALITY AS t(token, i)`),
  );
  return words.map((w, idx) => rows.find((r) => Number(r.i) === idx + 1)?.word ?? w);
}

/** Ranked search; `page` from 1. Text is trimmed and lower-cased; at most 100 characters. */
export async function searchProducts(
  db: Database,
  text: string,
  page: number,
  perPage: number,
): Promise<SearchPage> {
  const raw = text.trim().toLowerCase().slice(0, 100);
  const offset = (page - 1) * perPage;
  const words = searchWordsOf(raw);

  const fullText = (ws: string[]) => {
    const tsq = toPrefixTsQuery(ws);
    const query = tsq ? sql`to_tsquery('english', ${tsq})` : sql`''::tsquery`;
    return {
      where: sql`(lower(p.sku) = ${raw} OR p.search_vector @@ ${query})`,
      score: sql`ts_rank(p.search_vector, ${query}) * 10`,
    };
  };

  let attempt = fullText(words);
  let corrected: string | undefined;
  let hits = await rankedHits(db, raw, attempt.where, attempt.score, perPage, offset);
  let total = hits[0] ? Number(hits[0].total) : offset > 0 ? await countHits(db, attempt.where) : 0;

  if (total === 0 && words.length > 0) {
    const fixed = await correctWords(db, words);
    if (fixed.some((w, i) => w !== words[i])) {
      corrected = fixed.join(' ');
      attempt = fullText(fixed);
      hits = await rankedHits(db, raw, attempt.where, attempt.score, perPage, offset);
      total = hits[0] ? Number(hits[0].total) : offset > 0 ? await countHits(db, attempt.where) : 0;
    }
  }
  if (total === 0) corrected = undefined;

  return {
    data: await getProductsByIds(
      db,
      hits.map((h) => Number(h.id)),
    ),
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    current_page: page,
    per_page: perPage,
    ...(corrected ? { corrected_query: corrected } : {}),
  };
}

/**
 * Rebuilds the search vocabulary from the products' search text (run after each catalog import, inside
 * its transaction). Only words of 3 or more letters and nothing else: SKU fragments and numbers are not
 * spelling, and leaving them out keeps the vocabulary small.
 */
export async function refreshSearchWords(db: Pick<Database, 'execute'>): Promise<void> {
  await db.execute(sql`DELETE FROM search_words`);
  await db.execute(sql`
    INSERT INTO search_words (word)
    SELECT word FROM ts_stat('SELECT to_tsvector(''simple'', search_text) FROM products')
    WHERE word ~ '^[a-z]{3,}$'
    ON CONFLICT DO NOTHING`);
}
