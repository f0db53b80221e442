/**
 * "Did you mean …" of a search that found nothing (issue 37 §4): the catalog's own part numbers, brands and title
 * words, nearest first, each finding something as the failed search was made.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchAnswerSchema } from '@store/shared/catalog-answers';
import { products } from '../../db/schema';
import { seedCatalog } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { runToEnd } from './run-in-slices';
import {
  buildSuggestionVocabulary,
  suggestionVocabularySteps,
  suggestSearches,
  type SuggestionDocument,
} from './search-suggestions';

describe('suggestSearches', () => {
  const docs: SuggestionDocument[] = [
    { sku: 'BP-1', title: 'Front Brake Pads', brand: 'Bendix', partNumbers: ['DB1810', '04465-0K240'] },
    { sku: 'BP-2', title: 'Rear Brake Pads', brand: 'Bendix', partNumbers: ['DB1860'] },
    { sku: 'BP-3', title: 'Brake Rotor Pair', brand: 'Bosch', partNumbers: ['DB1999'] },
  ];
  const vocabulary = buildSuggestionVocabulary(docs);
  const all = () => true;

  it('past its scan limit finds the part numbers sharing half the key at its start or end', () => {
    // A vocabulary that compares no part number one by one: what a catalog of millions does.
    const large = runToEnd(
      suggestionVocabularySteps(
        [
          ...docs,
          { sku: 'XX-1', title: 'Oil Filter', brand: 'Ryco', partNumbers: ['Z41810', 'DB9999', 'QQ1870'] },
        ],
        0,
      ),
    );
    expect(suggestSearches(large, 'db1170', all)).toEqual(['DB1810', 'DB1860']);
    expect(suggestSearches(large, 'DB-1811', all)[0]).toBe('DB1810');
    expect(suggestSearches(large, '04465 0K241', all)).toEqual(['04465-0K240']);
    // One edit at the front: found by the end of the key.
    expect(suggestSearches(large, 'Z51810', all)[0]).toBe('Z41810');
    expect(suggestSearches(large, 'QR1870', all)).toContain('QQ1870');
  });

  it('offers the part numbers one or two keys away, nearest first, spaced and dashed any way', () => {
    expect(suggestSearches(vocabulary, 'db1170', all)).toEqual(['DB1810', 'DB1860']);
    expect(suggestSearches(vocabulary, 'DB-1811', all)[0]).toBe('DB1810');
    expect(suggestSearches(vocabulary, '04465 0K241', all)).toEqual(['04465-0K240']);
  });

  it('offers brands and title words for a word of letters, and rewrites a phrase word by word', () => {
    expect(suggestSearches(vocabulary, 'bosh', all)).toContain('Bosch');
    expect(suggestSearches(vocabulary, 'rotr', all)).toContain('rotor');
    expect(suggestSearches(vocabulary, 'front brke xyzzyq', all)).toEqual(['front brake']);
  });

  it('never offers what finds nothing, what was typed, or anything for nonsense', () => {
    expect(suggestSearches(vocabulary, 'db1170', (s) => s !== 'DB1810')).toEqual(['DB1860']);
    expect(suggestSearches(vocabulary, 'qqqqqqqq', all)).toEqual([]);
    expect(suggestSearches(vocabulary, '', all)).toEqual([]);
  });
});

describe('GET /api/search-product suggestions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedCatalog(t.database.db);
    await t.database.db
      .update(products)
      .set({ partNumbers: 'DB1810, 04465-0K240' })
      .where(eq(products.sku, 'GW-NUT-M12'));
  });
  afterAll(() => t.close());

  const search = async (query: string, extra = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/search-product?search=${encodeURIComponent(query)}${extra}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return searchAnswerSchema.parse(res.json());
  };

  it('answers suggestions only when nothing was found, and each one finds something', async () => {
    const miss = await search('db1170');
    expect(miss.total).toBe(0);
    expect(miss.suggestions).toEqual(['DB1810']);
    expect((await search('DB1810')).total).toBe(1);
    expect((await search('wheel nuts')).suggestions).toBeUndefined();
  });

  it('checks each suggestion with the same filters: none when none would find anything', async () => {
    const miss = await search('db1170', '&max_price=1');
    expect(miss.total).toBe(0);
    expect(miss.suggestions).toBeUndefined();
  });
});
