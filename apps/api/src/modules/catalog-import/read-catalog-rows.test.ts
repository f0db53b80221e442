import { describe, expect, it } from 'vitest';
import { defineCatalogFormat, itemColumn, productColumn, recordColumn } from './catalog-format';
import {
  categoryPathCell,
  flagCell,
  htmlCell,
  integerCell,
  listCell,
  priceCell,
  textCell,
  titleCell,
  trimmedCell,
} from './cell-parsers';
import { categoryFrom, discountFromCompareAt, oneRowPerProduct, skipWhen } from './format-rules';
import { readCatalogRows } from './read-catalog-rows';
import { readCsvTable } from './read-csv-table';

// A third format is a column map and a few named rules: here a made-up "parts feed" with one product per row.
const columns = {
  active: recordColumn(['Active'], flagCell(true)),
  sku: itemColumn(['Part No', 'SKU'], trimmedCell),
  title: productColumn(['Description'], titleCell),
  longDescription: productColumn(['Details'], htmlCell()),
  brandTitle: productColumn(['Make'], textCell),
  group: productColumn(['Group'], categoryPathCell),
  images: productColumn(['Pictures'], listCell),
  priceCents: itemColumn(['Sell'], priceCell({ required: true })),
  rrpCents: itemColumn(['RRP'], priceCell({ required: false })),
  stock: itemColumn(['On Hand'], integerCell),
};
type C = typeof columns;
const partsFeed = defineCatalogFormat<C>({
  dialects: [{ format: 'woocommerce', label: 'Parts feed', signature: ['Part No', 'Sell'] }],
  columns,
  rows: oneRowPerProduct<C>({ sku: (v) => v.sku, title: (v) => v.title }),
  skip: [skipWhen<C, 'record'>('record', (r) => (r.active ? null : 'inactive in the feed'))],
  fields: [categoryFrom<C>((p) => p.group), discountFromCompareAt<C>((v) => v.rrpCents)],
  fieldColumns: { discount: 'rrpCents', categoryTitle: 'group', childCategoryTitle: 'group' },
});

const read = (csv: string) => readCatalogRows(readCsvTable(csv), partsFeed, 'woocommerce');

describe('readCatalogRows with a format of one product per row', () => {
  it('takes cells parsed elsewhere by column and record line, and parses the rest itself (decision 0094)', () => {
    const csv = [
      'Part No,Description,Details,Sell',
      'BP-1,Front Pads,<p>Ceramic<script>x()</script></p>,90',
      'BP-2,Rear Pads,<p>Organic</p>,80',
      'BP-3,Shoes,<p>Drum</p>,70',
    ].join('\n');
    const parsedCells = new Map([['longDescription', Object.assign([], { 3: '<p>From the worker</p>' })]]);
    const result = readCatalogRows(readCsvTable(csv), partsFeed, 'woocommerce', { parsedCells });
    expect(result.rows.map((r) => [r.line, r.longDescription])).toEqual([
      [2, '<p>Ceramic</p>'],
      [3, '<p>From the worker</p>'],
      [4, '<p>Drum</p>'],
    ]);
  });

  it('fills catalog fields from the column map and the named rules', () => {
    const result = read(
      [
        'Part No,Description,Details,Make,Group,Pictures,Sell,RRP,On Hand,Active',
        'BP-1,Front  Brake Pads,<p>Ceramic<script>x()</script></p>,Bendix,Brakes > Pads,"a.png, b.png",90,100,4,1',
        'OLD-1,Old Part,,,,,5,,,0',
        'BP-2,Rear Pads,,,Brakes,,-3,,,1',
        'BP-3,Rear Pads,,,,,12.50,,-2,',
        'BP-4,Rear Pads,,,,,13,,,',
      ].join('\n'),
    );
    expect(result.rows).toEqual([
      expect.objectContaining({
        line: 2,
        sku: 'BP-1',
        title: 'Front Brake Pads',
        permalink: 'front-brake-pads',
        longDescription: '<p>Ceramic</p>',
        brandTitle: 'Bendix',
        categoryTitle: 'Brakes',
        childCategoryTitle: 'Pads',
        images: ['a.png', 'b.png'],
        priceCents: 9000,
        discount: { type: 0, value: 10 },
        stock: 4,
      }),
      expect.objectContaining({ line: 5, sku: 'BP-3', permalink: 'rear-pads', stock: 0, discount: null }),
      expect.objectContaining({ line: 6, sku: 'BP-4', permalink: 'rear-pads-bp-4', stock: null }),
    ]);
    expect(result.skipped).toEqual([{ line: 3, reason: 'inactive in the feed' }]);
    expect(result.rejections).toEqual([
      { line: 4, column: 'Sell', reason: '"-3" is negative; a price must be 0 or more, like 12.50' },
    ]);
    expect(result.warnings).toEqual([
      'line 5: stock -2 is below 0; imported as 0',
      'line 6: permalink "rear-pads" is already used by line 5; using "rear-pads-bp-4"',
    ]);
  });

  it('names the column of a field a rule worked out, and the first header of a column the file lacks', () => {
    const result = read(['SKU,Description,Sell', 'X-1,,1'].join('\n'));
    expect(result.rejections).toEqual([
      { line: 2, column: 'Description', reason: 'is empty; every product needs a title' },
    ]);
    expect(read(['Part No,Description,Sell', 'X-2,Widget,'].join('\n')).rejections).toEqual([
      { line: 2, column: 'Sell', reason: 'is empty; every product needs its price inc. GST, like 12.50' },
    ]);
  });
});
