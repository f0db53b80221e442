import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCatalogCsv } from './parse-catalog-csv';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/${name}`, import.meta.url), 'utf8');

describe('parseShopifyCsv: legacy headers', () => {
  const result = parseCatalogCsv(fixture('shopify-legacy.csv'));
  const bySku = new Map(result.rows.map((r) => [r.sku, r]));

  it('makes one product per variant and one for a Default Title product; skips drafts', () => {
    expect(result.format).toBe('shopify-legacy');
    expect(result.rejections).toEqual([]);
    expect(result.rows.map((r) => [r.line, r.sku, r.permalink])).toEqual([
      [2, 'BP-FRONT', 'ceramic-brake-pads-front'],
      [5, 'BP-REAR', 'ceramic-brake-pads-rear'],
      [7, 'H4-100', 'h4-globe-pair'],
      [8, 'tow-strap', 'tow-strap'],
    ]);
    expect(result.skipped).toEqual([{ line: 9, reason: 'product "old-wiper" is draft (Status)' }]);
  });

  it('reads variant fields, and product fields from the first row of the handle', () => {
    expect(bySku.get('BP-FRONT')).toMatchObject({
      title: 'Ceramic Brake Pads - Front',
      priceCents: 8995,
      discount: { type: 1, value: 1000 },
      stock: 14,
      weightGrams: 1200,
      categoryTitle: 'Brakes',
      childCategoryTitle: 'Brake Pads',
      brandTitle: 'Bendix',
      seoTitle: 'Ceramic Brake Pads | Auto Parts',
      seoDescription: 'Low-dust ceramic pads.',
      seoTags: 'brakes, ceramic',
      isFeatured: true,
    });
    expect(bySku.get('BP-REAR')).toMatchObject({
      title: 'Ceramic Brake Pads - Rear',
      priceCents: 7200,
      discount: { type: 0, value: 10 },
      stock: 0,
      weightGrams: 900,
      brandTitle: 'Bendix',
    });
  });

  it('orders images by Image Position and puts a variant image first', () => {
    const cdn = 'https://cdn.shopify.com/s/files/1/0001/products/';
    expect(bySku.get('BP-FRONT')?.images).toEqual([
      `${cdn}pad-front.png?v=1700000000`,
      `${cdn}pad-rear.png?v=1700000000`,
      `${cdn}pad-box.png`,
    ]);
    expect(bySku.get('BP-REAR')?.images).toEqual([
      `${cdn}pad-rear.png?v=1700000000`,
      `${cdn}pad-front.png?v=1700000000`,
      `${cdn}pad-box.png`,
    ]);
  });

  it('sanitises the body HTML', () => {
    const html = bySku.get('BP-FRONT')?.longDescription ?? '';
    expect(html).toContain('<h2>Ceramic brake pads</h2>');
    expect(html).toContain(
      '<a href="https://example.com/fitment" rel="nofollow noopener noreferrer">more</a>',
    );
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<img/);
  });

  it('derives a missing SKU from the handle; untracked inventory and 0 grams become null', () => {
    expect(bySku.get('tow-strap')).toMatchObject({
      title: 'Recovery Tow Strap 8T',
      stock: null,
      weightGrams: null,
      categoryTitle: 'Accessories',
      childCategoryTitle: null,
      longDescription: null,
    });
  });
});

describe('parseShopifyCsv: 2024 headers', () => {
  const result = parseCatalogCsv(fixture('shopify-2024.csv'));
  const bySku = new Map(result.rows.map((r) => [r.sku, r]));

  it('detects the format through the BOM and reads the renamed columns', () => {
    expect(result.format).toBe('shopify-2024');
    expect(result.rejections).toEqual([]);
    expect(bySku.get('OIL-5W30-5L')).toMatchObject({
      line: 2,
      title: 'Engine Oil 5W-30 5L',
      permalink: 'engine-oil-5w30-5l',
      priceCents: 6490,
      discount: { type: 1, value: 1000 },
      stock: 12,
      weightGrams: 4700,
      categoryTitle: 'Engine',
      childCategoryTitle: 'Oils',
      brandTitle: 'Penrite',
      longDescription: '<p>Full synthetic.</p>',
      images: ['https://cdn.shopify.com/s/files/1/0001/files/oil-5w30.png?v=17'],
      seoTitle: 'Penrite 5W-30 5L',
      badge: 'Best seller',
    });
  });

  it('names variants by option value, derives a missing SKU, clamps negative stock with a warning', () => {
    expect(
      result.rows
        .filter((r) => r.title.startsWith('Wiper'))
        .map((r) => [r.sku, r.title, r.priceCents, r.stock]),
    ).toEqual([
      ['WB-18', 'Wiper Blade - 18in', 1900, 5],
      ['WB-20', 'Wiper Blade - 20in', 2100, 3],
      ['wiper-blade-22in', 'Wiper Blade - 22in', 2300, 0],
    ]);
    expect(bySku.get('WB-18')?.discount).toEqual({ type: 0, value: 5 });
    expect(result.warnings).toEqual(['line 5: stock -2 is below 0; imported as 0']);
  });

  it('skips gift cards and products not published on the online store', () => {
    expect(result.skipped).toEqual([
      { line: 6, reason: 'product "gift-card" is a gift card, which this store does not sell' },
      { line: 7, reason: 'product "hidden-part" is not published on the online store' },
    ]);
  });
});

describe('parseShopifyCsv: bad rows', () => {
  it('names the Shopify column and line of each problem', () => {
    const result = parseCatalogCsv(fixture('shopify-bad-rows.csv'));
    expect(result.rejections).toEqual([
      {
        line: 2,
        column: 'Title',
        reason: 'is empty on the first row of "no-title"; that row carries the product\'s title',
      },
      {
        line: 3,
        column: 'Handle',
        reason: 'belongs to the product on line 2, which was rejected; fix that row first',
      },
      {
        line: 5,
        column: 'Variant Compare At Price',
        reason: '"ten dollars" is not a price; write it like 12.50',
      },
      { line: 6, column: 'Variant Inventory Qty', reason: '"lots" is not a whole number; write it like 12' },
      {
        line: 6,
        column: 'Variant Price',
        reason: 'is empty; every product needs its price inc. GST, like 12.50',
      },
    ]);
    expect(result.rows.map((r) => r.sku)).toEqual(['CLAMP-1']);
  });

  it('rejects a variant SKU used twice in the file, naming both lines', () => {
    const csv = [
      'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price',
      'clamp,Clamp,Size,S,CL-1,1.00',
      'clamp,,,M,cl-1,1.10',
    ].join('\n');
    expect(parseCatalogCsv(csv).rejections).toEqual([
      {
        line: 3,
        column: 'Variant SKU',
        reason: 'SKU "cl-1" is already used on line 2; each product needs its own SKU',
      },
    ]);
  });
});

describe('parseShopifyCsv: invisible characters (decision 0011)', () => {
  const header = 'Handle,Title,Body (HTML),Vendor,Option1 Name,Option1 Value,Variant SKU,Variant Price,Tags';
  const quote = (cell: string) => `"${cell.replace(/"/g, '""')}"`;
  const row = (title: string, body: string, sku: string, tags = 'brakes') =>
    `pads-${sku.length},${quote(title)},${quote(body)},Kestrel,Title,Default Title,${sku},49.95,${quote(tags)}`;

  it('reports a NUL or other control character with its line and column, shown escaped', () => {
    const csv = [
      header,
      row('Front Brake\u0000Pads', '<p>Ceramic</p>', 'BP-1'),
      row('Rear Pads', '<p>Ceramic</p>', 'BP\u001b[2J-22'),
      row('Disc Rotor', '<p>Vented\u0007</p>', 'BP-333'),
      row('Caliper', '<p>Ok</p>', 'BP-4444', 'brake\u0085s'),
      row('Good Pads', '<p>Line one</p>\r\n<p>Line\ttwo</p>', 'BP-55555'),
    ].join('\n');
    const result = parseCatalogCsv(csv);
    expect(result.rejections).toEqual([
      {
        line: 2,
        column: 'Title',
        reason:
          '"Front Brake\\u0000Pads" contains an invisible character (U+0000 NUL) at position 12; remove it',
      },
      {
        line: 3,
        column: 'Variant SKU',
        reason: '"BP\\u001B[2J-22" contains an invisible character (U+001B escape) at position 3; remove it',
      },
      {
        line: 4,
        column: 'Body (HTML)',
        reason: expect.stringMatching(
          /^".*\\u0007.*" contains an invisible character \(U\+0007 control character\)/,
        ),
      },
      {
        line: 5,
        column: 'Tags',
        reason: expect.stringMatching(/contains an invisible character \(U\+0085 control character\)/),
      },
    ]);
    // A description keeps its line breaks and tabs.
    expect(result.rows.map((r) => r.sku)).toEqual(['BP-55555']);
    expect(result.rows[0]?.longDescription).toContain('\n');
  });
});

describe('delivery columns (issue 41)', () => {
  const header =
    'Handle,Title,Variant SKU,Variant Price,Status,dangerous_goods_class,bulky,length_mm,width_mm,height_mm';

  it('reads the dangerous goods class, bulky and the size; blank is none, not bulky, unknown', () => {
    const result = parseCatalogCsv(
      [
        header,
        'battery,Car Battery N70ZZ,BAT-N70,189.00,active,8,,260,175,225',
        'bull-bar,Steel Bull Bar,BB-1,1299.00,active,,yes,1800,600,400',
        'filter,Oil Filter,OF-1,12.00,active,,,,,',
      ].join('\n'),
    );
    expect(result.rejections).toEqual([]);
    const bySku = new Map(result.rows.map((r) => [r.sku, r]));
    expect(bySku.get('BAT-N70')).toMatchObject({
      dangerousGoodsClass: '8',
      bulky: false,
      lengthMm: 260,
      widthMm: 175,
      heightMm: 225,
    });
    expect(bySku.get('BB-1')).toMatchObject({ dangerousGoodsClass: null, bulky: true, lengthMm: 1800 });
    expect(bySku.get('OF-1')).toMatchObject({
      dangerousGoodsClass: null,
      bulky: false,
      lengthMm: null,
      widthMm: null,
      heightMm: null,
    });
  });

  it('names the line and column of a bad class, flag or size', () => {
    const result = parseCatalogCsv(
      [header, 'battery,Car Battery,BAT-1,189.00,active,10,maybe,0,175,big'].join('\n'),
    );
    expect(result.rejections).toEqual([
      {
        line: 2,
        column: 'dangerous_goods_class',
        reason: expect.stringMatching(
          /^"10" is not a dangerous goods class; write one of 1, 2\.1, .*8, 9 or leave it empty$/,
        ),
      },
      { line: 2, column: 'bulky', reason: '"maybe" is not yes or no; write 1 or 0' },
      {
        line: 2,
        column: 'length_mm',
        reason: '"0" is not a size in millimetres; write a whole number from 1 to 10000, like 450',
      },
      {
        line: 2,
        column: 'height_mm',
        reason: '"big" is not a size in millimetres; write a whole number from 1 to 10000, like 450',
      },
    ]);
    expect(result.rows).toEqual([]);
  });
});
