/**
 * The spelling vocabulary (`search_words`) rebuilt after an import: every word of 3 or more letters a-z in the
 * products' search text, as `refreshSearchWords` (catalog/search-products.ts) takes it. Same words, found
 * differently: the distinct lexemes of `to_tsvector('simple', search_text)` through `tsvector_to_array`, where
 * `ts_stat` also counts documents and occurrences the vocabulary has no use for. On 100,000 products PostgreSQL
 * spends 1.7 s on this against 6.9 s (decision 0021); `import-catalog.test.ts` checks the two give the same words.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** Replaces the vocabulary with the words of every product. Run it inside the import's transaction. */
export async function rebuildSearchWords(db: Pick<Database, 'execute'>): Promise<void> {
  await db.execute(sql`DELETE FROM search_words`);
  await db.execute(sql`
    INSERT INTO search_words (word)
    SELECT DISTINCT w.word
    FROM products, unnest(tsvector_to_array(to_tsvector('simple', search_text))) AS w(word)
    WHERE w.word ~ '^[a-z]{3,}$'
    ON CONFLICT DO NOTHING`);
}
