/**
 * Shopify product CSV, both header generations (legacy `Handle, Body (HTML), Variant SKU, Variant Price, Image
 * Src ...` and 2024+ `URL handle, Description, SKU, Price, Product image URL ...`): the first header of each
 * column is the legacy one. See `variantRowsByHandle` for how rows make products. Drafts, archived and unpublished
 * products and gift cards are skipped.
 */
import {
  defineCatalogFormat,
  itemColumn,
  offThread,
  productColumn,
  recordColumn,
  type ColumnMap,
} from './catalog-format';
import {
  categoryLevels,
  decimalCell,
  flagCell,
  htmlCell,
  integerCell,
  listCell,
  lowerCaseCell,
  partNumbersCell,
  textCell,
  titleCell,
  trimmedCell,
  priceCell,
  rawCell,
  type CellParser,
  dangerousGoodsClassCell,
  millimetresCell,
} from './cell-parsers';
import {
  categoryFrom,
  discountFromCompareAt,
  featuredTag,
  skipWhen,
  untrackedWithoutTracker,
  variantRowsByHandle,
} from './format-rules';

/** Shopify writes 0 grams for "no weight given". */
const gramsCell: CellParser<number | null> = (raw, header) => {
  const grams = decimalCell(raw, header);
  return typeof grams === 'number' ? Math.round(grams) || null : grams;
};

/** A metafield column, `Badge (product.metafields.custom.badge)` or `product.metafields.seo.canonical_url`. */
const metafield = (key: string) => new RegExp(`(^|\\()product\\.metafields\\.[\\w-]+\\.${key}\\)?$`, 'i');

const columns = {
  // Every row of a product: its image.
  imageSrc: recordColumn(['Image Src', 'Product image URL'], trimmedCell),
  imagePosition: recordColumn(['Image Position', 'Image position'], integerCell),
  // The product, from its first row.
  handle: productColumn(['Handle', 'URL handle'], trimmedCell),
  title: productColumn(['Title'], titleCell),
  longDescription: offThread(productColumn(['Body (HTML)', 'Description'], htmlCell())),
  brandTitle: productColumn(['Vendor'], textCell),
  productCategory: productColumn(['Product category'], trimmedCell),
  type: productColumn(['Type'], trimmedCell),
  tags: productColumn(['Tags'], listCell),
  published: productColumn(['Published', 'Published on online store'], flagCell(true)),
  status: productColumn(['Status'], lowerCaseCell),
  giftCard: productColumn(['Gift card'], flagCell(false)),
  seoTitle: productColumn(['SEO Title'], textCell),
  seoDescription: productColumn(['SEO Description'], textCell),
  badge: productColumn([metafield('badge')], textCell, 'badge metafield'),
  partNumbers: productColumn(
    [metafield('part_numbers'), 'Part numbers'],
    partNumbersCell,
    'part_numbers metafield',
  ),
  canonicalUrl: productColumn([metafield('canonical_url')], textCell, 'canonical_url metafield'),
  schemaMarkup: productColumn([metafield('schema_markup')], textCell, 'schema_markup metafield'),
  // Each variant.
  option1: itemColumn(['Option1 value'], rawCell),
  option2: itemColumn(['Option2 value'], rawCell),
  option3: itemColumn(['Option3 value'], rawCell),
  sku: itemColumn(['Variant SKU', 'SKU'], trimmedCell),
  weightGrams: itemColumn(['Variant Grams', 'Weight value (grams)'], gramsCell),
  tracker: itemColumn(['Variant Inventory Tracker', 'Inventory tracker'], rawCell),
  stock: itemColumn(['Variant Inventory Qty', 'Inventory quantity'], integerCell),
  priceCents: itemColumn(['Variant Price', 'Price'], priceCell({ required: true })),
  compareAtCents: itemColumn(
    ['Variant Compare At Price', 'Compare-at price'],
    priceCell({ required: false }),
  ),
  variantImage: itemColumn(['Variant Image', 'Variant image URL'], trimmedCell),
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

/** The Shopify product CSV format (legacy and 2024 headers). */
export const shopifyCsvFormat = defineCatalogFormat<C>({
  dialects: [
    {
      format: 'shopify-legacy',
      label: 'Shopify product CSV (before 2024)',
      signature: ['Handle', 'Variant SKU'],
    },
    { format: 'shopify-2024', label: 'Shopify product CSV (2024 and later)', signature: ['URL handle'] },
  ],
  columns,
  rows: variantRowsByHandle<C>({
    handle: 'handle',
    title: 'title',
    sku: 'sku',
    variantWhen: ['option1', 'sku', 'priceCents'],
    firstOption: 'option1',
    productTitle: (p) => p.title,
    options: (v) => [v.option1, v.option2, v.option3],
    variantSku: (v) => v.sku,
    image: { src: (r) => r.imageSrc, position: (r) => r.imagePosition, ofVariant: (v) => v.variantImage },
  }),
  skip: [
    skipWhen<C, 'product'>('product', (p, handle) =>
      p.status === 'draft' || p.status === 'archived' ? `product "${handle}" is ${p.status} (Status)` : null,
    ),
    skipWhen<C, 'product'>('product', (p, handle) =>
      p.published ? null : `product "${handle}" is not published on the online store`,
    ),
    skipWhen<C, 'product'>('product', (p, handle) =>
      p.giftCard ? `product "${handle}" is a gift card, which this store does not sell` : null,
    ),
  ],
  fields: [
    // The 2024 export fills Shopify's own taxonomy in Product category; the legacy one puts the shop's in Type.
    categoryFrom<C>((p, format) =>
      categoryLevels(format === 'shopify-2024' ? p.productCategory || p.type : p.type || p.productCategory),
    ),
    featuredTag<C>((p) => p.tags, 'featured'),
    discountFromCompareAt<C>((v) => v.compareAtCents),
    untrackedWithoutTracker<C>('tracker', (v) => v.tracker),
  ],
  fieldColumns: {
    permalink: 'handle',
    discount: 'compareAtCents',
    categoryTitle: { 'shopify-legacy': 'type', 'shopify-2024': 'productCategory' },
    childCategoryTitle: { 'shopify-legacy': 'type', 'shopify-2024': 'productCategory' },
    images: 'imageSrc',
    seoTags: 'tags',
    isFeatured: 'tags',
  },
});
