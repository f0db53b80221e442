/**
 * WooCommerce product CSV (the core exporter's columns). `simple` rows (also "simple, downloadable, virtual") are
 * products; `variation` rows are products of their own that borrow what they leave empty from their `variable`
 * parent (see `parentAndVariationRows`). `grouped` and `external` products are skipped, and so are unpublished ones
 * (`Published` 0 or -1). A sale price is a discount while its dates allow. Weight is converted to grams from the
 * unit in its header. Brand from `Brands`, else an attribute named Brand. SEO from `Meta: _seo_title` /
 * `_seo_description` or Yoast's, whose variables are filled in.
 */
import {
  defineCatalogFormat,
  itemColumn,
  offThread,
  productColumn,
  recordColumn,
  type ColumnMap,
  type NamedValue,
  type PairedColumns,
} from './catalog-format';
import {
  categoryLevels,
  CellIssue,
  dateCell,
  decimalCell,
  flagCell,
  htmlCell,
  integerCell,
  joinTags,
  listCell,
  partNumbersCell,
  plainTextCell,
  priceCell,
  rawCell,
  splitList,
  textCell,
  titleCell,
  type CategoryLevels,
  type CellParser,
  dangerousGoodsClassCell,
  millimetresCell,
} from './cell-parsers';
import {
  brandFallback,
  categoryFrom,
  discountFromSale,
  outOfStockFlag,
  parentAndVariationRows,
  skipWhen,
  yoastVariables,
} from './format-rules';

const KINDS = ['simple', 'variable', 'variation', 'grouped', 'external'] as const;

/** `Type`: the first known kind among its comma-separated tokens; empty is simple. */
const kindCell: CellParser<(typeof KINDS)[number]> = (raw) => {
  const type = raw.trim().toLowerCase();
  const tokens = type
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const kind = tokens.length === 0 ? 'simple' : KINDS.find((k) => tokens.includes(k));
  return (
    kind ?? new CellIssue(`"${type}" is not a product type we import; use simple, variable or variation`)
  );
};

/** `Published`: 1 (or empty) published, 0 draft, -1 private. */
const publishedCell: CellParser<'1' | '0' | '-1'> = (raw) => {
  const s = raw.trim();
  if (s === '' || s === '1') return '1';
  if (s === '0' || s === '-1') return s;
  return new CellIssue(`"${s}" is not a publish state; write 1 (published), 0 (draft) or -1 (private)`);
};

const GRAMS_PER_UNIT: Record<string, number> = {
  kg: 1000,
  g: 1,
  lbs: 453.59237,
  lb: 453.59237,
  oz: 28.349523125,
};

/** A weight in the unit its header names (`Weight (lbs)`; kg when none) -> grams. */
const weightCell: CellParser<number | null> = (raw, header) => {
  const weight = decimalCell(raw, header);
  if (typeof weight !== 'number') return weight;
  const unit = /\(([a-z]+)\)\s*$/i.exec(header)?.[1]?.toLowerCase() ?? 'kg';
  return Math.round(weight * (GRAMS_PER_UNIT[unit] ?? 1000));
};

/** `Categories`: the first path, or a deeper path under the same top level listed after it. */
const categoriesCell: CellParser<CategoryLevels> = (raw) => {
  const paths = splitList(raw).map(categoryLevels);
  const first = paths[0];
  if (!first) return { categoryTitle: null, childCategoryTitle: null };
  if (first.childCategoryTitle) return first;
  const top = first.categoryTitle?.toLowerCase();
  return paths.find((p) => p.childCategoryTitle && p.categoryTitle?.toLowerCase() === top) ?? first;
};

/** `Brands`: the first entry (the last level of a path). */
const brandsCell: CellParser<string | null> = (raw) => {
  const first = splitList(raw)[0];
  if (!first) return null;
  const levels = first
    .split('>')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return levels[levels.length - 1] ?? null;
};

const isBrandAttribute = (name: string) => /^(pa_)?brands?$/i.test(name.trim());

/** `Attribute N name` / `Attribute N value(s)`: the option values of a variation, and a Brand attribute. */
const attributes: PairedColumns<{ options: string[]; brand: string | null }, 'product'> = {
  pairs: { names: /^attribute (\d+) name$/i, values: (m) => `Attribute ${m[1]} value(s)` },
  parse: (pairs: readonly NamedValue[]) => {
    const brand = pairs.find((a) => isBrandAttribute(a.name));
    return {
      options: pairs.filter((a) => !isBrandAttribute(a.name)).map((a) => a.value),
      brand: brand ? (splitList(brand.value)[0] ?? null) : null,
    };
  },
  level: 'product',
  label: 'Attribute 1 name',
};

const columns = {
  kind: recordColumn(['Type'], kindCell),
  published: recordColumn(['Published'], publishedCell),
  id: recordColumn(['ID'], rawCell),
  parent: recordColumn(['Parent'], rawCell),
  sku: recordColumn(['SKU'], rawCell),
  // What a product (or a variation, for itself) describes.
  title: productColumn(['Name'], titleCell),
  shortDescription: offThread(productColumn(['Short description'], plainTextCell({ literalNewlines: true }))),
  longDescription: offThread(
    productColumn(['Description'], htmlCell({ paragraphs: true, literalNewlines: true })),
  ),
  category: productColumn(['Categories'], categoriesCell),
  seoTags: productColumn(['Tags'], (raw) => joinTags(splitList(raw))),
  images: productColumn(['Images'], listCell),
  brandTitle: productColumn(['Brands', 'Brand'], brandsCell, 'Attribute: Brand'),
  attributes,
  isFeatured: productColumn(['Is featured?'], flagCell(false)),
  seoTitle: productColumn(['Meta: _seo_title', 'Meta: _yoast_wpseo_title'], textCell),
  seoDescription: productColumn(['Meta: _seo_description', 'Meta: _yoast_wpseo_metadesc'], textCell),
  canonicalUrl: productColumn(['Meta: _canonical_url', 'Meta: _yoast_wpseo_canonical'], textCell),
  schemaMarkup: productColumn(['Meta: _schema_markup'], textCell),
  badge: productColumn(['Meta: _badge'], textCell),
  partNumbers: productColumn(['Meta: _part_numbers', 'Part numbers'], partNumbersCell),
  // What is sold: a simple product or a variation.
  priceCents: itemColumn(['Regular price'], priceCell({ required: true })),
  salePriceCents: itemColumn(['Sale price'], priceCell({ required: false })),
  saleStarts: itemColumn(['Date sale price starts'], dateCell({ endOfDay: false })),
  saleEnds: itemColumn(['Date sale price ends'], dateCell({ endOfDay: true })),
  stock: itemColumn(['Stock'], integerCell),
  inStock: itemColumn(['In stock?'], rawCell),
  weightGrams: itemColumn(['Weight (kg)', 'Weight (g)', 'Weight (lbs)', 'Weight (oz)', 'Weight'], weightCell),
  // Issue 41: what delivery may carry it (optional columns; blank = none, not bulky, size unknown).
  dangerousGoodsClass: itemColumn(
    ['dangerous_goods_class', 'Dangerous goods class'],
    dangerousGoodsClassCell,
  ),
  bulky: itemColumn(['bulky', 'Bulky'], flagCell(false)),
  lengthMm: itemColumn(['length_mm', 'Length (mm)'], millimetresCell),
  widthMm: itemColumn(['width_mm', 'Width (mm)'], millimetresCell),
  heightMm: itemColumn(['height_mm', 'Height (mm)'], millimetresCell),
} satisfies ColumnMap;
type C = typeof columns;

/** The WooCommerce product CSV format. */
export const wooCommerceCsvFormat = defineCatalogFormat<C>({
  dialects: [
    { format: 'woocommerce', label: 'WooCommerce product CSV', signature: ['Type', 'SKU', 'Regular price'] },
  ],
  columns,
  // The exporter prefixes cells starting with = + - @ with a quote (against formula injection); its importer
  // strips it again, and so do we.
  cell: (raw) => (/^'[=+\-@]/.test(raw) ? raw.slice(1) : raw),
  rows: parentAndVariationRows<C>({
    kind: (r) => r.kind,
    id: 'id',
    sku: 'sku',
    parent: 'parent',
    title: (p) => p.title,
    options: (v) => v.attributes.options,
    inherit: [
      'shortDescription',
      'longDescription',
      ['categoryTitle', 'childCategoryTitle'],
      'brandTitle',
      'images',
      'seoTags',
      'partNumbers',
    ],
  }),
  skip: [
    skipWhen<C, 'record'>('record', (r) =>
      r.kind === 'grouped'
        ? 'grouped product: a set of other products, which are imported from their own rows'
        : null,
    ),
    skipWhen<C, 'record'>('record', (r) =>
      r.kind === 'external'
        ? 'external product: sold on another site (External URL), so it cannot be bought here'
        : null,
    ),
    skipWhen<C, 'record'>('record', (r) =>
      r.published === '1'
        ? null
        : `not published: the product is ${r.published === '-1' ? 'private (Published is -1)' : 'a draft (Published is 0)'}`,
    ),
  ],
  fields: [
    categoryFrom<C>((p) => p.category),
    brandFallback<C>((p) => p.attributes.brand),
    discountFromSale<C>({
      priceCents: (v) => v.salePriceCents,
      starts: (v) => v.saleStarts,
      ends: (v) => v.saleEnds,
    }),
    outOfStockFlag<C>((v) => v.inStock),
    yoastVariables<C>(['seoTitle', 'seoDescription']),
  ],
  fieldColumns: {
    permalink: 'title',
    discount: 'salePriceCents',
    categoryTitle: 'category',
    childCategoryTitle: 'category',
  },
});
