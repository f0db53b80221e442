import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { splitPartNumbers } from '@store/shared/part-number';
import { buildSearchIndex, productWordsOf, searchIndex, type SearchDocument } from './search-index';

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
      partNumbers: splitPartNumbers(r['Meta: _part_numbers'] ?? ''),
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

  it('ignores common english words', () => {
    expect(ids(searchIndex(index, 'the battery for a car'))).toEqual(ids(searchIndex(index, 'battery car')));
    expect(ids(searchIndex(index, 'the'))).toEqual([]);
  });

  it('finds a compound by itself, joined, spaced and by each part', () => {
    const tow = buildSearchIndex([
      doc(1, { sku: 'AUS-10000', title: 'Ausfit Tow Bar' }),
      doc(2, { title: 'Brake-Pad Spreader' }),
      doc(3, { title: 'Brake Pads Front' }),
      doc(4, { title: 'Tow Bar 10000kg' }),
    ]);
    for (const q of ['aus-10000', 'aus10000', 'aus 10000', 'AUS_10000', 'aus', 'AUS-1'])
      expect(ids(searchIndex(tow, q))[0]).toBe(1);
    expect(ids(searchIndex(tow, '10000'))).toEqual([4, 1]);
    expect(ids(searchIndex(tow, 'brake pad'))).toEqual([3, 2]);
    expect(ids(searchIndex(tow, 'brakepad'))).toEqual([2]);
  });

  it('reads product text as words, compounds joined, and the pieces of words mixing letters and digits', () => {
    const words = (text: string) => {
      const out: string[] = [];
      productWordsOf(text, (w) => out.push(w));
      return out;
    };
    expect(words('AUS-10000 Tow Bar')).toEqual(['aus', '10000', 'aus10000', 'tow', 'bar']);
    expect(words('NS40ZL 330CCA h4')).toEqual(['ns40zl', 'ns', '40', 'zl', '330cca', '330', 'cca', 'h4']);
    expect(words('60/55W 1.5L — Škoda')).toEqual(['60', '55w', '55', '6055w', '1', '5l', '15l', 'skoda']);
    expect(words("car's - -x")).toEqual(['car', 's', 'cars', 'x']);
  });

  it('splits two catalog words typed together, and says so', () => {
    expect(searchIndex(index, 'brakepad')).toEqual({ ids: new Int32Array([5, 4]), corrected: 'brake pad' });
    expect(searchIndex(index, 'wheelnut')).toEqual({ ids: new Int32Array([10]), corrected: 'wheel nut' });
  });

  it('keeps no state between indexes: searches of two indexes interleave', () => {
    const other = buildSearchIndex([doc(1, { title: 'Battery Clamp' })]);
    expect(ids(searchIndex(other, 'battery'))).toEqual([1]);
    expect(ids(searchIndex(index, 'battery'))).toEqual([7, 1, 2, 3]);
    expect(ids(searchIndex(other, 'batt'))).toEqual([1]);
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

  it('finds and ranks the same when a common word is looked up product by product', () => {
    // 3,000 pads in Brakes, every other one by Bendix, each with a number of its own: `bendix 5123` reads the
    // number's few postings first and looks `bendix` up in each of those products (decision 0074).
    const pads = buildSearchIndex(
      Array.from({ length: 3000 }, (_, i) =>
        doc(i + 1, {
          title: `Pad Set ${50001 + i}`,
          brand: (i + 1) % 2 === 1 ? 'Bendix' : 'Ryco',
          category: 'Brakes',
        }),
      ),
    );
    // Pad k's number is 50000 + k: 5123 is a prefix of pads 1230-1239's; of those, the odd ones are Bendix's.
    expect(ids(searchIndex(pads, 'bendix 5123'))).toEqual([1239, 1237, 1235, 1233, 1231]);
    expect(ids(searchIndex(pads, '5123 bendix'))).toEqual([1239, 1237, 1235, 1233, 1231]);
    // A brand hit (0.4) and a category hit (0.2) of the same word add up: `b` is a prefix of both.
    expect(ids(searchIndex(pads, 'b 51123'))).toEqual([1123]);
    expect(ids(searchIndex(pads, 'br 5123 set'))).toEqual([
      1239, 1238, 1237, 1236, 1235, 1234, 1233, 1232, 1231, 1230,
    ]);
    expect(ids(searchIndex(pads, 'ryco 51123'))).toEqual([]);
    expect(ids(searchIndex(pads, 'bendix 99999'))).toEqual([]);
  });
});

/**
 * The golden table: what a shopper types, and the products they must see first. The catalog is the demo
 * catalog (data/demo-catalog/products.csv, with its part numbers) and five products of our own below (a SKU with
 * one dash, accented names, a dashed compound). `top` is the start of the answer, in order (ties newest first);
 * `[]` means nothing is found. `corrected` is the spelling correction the answer carries ('' for none).
 */
const EXTRA: Omit<SearchDocument, 'id'>[] = [
  {
    sku: 'AUS-10000',
    title: 'Ausfit Heavy-Duty Tow Bar to suit Toyota HiLux 2015-2024',
    brand: 'Ausfit',
    category: 'Towing Tow Bars',
    tags: 'towbar, tow bar, hitch',
  },
  {
    sku: 'WT-OCT-SET',
    title: 'Wagtail Wiper Blade Set Škoda Octavia 2013-2020',
    brand: 'Wagtail Wipers',
    category: 'Wipers Wiper Blades',
    tags: 'wiper blades',
  },
  {
    sku: 'MU-C4-CABIN',
    title: 'Mulga Cabin Filter Citroën C4',
    brand: 'Mulga Filters',
    category: 'Filters Cabin Filters',
    tags: 'cabin filter',
  },
  {
    sku: 'OG-CAFE-MIRROR',
    title: 'Café Racer Bar-End Mirror (Pair)',
    brand: 'Outback Gear',
    category: 'Accessories Mirrors',
    tags: '',
  },
  {
    sku: 'TQ-BPS-1',
    title: 'Torqmax Brake-Pad Spreader Tool',
    brand: 'Torqmax',
    category: 'Tools Brake Tools',
    tags: 'piston tool',
  },
];

// prettier-ignore
const GOLDEN: [query: string, top: string[], corrected: string, why: string][] = [
  // query               top results, in order                                corrected      why
  ['VC-NS40-330',        ['VC-NS40-330'],                                     '',            'a SKU as typed'],
  ['vc-ns40-330',        ['VC-NS40-330'],                                     '',            'a SKU in lower case'],
  ['vcns40330',          ['VC-NS40-330'],                                     '',            'a SKU without its dashes'],
  ['vc ns40 330',        ['VC-NS40-330'],                                     '',            'a SKU with spaces'],
  ['ns40',               ['VC-NS40-330'],                                     '',            'a compound\'s middle part'],
  ['330cca',             ['VC-NS40-330'],                                     '',            'a size as written'],
  ['330 cca',            ['VC-NS40-330'],                                     '',            'a size spaced'],
  ['330',                ['VC-NS40-330', 'WT-WB-24'],                         '',            'a size\'s digits, found inside 330CCA'],
  ['ns40zl',             ['VC-NS40-330'],                                     '',            'a group size (title, tag, part number)'],
  ['AUS-10000',          ['AUS-10000'],                                       '',            'a SKU with one dash'],
  ['aus10000',           ['AUS-10000'],                                       '',            'a compound without its dash'],
  ['aus 10000',          ['AUS-10000'],                                       '',            'a compound spaced'],
  ['10000',              ['AUS-10000'],                                       '',            'a compound\'s number alone'],
  ['aus',                ['AUS-10000'],                                       '',            'a compound\'s letters alone (prefix)'],
  ['04465-0K390',        ['BR-BP1810-CR', 'BR-BP1810-SM'],                    '',            'an OE number as printed'],
  ['044650k390',         ['BR-BP1810-CR', 'BR-BP1810-SM'],                    '',            'an OE number without its dash'],
  ['04465 0k390',        ['BR-BP1810-CR', 'BR-BP1810-SM'],                    '',            'an OE number spaced'],
  ['db1810',             ['BR-BP1810-SM', 'BR-BP1810-CR'],                    '',            'another brand\'s number'],
  ['DB-1810',            ['BR-BP1810-SM', 'BR-BP1810-CR'],                    '',            'another brand\'s number dashed'],
  ['Db.1810',            ['BR-BP1810-SM', 'BR-BP1810-CR'],                    '',            'another brand\'s number dotted'],
  ['90919-01291',        ['FT-IR1611'],                                       '',            'an OE number naming one product'],
  ['28800-21050',        ['VC-NS40-330'],                                     '',            'an OE number on a battery'],
  ['DB9999',             [],                                                  '',            'an unknown part number is not corrected'],
  ['h4',                 ['KL-H4-LL', 'BL-H4-PLUS150', 'BL-H4-6055'],         '',            'a globe fitting'],
  ['H4 globe',           ['SCA-H4-24V', 'KL-H4-LL', 'BL-H4-PLUS150'],         '',            'fitting and word'],
  ['hb2',                ['KL-H4-LL', 'BL-H4-PLUS150', 'BL-H4-6055'],         '',            'an alternative fitting name'],
  ['9003',               ['KL-H4-LL', 'BL-H4-PLUS150', 'BL-H4-6055'],         '',            'a fitting number'],
  ['5w30',               ['LB-5W30-5L'],                                      '',            'an oil grade without its dash'],
  ['5w-30',              ['LB-5W30-5L'],                                      '',            'an oil grade as printed'],
  ['5w 30',              ['LB-5W30-5L'],                                      '',            'an oil grade spaced'],
  ['10W40',              ['LB-10W40-5L'],                                     '',            'an oil grade in capitals'],
  ['m12x1.5',            ['GW-WS-EXT-M12', 'IB-WS-M12150-10', 'GW-LN-M12150'], '',            'a thread'],
  ['m12 1.5',            ['GW-WS-EXT-M12', 'IB-WS-M12150-10', 'GW-LN-M12150'], '',            'a thread spaced'],
  ['1/2in',              ['IB-WS-UNF-10', 'SCA-LN-UNF', 'IB-WN-UNF-20'],      '',            'a drive size'],
  ['voltcore',           ['VC-CHG-15A', 'VC-JS2000', 'VC-JS1000'],            '',            'a brand'],
  ['VOLTCORE',           ['VC-CHG-15A', 'VC-JS2000', 'VC-JS1000'],            '',            'a brand in capitals'],
  ['volt',               ['VC-CHG-15A', 'VC-JS2000', 'VC-JS1000'],            '',            'a brand\'s prefix'],
  ['mulga filters',      ['MU-C4-CABIN', 'MU-MF1199', 'MU-MF1201'],           '',            'a brand\'s full name'],
  ['brolga brakes',      ['BR-DOT51-1L', 'BR-DOT4-500', 'BR-RT297-CX5'],      '',            'a brand and its category word'],
  ['hilux',              ['BR-RT319-HLX', 'MU-MA1640', 'BR-BP1755-SM'],       '',            'a vehicle model'],
  ['HiLux brake pads',   ['BR-BP1755-SM', 'BR-BP1810-CR', 'BR-BP1810-SM'],    '',            'vehicle, part, plural'],
  ['pads for hilux',     ['BR-BP1755-SM', 'BR-BP1810-CR', 'BR-BP1810-SM'],    '',            'stop words dropped'],
  ['bt-50',              ['MU-MF1199', 'BR-RT302-RGR', 'MU-MA1785'],          '',            'a model with a dash'],
  ['bt50',               ['MU-MF1199', 'BR-RT302-RGR', 'MU-MA1785'],          '',            'a model without its dash'],
  ['bt 50',              ['MU-MF1199', 'BR-RT302-RGR', 'MU-MA1785'],          '',            'a model spaced'],
  ['cx5',                ['BR-RT297-CX5', 'BR-BP2232-CR', 'BR-BP2231-CR'],    '',            'a model without its dash'],
  ['mazda3',             ['MU-MA1722', 'BR-BP2150-CR', 'MU-MC3178'],          '',            'a model with its number'],
  ['ranger air filter',  ['MU-MA1785', 'MU-MC3160'],                          '',            'model and part'],
  ['corolla spark plug', ['FT-IR1611'],                                       '',            'model and part, singular'],
  ['battery',            ['BG-CHG-8A', 'BG-CHG-4A', 'BG-CHG'],                '',            'a part word'],
  ['batteries',          ['BG-CHG-8A', 'BG-CHG-4A', 'BG-CHG'],                '',            'plural finds the singular\'s products'],
  ['batt',               ['BG-CHG-8A', 'BG-CHG-4A', 'BG-CHG'],                '',            'a prefix'],
  ['brake pad',          ['BR-BP1860-SM', 'BR-BP2232-CR', 'BR-BP2231-CR'],    '',            'two words'],
  ['brake-pad',          ['BR-BP1860-SM', 'BR-BP2232-CR', 'BR-BP2231-CR'],    '',            'two words dashed'],
  ['BRAKE PADS',         ['BR-BP1860-SM', 'BR-BP2232-CR', 'BR-BP2231-CR'],    '',            'capitals'],
  ['brakepad',           ['TQ-BPS-1'],                                        '',            'two words run together'],
  ['sparkplug',          ['FT-CU5810', 'FT-PT2240', 'FT-IR1470'],             'spark plug',  'two words run together'],
  ['tie-down',           ['OG-RS-MOTO', 'DT-CN-HEAVY', 'SCA-CN-BOOT'],        '',            'a compound in a category'],
  ['tie down',           ['OG-RS-MOTO', 'DT-CN-HEAVY', 'SCA-CN-BOOT'],        '',            'a compound spaced'],
  ['tiedown',            ['OG-RS-MOTO', 'DT-CN-HEAVY', 'SCA-CN-BOOT'],        '',            'a compound joined'],
  ['ratchet straps',     ['SCA-RS-25-2', 'DT-RS-ENDLESS', 'DT-RS-50-12M'],    '',            'plural'],
  ['ratchet strap',      ['SCA-RS-25-2', 'DT-RS-ENDLESS', 'DT-RS-50-12M'],    '',            'singular'],
  ['headlight globes',   ['KL-H7-PLUS130', 'BL-H7-55', 'KL-H4-LL'],           '',            'plural'],
  ['headlamp',           ['BL-HLAMP-500', 'BL-LED-H4-PRO', 'BL-LED-HB4'],     '',            'a synonym from tags'],
  ['antifreeze',         ['LB-COOL-RTU-5L', 'LB-COOL-5L'],                    '',            'a synonym from tags'],
  ['batery',             ['BG-CHG-8A', 'BG-CHG-4A', 'BG-CHG'],                'battery',     'typo: a letter left out'],
  ['hedlight',           ['KL-LED-H11', 'KL-LED-H7', 'KL-LED-H4'],            'headlight',   'typo: a letter left out'],
  ['rangr',              ['MU-MF1199', 'BR-RT302-RGR', 'MU-MC3160'],          'ranger',      'typo in a model'],
  ['filtr',              ['MU-C4-CABIN', 'MU-MF1199', 'MU-MF1201'],           'filter',      'typo'],
  ['wipr blade',         ['WT-OCT-SET', 'WT-RB-12', 'WT-WB-26'],              'wiper blade', 'typo in one of two words'],
  ['globs',              ['BL-H3-55', 'KL-H1-55', 'KL-HB4-51'],               '',            'a short plural'],
  ['Škoda wiper',        ['WT-OCT-SET'],                                      '',            'accented brand in the query'],
  ['skoda',              ['WT-OCT-SET'],                                      '',            'accent taken off the product'],
  ['citroen',            ['MU-C4-CABIN'],                                     '',            'accent taken off the product'],
  ['Citroën c4',         ['MU-C4-CABIN'],                                     '',            'accented query'],
  ['cafe racer',         ['OG-CAFE-MIRROR'],                                  '',            'accent taken off the product'],
  ['café',               ['OG-CAFE-MIRROR'],                                  '',            'accented query'],
  ['deep cycle',         ['BG-LFP100', 'BG-DC75-AGM', 'BG-DC100-AGM'],        '',            'two words'],
  ['4wd battery',        ['VC-N80-4WD', 'VC-N70ZZ-DUAL', 'BG-LFP100'],        '',            'a word with digits and a word'],
  ['ceramic',            ['BR-BP2232-CR', 'BR-BP2231-CR', 'BR-BP2150-CR'],    '',            'a material'],
  ['the',                [],                                                  '',            'only a stop word'],
  ['qzxvqj',             [],                                                  '',            'nonsense'],
  ['!!!',                [],                                                  '',            'punctuation only'],
];

describe('search: the golden table of shopper queries', () => {
  const docs = [
    ...documentsOf(readFileSync(DEMO_CSV, 'utf8'), 1),
    ...EXTRA.map((d, i) => ({ id: 1000 + i, ...d })),
  ];
  const index = buildSearchIndex(docs);
  const skuOf = new Map(docs.map((d) => [d.id, d.sku]));

  it('has at least 60 queries', () => {
    expect(GOLDEN.length).toBeGreaterThanOrEqual(60);
  });

  it.each(GOLDEN)('%j finds %j first (corrected: %j; %s)', (query, top, corrected) => {
    const r = searchIndex(index, query);
    const skus = [...r.ids].map((id) => skuOf.get(id));
    expect(skus.slice(0, top.length)).toEqual(top);
    if (top.length === 0) expect(skus).toEqual([]);
    expect(r.corrected ?? '').toBe(corrected);
  });
});
