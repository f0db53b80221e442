import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type DatabaseHandle } from '../../db/client';
import { generateCatalogCsv } from '../catalog-import/generate-catalog-csv';
import {
  buildSearchIndex,
  searchIndex,
  trigramSimilarity,
  tsvectorLexemes,
  vocabularyWords,
  type SearchDocument,
} from './search-index';
import { refreshSearchWords, searchProducts, searchWordsOf } from './search-products';

const DEMO_CSV = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../data/demo-catalog/products.csv',
);

/** Products of a WooCommerce CSV as search documents, numbered from `firstId`. */
function documentsOf(csv: string, firstId: number): SearchDocument[] {
  const rows = parse(csv, { columns: true, bom: true }) as Record<string, string>[];
  return rows
    .filter((r) => r.SKU)
    .map((r, i) => ({
      id: firstId + i,
      sku: r.SKU ?? '',
      title: r.Name ?? '',
      brand: (r.Brands ?? '').split(',')[0]?.trim() ?? '',
      category: (r.Categories ?? '')
        .split(',')[0]!
        .split('>')
        .map((s) => s.trim())
        .filter(Boolean)
        .join(' '),
      tags: r.Tags ?? '',
    }));
}

const ids = (r: { ids: Int32Array | number[] }) => [...r.ids];

describe('searchIndex (behaviour)', () => {
  const doc = (id: number, fields: Partial<SearchDocument>): SearchDocument => ({
    id,
    sku: `SKU-${id}`,
    title: '',
    brand: '',
    category: '',
    tags: '',
    ...fields,
  });
  const index = buildSearchIndex([
    doc(1, { title: 'Car Battery 330CCA', brand: 'Voltcore', category: 'Batteries Car Batteries' }),
    doc(2, { title: 'Smart Battery Charger 8A', brand: 'Bluegum', category: 'Chargers' }),
    doc(3, { title: 'NS40 Starter Pack', brand: 'Voltcore', category: 'Batteries Car Batteries' }),
    doc(4, { title: 'Front Brake Pad Set', brand: 'Bushline', category: 'Brakes Brake Pads' }),
    doc(5, { title: 'Rear Brake Pad Set', brand: 'Bushline', category: 'Brakes Brake Pads' }),
    doc(6, { title: 'Front Disc Rotor Pair', brand: 'Bushline', category: 'Brakes Brake Rotors' }),
    doc(7, { sku: 'VC-NS70-680', title: 'Heavy Duty Battery NS70', category: 'Batteries' }),
    doc(8, { title: 'Adapter for VC-NS70-680 terminals', category: 'Accessories' }),
    doc(9, { title: 'Café Racer Mirror', category: 'Accessories' }),
    doc(10, { title: 'Wheel Nut Set', category: 'Wheel & Lock Nuts', tags: 'lug nuts, wheel nuts' }),
  ]);

  it('lists an exact SKU first, then the other matches', () => {
    const r = searchIndex(index, '  vc-ns70-680 ');
    expect(ids(r)[0]).toBe(7);
    expect(ids(r)).toContain(8); // its title has the SKU's words
    expect(new Set(ids(r)).size).toBe(ids(r).length);
    expect(ids(searchIndex(index, 'SKU-5'))).toEqual([5]);
  });

  it('ranks a title match above a category-only match, ties newest first', () => {
    // 1 and 3 are both in Batteries; only 1 says battery in its title. 7 and 2 say it in the title too.
    expect(ids(searchIndex(index, 'battery'))).toEqual([7, 1, 2, 3]);
  });

  it('needs every word (AND)', () => {
    // 6 is a front rotor in Brakes: 'brake' is in its category, so it comes after the front brake pads
    expect(ids(searchIndex(index, 'front brake'))).toEqual([4, 6]);
    expect(ids(searchIndex(index, 'front pad'))).toEqual([4]);
    expect(ids(searchIndex(index, 'brake'))).toEqual([5, 4, 6]);
  });

  it('matches prefixes of stemmed words both ways', () => {
    expect(ids(searchIndex(index, 'batt'))).toEqual([7, 1, 2, 3]);
    expect(ids(searchIndex(index, 'batteries'))).toEqual([7, 1, 2, 3]);
    expect(ids(searchIndex(index, 'charg'))).toEqual([2]);
    expect(ids(searchIndex(index, 'ns4'))).toEqual([3]);
  });

  it('corrects a misspelt word to the nearest catalog word and says so', () => {
    const r = searchIndex(index, 'batery');
    expect(r.corrected).toBe('battery');
    expect(ids(r)).toEqual(ids(searchIndex(index, 'battery')));
    expect(searchIndex(index, 'front brakr')).toEqual({
      ids: new Int32Array([4, 6]),
      corrected: 'front brake',
    });
    expect(searchIndex(index, 'battery').corrected).toBeUndefined();
  });

  it('finds nothing for nonsense, and does not claim a correction', () => {
    expect(searchIndex(index, 'qzxvqj')).toEqual({ ids: new Int32Array(0) });
    expect(searchIndex(index, 'battery qzxvqj')).toEqual({ ids: new Int32Array(0) });
  });

  it('ignores english stop words like to_tsquery', () => {
    expect(ids(searchIndex(index, 'the battery for a car'))).toEqual(ids(searchIndex(index, 'battery car')));
    expect(ids(searchIndex(index, 'the'))).toEqual([]);
  });

  it('takes accents off the query and the products', () => {
    expect(ids(searchIndex(index, 'Bättery'))).toEqual([7, 1, 2, 3]);
    expect(ids(searchIndex(index, 'cafe'))).toEqual([9]);
    expect(ids(searchIndex(index, 'CAFÉ racer'))).toEqual([9]);
  });

  it('finds nothing for a query of punctuation only or nothing at all', () => {
    expect(searchIndex(index, '!!! ?? -- //')).toEqual({ ids: new Int32Array(0) });
    expect(searchIndex(index, '   ')).toEqual({ ids: new Int32Array(0) });
  });

  it('reads at most 100 characters and 8 words', () => {
    expect(ids(searchIndex(index, `battery ${'x'.repeat(120)}`))).toEqual([]);
    expect(ids(searchIndex(index, `wheel ${'nut '.repeat(7)}zzzz`))).toEqual([10]); // the 9th word is not read
  });

  it('returns every match, for the caller to filter and page', () => {
    const many = buildSearchIndex(
      Array.from({ length: 5000 }, (_, i) => doc(i + 1, { title: `Brake Pad ${i}`, category: 'Brakes' })),
    );
    const r = searchIndex(many, 'bra');
    expect(r.ids.length).toBe(5000);
    expect(ids(r).slice(0, 3)).toEqual([5000, 4999, 4998]);
    expect(many.size).toBe(5000);
  });
});

describe('searchIndex matches PostgreSQL (PGlite)', () => {
  let handle: DatabaseHandle;
  const demo = documentsOf(readFileSync(DEMO_CSV, 'utf8'), 1);
  const generated = documentsOf(generateCatalogCsv({ count: 3000, seed: 3 }), 10_001);
  const all = [...demo, ...generated];

  beforeAll(async () => {
    handle = await openDatabase({ pgliteDir: 'memory://' });
  }, 120_000);
  afterAll(() => handle?.close());

  async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
    return rowsOf<T>(await handle.db.execute(text));
  }

  /** Per distinct text, PostgreSQL's lexemes: `select` gets `t` and must return text[] `v`. */
  async function pgLexemes(texts: string[], select: (t: ReturnType<typeof sql>) => ReturnType<typeof sql>) {
    const out = new Map<string, string[]>();
    for (let k = 0; k < texts.length; k += 2000) {
      const chunk = texts.slice(k, k + 2000);
      const rows = await query<{ t: string; v: string[] }>(
        sql`SELECT t, ${select(sql`t`)} AS v FROM jsonb_array_elements_text(${JSON.stringify(chunk)}::jsonb) AS t`,
      );
      for (const r of rows) out.set(r.t, r.v);
    }
    return out;
  }

  const differences = (mine: (t: string) => string[], theirs: Map<string, string[]>) =>
    [...theirs]
      .map(([t, v]) => ({ t, pg: [...new Set(v)].sort(), mine: [...new Set(mine(t))].sort() }))
      .filter((d) => d.pg.join(' ') !== d.mine.join(' '));

  it('splits and stems every title, brand, category and tag text like to_tsvector(english)', async () => {
    const texts = [...new Set(all.flatMap((d) => [d.title, d.brand, d.category, d.tags]))];
    expect(texts.length).toBeGreaterThan(3000);
    const pg = await pgLexemes(texts, (t) => sql`tsvector_to_array(to_tsvector('english', ${t}))`);
    expect(differences((t) => tsvectorLexemes(t, 'english'), pg)).toEqual([]);
  });

  it('splits SKUs like to_tsvector(simple) and takes the same spelling vocabulary as refreshSearchWords', async () => {
    const skus = all.map((d) => d.sku);
    const pgSkus = await pgLexemes(skus, (t) => sql`tsvector_to_array(to_tsvector('simple', ${t}))`);
    expect(differences((t) => tsvectorLexemes(t, 'simple'), pgSkus)).toEqual([]);
    const texts = [...new Set(all.flatMap((d) => [d.title, d.sku, d.brand, d.category, d.tags]))];
    const pgWords = await pgLexemes(
      texts,
      (t) =>
        sql`ARRAY(SELECT l FROM unnest(tsvector_to_array(to_tsvector('simple', lower(${t})))) l WHERE l ~ '^[a-z]{3,}$')`,
    );
    expect(differences(vocabularyWords, pgWords)).toEqual([]);
  });

  it('splits awkward text like the default parser: hyphens, numbers, paths, hosts, tags', async () => {
    const awkward = [
      'AUS-10000 to suit Toyota Hilux 2015-2024',
      'VC-NS40-330 BL-H4-PLUS150 BG-55D23 Mazda BT-50 Isuzu D-Max',
      '60/55W 12V 1/2in M12x1.25 DOT 5.1 1.5L 12.5mm 1e5 -1.2.3 v1.2 3x4',
      "All-Weather Tie-Downs car's co-op v8-powered heavy-duty",
      'shop.com.au www.example.com/parts?x=1 sales@example.com http://example.com/a b',
      '<b>Bold</b> &amp; <a href="x y">link</a> <!-- note --> ~/x ../a/b a_b',
      'Arabic-Indic ٣ and zero\u200bwidth',
    ];
    for (const config of ['english', 'simple'] as const) {
      const pg = await pgLexemes(
        awkward,
        (t) => sql`tsvector_to_array(to_tsvector(${config}::regconfig, ${t}))`,
      );
      expect(differences((t) => tsvectorLexemes(t, config), pg)).toEqual([]);
    }
  });

  it('stems words like english_stem (Snowball english of PostgreSQL 18)', async () => {
    const words = [
      ...new Set([
        ...all
          .flatMap((d) => searchWordsOf(`${d.title} ${d.category} ${d.tags}`))
          .filter((w) => /^[a-z]+$/.test(w)),
        ...'added adding ebbed erred offing hopped tapping generously dying lying skis news cycling universal'.split(
          ' ',
        ),
        ...'organization international emergency evening lateral geologist inning outing canning proceed'.split(
          ' ',
        ),
        ...'the a of batteries battery charging chargers absorbers alternators globes lights'.split(' '),
      ]),
    ];
    const rows = await query<{ w: string; l: string[] | null }>(
      sql`SELECT w, ts_lexize('english_stem', w) AS l FROM jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) AS w`,
    );
    const wrong = rows
      .map((r) => ({ w: r.w, pg: r.l?.[0] ?? '', mine: tsvectorLexemes(r.w, 'english')[0] ?? '' }))
      .filter((r) => r.pg !== r.mine);
    expect(words.length).toBeGreaterThan(300);
    expect(wrong).toEqual([]);
  });

  it('computes trigram similarity exactly like pg_trgm similarity()', async () => {
    const vocabulary = [...new Set(all.flatMap((d) => vocabularyWords(`${d.title} ${d.category}`)))].sort();
    const pairs: [string, string][] = [];
    vocabulary.forEach((w, i) => {
      pairs.push(
        [w, w.slice(0, -1)],
        [w, `${w.slice(0, 2)}x${w.slice(3)}`],
        [w, vocabulary[(i * 7 + 3) % vocabulary.length]!],
      );
    });
    pairs.push(
      ['abcde', 'abcxyz'],
      ['h4', 'h4 globe'],
      ['a', 'b'],
      ['', 'x'],
      ['ab-cd', 'abcd'],
      ['12v', '12V!'],
    );
    expect(pairs.length).toBeGreaterThan(300);
    const rows = await query<{ a: string; b: string; s: number | string }>(
      sql`SELECT p->>0 AS a, p->>1 AS b, similarity(p->>0, p->>1) AS s FROM jsonb_array_elements(${JSON.stringify(pairs)}::jsonb) AS p`,
    );
    const wrong = rows.filter((r) => Math.fround(Number(r.s)) !== trigramSimilarity(r.a, r.b));
    expect(rows.length).toBe(pairs.length);
    expect(wrong).toEqual([]);
  });

  it('finds the same products as the SQL search, exact SKU first, with the same corrections', async () => {
    const docs = [...demo, ...generated.slice(0, 400)];
    for (let k = 0; k < docs.length; k += 200) {
      await handle.db.execute(sql`
        INSERT INTO products (id, sku, title, permalink, price_cents, search_brand, search_category, seo_tags)
        VALUES ${sql.join(
          docs
            .slice(k, k + 200)
            .map(
              (d) =>
                sql`(${d.id}, ${d.sku}, ${d.title}, ${`p-${d.id}`}, 1000, ${d.brand}, ${d.category}, ${d.tags})`,
            ),
          sql`, `,
        )}`);
    }
    await refreshSearchWords(handle.db);
    const index = buildSearchIndex(docs);

    const vocabulary = (await query<{ word: string }>(sql`SELECT word FROM search_words ORDER BY word`)).map(
      (r) => r.word,
    );
    const pick = <T>(list: T[], every: number) => list.filter((_, i) => i % every === 0);
    const queries = [
      ...pick(vocabulary, 3),
      ...[...new Set(vocabulary.map((w) => w.slice(0, 3)))],
      ...pick(vocabulary, 5).map((w) => w.slice(0, 2) + w.slice(3)), // a letter left out
      ...pick(vocabulary, 7).map((w, i) => `${w} ${vocabulary[(i * 13) % vocabulary.length]}`),
      ...pick(docs, 25).map((d) => d.sku),
      ...pick(docs, 40).map((d) => d.sku.toLowerCase().replace('-', ' ')),
      'the',
      'for the car',
      '12v',
      '2015',
      '10000',
      'h4 globe',
      'qzxvqj',
      '!!!',
      'Bättery',
      'tie-down straps',
    ];
    expect(queries.length).toBeGreaterThan(250);
    const wrong: unknown[] = [];
    let found = 0;
    let corrected = 0;
    for (const q of queries) {
      const fromSql = await searchProducts(handle.db, q, 1, 100_000);
      const fromIndex = searchIndex(index, q);
      const sqlIds = fromSql.data.map((p) => p.id);
      const indexIds = ids(fromIndex);
      const sameSet = [...sqlIds].sort((a, b) => a - b).join() === [...indexIds].sort((a, b) => a - b).join();
      if (indexIds.length > 0) found++;
      if (fromIndex.corrected) corrected++;
      const skuFirst = docs.find((d) => d.sku.toLowerCase() === q.trim().toLowerCase());
      if (
        !sameSet ||
        fromSql.corrected_query !== fromIndex.corrected ||
        (skuFirst && (sqlIds[0] !== skuFirst.id || indexIds[0] !== skuFirst.id))
      ) {
        wrong.push({
          q,
          sql: sqlIds.length,
          index: indexIds.length,
          corrected: [fromSql.corrected_query, fromIndex.corrected],
        });
      }
    }
    expect(wrong).toEqual([]);
    expect(found).toBeGreaterThan(queries.length / 2);
    expect(corrected).toBeGreaterThan(20);
  }, 120_000);
});
