import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCatalogCsv } from './parse-catalog-csv';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/${name}`, import.meta.url), 'utf8');
const NOW = new Date('2025-06-01T00:00:00Z');

describe('parseWooCommerceCsv: the WooCommerce sample export', () => {
  const result = parseCatalogCsv(fixture('woocommerce-sample-products.csv'), { now: NOW });

  it('reads every sellable row with zero rejections', () => {
    expect(result.format).toBe('woocommerce');
    expect(result.rejections).toEqual([]);
    expect(result.rows).toHaveLength(20);
  });

  it('skips the variable containers, the grouped and the external product with reasons', () => {
    expect(result.skipped.map((s) => [s.line, s.reason.split(':')[0]])).toEqual([
      [2, 'variable product'],
      [3, 'variable product'],
      [17, 'grouped product'],
      [18, 'external product'],
    ]);
  });

  it('lends the parent category, images fallback and short description to variations, keeping their own image', () => {
    const red = result.rows.find((r) => r.sku === 'cc-hoodie-red');
    expect(red).toMatchObject({
      line: 12,
      title: 'Hoodie - Red, No',
      permalink: 'hoodie-red-no',
      priceCents: 4500,
      discount: { type: 1, value: 300 },
      categoryTitle: 'Clothing',
      childCategoryTitle: 'Hoodies',
      shortDescription: 'This is a variable product.',
      images: ['https://classiccommerce.cc/wp-content/downloads/sample-data-images/hoodie-no-pocket-red.png'],
      stock: null,
    });
    // A variation whose second attribute is "any" (empty) is named by the values it has.
    expect(result.rows.find((r) => r.sku === 'cc-t-shirt-blue')?.permalink).toBe('t-shirt-blue');
  });

  it('reads simple, downloadable/virtual products, sale discounts and the featured flag', () => {
    const bySku = new Map(result.rows.map((r) => [r.sku, r]));
    expect(bySku.get('cc-beanie')).toMatchObject({ priceCents: 2000, discount: { type: 0, value: 10 } });
    expect(bySku.get('cc-album')).toMatchObject({
      priceCents: 1500,
      categoryTitle: 'Music',
      childCategoryTitle: null,
    });
    expect(bySku.get('cc-cap')?.isFeatured).toBe(true);
    expect(bySku.get('cc-belt')?.isFeatured).toBe(false);
    // Double spaces in names are collapsed.
    expect(bySku.get('cc-hoodie-with-logo')?.title).toBe('Hoodie with Pocket and Logo');
  });
});

describe('parseWooCommerceCsv: variable products, brands, sales', () => {
  const result = parseCatalogCsv(fixture('woocommerce-variable.csv'), { now: NOW });
  const bySku = new Map(result.rows.map((r) => [r.sku, r]));

  it('turns variations into products, by id: and by parent SKU, deriving a missing SKU', () => {
    expect(result.rejections).toEqual([]);
    expect(result.rows.map((r) => r.sku)).toEqual(['SPARK-6', 'SPARK-7', 'COOL-5L', 'WM-1']);
    expect(bySku.get('SPARK-6')).toMatchObject({
      title: 'Iridium Spark Plug - 6',
      permalink: 'iridium-spark-plug-6',
      priceCents: 1850,
      discount: { type: 0, value: 20 },
      stock: 30,
      weightGrams: 50,
      categoryTitle: 'Engine',
      childCategoryTitle: 'Spark Plugs',
      brandTitle: 'NGK',
      seoTags: 'ignition, iridium',
      shortDescription: 'Long-life iridium plug & more',
      longDescription: '<p>Long-life iridium plug.</p>\n<p>Gap pre-set.<br />\nCheck your manual.</p>',
      images: [
        'https://example.com/wp-content/uploads/2024/05/spark-plug.png',
        'https://example.com/wp-content/uploads/missing-plug.jpg',
      ],
    });
    // No SKU and no name: both derived from the parent and the attribute value; empty Stock + "In stock?" 0 -> 0.
    expect(bySku.get('SPARK-7')).toMatchObject({
      title: 'Iridium Spark Plug - 7',
      permalink: 'iridium-spark-plug-7',
      stock: 0,
    });
  });

  it('ignores a sale that has ended and warns about one that has not started', () => {
    expect(bySku.get('COOL-5L')?.discount).toBeNull();
    expect(bySku.get('WM-1')?.discount).toBeNull();
    expect(result.warnings).toEqual([
      'line 9: the sale price starts on 2999-01-01; imported at the regular price',
    ]);
    // Before it ended, the same sale applies.
    const earlier = parseCatalogCsv(fixture('woocommerce-variable.csv'), {
      now: new Date('2019-06-01T00:00:00Z'),
    });
    expect(earlier.rows.find((r) => r.sku === 'COOL-5L')?.discount).toEqual({ type: 1, value: 495 });
  });

  it('reads the brand attribute, badge, SEO meta (Yoast variables removed), weight in grams', () => {
    expect(bySku.get('COOL-5L')).toMatchObject({
      brandTitle: 'Penrite',
      badge: 'New',
      isFeatured: true,
      seoTitle: 'Coolant | Store',
      seoDescription: 'Long life coolant',
      weightGrams: 5400,
      stock: 7,
    });
  });

  it('skips drafts, external and grouped products', () => {
    expect(result.skipped).toEqual([
      { line: 2, reason: 'variable product: its variations are imported as products of their own' },
      { line: 6, reason: 'not published: the product is a draft (Published is 0)' },
      {
        line: 7,
        reason: 'external product: sold on another site (External URL), so it cannot be bought here',
      },
      { line: 8, reason: 'grouped product: a set of other products, which are imported from their own rows' },
    ]);
  });
});

describe('parseWooCommerceCsv: bad rows', () => {
  it('reports each bad row with its physical line, column and an actionable reason', () => {
    const result = parseCatalogCsv(fixture('woocommerce-bad-rows.csv'), { now: NOW });
    expect(result.rejections).toEqual([
      { line: 3, column: 'Regular price', reason: '"12,5x" is not a price; write it like 12.50' },
      { line: 6, column: 'SKU', reason: 'is empty; every product needs a SKU' },
      {
        line: 7,
        column: 'SKU',
        reason: 'SKU "GOOD-1" is already used on line 2; each product needs its own SKU',
      },
      {
        line: 8,
        column: 'Parent',
        reason:
          'parent "id:999" is not in this file; a variation must be imported together with its variable product',
      },
      { line: 9, column: 'Stock', reason: '"2.5" is not a whole number; write it like 12' },
      {
        line: 10,
        column: 'Regular price',
        reason: '"-5" is negative; a price must be 0 or more, like 12.50',
      },
    ]);
    expect(result.rows.map((r) => [r.line, r.sku])).toEqual([
      [2, 'GOOD-1'],
      [4, 'GOOD-2'],
      [11, 'GOOD-3'],
    ]);
  });

  it('rejects a variation whose parent is not a variable product, and an unknown product type', () => {
    const csv = [
      'ID,Type,SKU,Name,Regular price,Parent',
      '1,simple,BELT,Belt,10,',
      '2,variation,BELT-L,Belt - L,10,BELT',
      '3,bundle,KIT,Kit,10,',
      '4,variation,LOOSE,Loose,10,',
    ].join('\n');
    const result = parseCatalogCsv(csv, { now: NOW });
    expect(result.rejections).toEqual([
      {
        line: 3,
        column: 'Parent',
        reason:
          'parent "BELT" (line 2) is a simple product; a variation\'s parent must be a variable product',
      },
      {
        line: 4,
        column: 'Type',
        reason: '"bundle" is not a product type we import; use simple, variable or variation',
      },
      {
        line: 5,
        column: 'Parent',
        reason: "is empty; a variation needs its variable product's SKU, or id:NN with its ID",
      },
    ]);
  });

  it('rejects the variations of a rejected or unpublished parent accordingly', () => {
    const csv = [
      'ID,Type,SKU,Name,Published,Is featured?,Regular price,Parent,Attribute 1 name,Attribute 1 value(s)',
      '1,variable,P1,Parent One,1,maybe,,,Size,"S, M"',
      '2,variation,P1-S,,1,0,5,id:1,Size,S',
      '3,variable,P2,Parent Two,0,0,,,Size,S',
      '4,variation,P2-S,,1,0,5,P2,Size,S',
    ].join('\n');
    const result = parseCatalogCsv(csv, { now: NOW });
    expect(result.rejections).toEqual([
      { line: 2, column: 'Is featured?', reason: '"maybe" is not yes or no; write 1 or 0' },
      {
        line: 3,
        column: 'Parent',
        reason: 'its variable product on line 2 was rejected; fix that row first',
      },
    ]);
    expect(result.skipped).toEqual([
      { line: 4, reason: 'not published: the product is a draft (Published is 0)' },
      { line: 5, reason: 'its variable product (line 4) is not published' },
    ]);
  });

  it("fills Yoast's %%title%% with the title as it is, `$` included", () => {
    const csv = [
      'Type,SKU,Name,Regular price,Meta: _yoast_wpseo_metadesc',
      'simple,A-1,Bolt Kit $$ Saver $& More,10,Buy %%title%% %%sep%% %%sitename%%',
    ].join('\n');
    const [row] = parseCatalogCsv(csv, { now: NOW }).rows;
    expect(row?.seoDescription).toBe('Buy Bolt Kit $$ Saver $& More');
  });

  it('makes a repeated permalink unique with the SKU and says so', () => {
    const csv = ['Type,SKU,Name,Regular price', 'simple,A-1,Oil Filter,10', 'simple,B-2,Oil Filter,12'].join(
      '\n',
    );
    const result = parseCatalogCsv(csv, { now: NOW });
    expect(result.rows.map((r) => r.permalink)).toEqual(['oil-filter', 'oil-filter-b-2']);
    expect(result.warnings).toEqual([
      'line 3: permalink "oil-filter" is already used by line 2; using "oil-filter-b-2"',
    ]);
  });

  it("strips the exporter's formula-escaping quote and converts pound weights", () => {
    const csv = ['Type,SKU,Name,Regular price,Stock,Weight (lbs)', "simple,'-DASH,Dash Part,10,'-3,2"].join(
      '\n',
    );
    const result = parseCatalogCsv(csv, { now: NOW });
    expect(result.rows[0]).toMatchObject({ sku: '-DASH', stock: 0, weightGrams: 907 });
    expect(result.warnings).toEqual(['line 2: stock -3 is below 0; imported as 0']);
  });
});
