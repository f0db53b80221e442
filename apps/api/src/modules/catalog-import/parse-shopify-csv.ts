/**
 * Shopify product CSV -> CatalogRows, for both header generations (legacy `Handle, Body (HTML), Variant SKU,
 * Variant Price, Image Src ...` and 2024+ `URL handle, Description, SKU, Price, Product image URL ...`). Pure.
 *
 * Rows group by handle. The first row of a handle carries the product fields; later rows add images and/or
 * variants. Each variant becomes a product of its own (SKU, price, stock), titled `<title> - <options>` with
 * permalink `<handle>-<option slug>`; a single `Default Title` variant is the product itself, permalink = handle.
 * A variant without a SKU gets one derived from the handle. Draft/archived, unpublished products and gift cards
 * are skipped.
 */
import { discountFromSalePrice } from '@store/shared/discount';
import { slugify } from '@store/shared/slug';
import { z } from 'zod';
import {
  categoryLevels,
  decimalCell,
  flagCell,
  integerCell,
  joinTags,
  priceCell,
  splitList,
  textCell,
  titleCell,
  validateCells,
} from './catalog-fields';
import type { CatalogFormat, CatalogParseResult, CatalogRow, Rejection, SkippedRow } from './catalog-row';
import { finishCatalogRows, type RowDraft } from './finish-catalog-rows';
import { bindColumns, type BoundColumns, type CsvRecord, type CsvTable } from './read-csv-table';
import { sanitizeDescription } from './sanitize-description';

/** Logical field -> header names, legacy first, then 2024+. */
const COLUMNS = {
  handle: ['Handle', 'URL handle'],
  title: ['Title'],
  body: ['Body (HTML)', 'Description'],
  vendor: ['Vendor'],
  productCategory: ['Product category'],
  type: ['Type'],
  tags: ['Tags'],
  published: ['Published', 'Published on online store'],
  status: ['Status'],
  giftCard: ['Gift card'],
  option1: ['Option1 value'],
  option2: ['Option2 value'],
  option3: ['Option3 value'],
  sku: ['Variant SKU', 'SKU'],
  grams: ['Variant Grams', 'Weight value (grams)'],
  tracker: ['Variant Inventory Tracker', 'Inventory tracker'],
  quantity: ['Variant Inventory Qty', 'Inventory quantity'],
  price: ['Variant Price', 'Price'],
  compareAt: ['Variant Compare At Price', 'Compare-at price'],
  imageSrc: ['Image Src', 'Product image URL'],
  imagePosition: ['Image Position', 'Image position'],
  variantImage: ['Variant Image', 'Variant image URL'],
  seoTitle: ['SEO Title'],
  seoDescription: ['SEO Description'],
} as const;
type Key = keyof typeof COLUMNS;

const productSchema = z.object({
  title: titleCell,
  body: z.string(),
  vendor: textCell,
  productCategory: z.string(),
  type: z.string(),
  tags: z.string(),
  published: flagCell(true),
  status: z.string(),
  giftCard: flagCell(false),
  seoTitle: textCell,
  seoDescription: textCell,
});

const variantSchema = z.object({
  option1: z.string(),
  option2: z.string(),
  option3: z.string(),
  sku: z.string(),
  grams: decimalCell,
  tracker: z.string(),
  quantity: integerCell,
  price: priceCell({ required: true }),
  compareAt: priceCell({ required: false }),
  variantImage: z.string(),
});

const imageSchema = z.object({ imageSrc: z.string(), imagePosition: integerCell });

interface Group {
  handle: string;
  records: CsvRecord[];
}

/**
 * Parses a Shopify product CSV table (legacy or 2024 headers; `format` only labels the result) into
 * CatalogRows, rejections with line and column, skipped products and warnings. Never throws for bad rows.
 */
export function parseShopifyCsv(
  table: CsvTable,
  format: Extract<CatalogFormat, `shopify-${string}`>,
): CatalogParseResult {
  const cols = bindColumns(table, COLUMNS);
  const column = (key: string) => cols.column(key as Key);
  const metafields = metafieldColumns(table);
  const rejections: Rejection[] = [];
  const warnings: string[] = [];
  const skipped: SkippedRow[] = [];
  const drafts: RowDraft[] = [];

  // Group rows by handle (rows of one handle need not be adjacent).
  const groups = new Map<string, Group>();
  for (const record of table.records) {
    let handle = cols.cell(record, 'handle').trim();
    if (handle === '') handle = slugify(cols.cell(record, 'title'));
    if (handle === '') {
      rejections.push({
        line: record.line,
        column: cols.column('handle'),
        reason:
          'is empty; every row needs the handle of the product it belongs to (or a title to make one from)',
      });
      continue;
    }
    const key = handle.toLowerCase();
    const group = groups.get(key) ?? { handle, records: [] };
    group.records.push(record);
    groups.set(key, group);
  }

  for (const { handle, records } of groups.values()) {
    const first = records[0];
    if (!first) continue;
    const product = validateCells(productSchema, productCells(cols, first), first.line, column);
    if (!product.ok) {
      rejections.push(...product.rejections);
      rejectVariantRows(records.slice(1), cols, first.line, rejections);
      continue;
    }
    const p = product.value;
    const status = p.status.trim().toLowerCase();
    if (status === 'draft' || status === 'archived') {
      skipped.push({ line: first.line, reason: `product "${handle}" is ${status} (Status)` });
      continue;
    }
    if (!p.published) {
      skipped.push({ line: first.line, reason: `product "${handle}" is not published on the online store` });
      continue;
    }
    if (p.giftCard) {
      skipped.push({
        line: first.line,
        reason: `product "${handle}" is a gift card, which this store does not sell`,
      });
      continue;
    }
    if (p.title === null) {
      rejections.push({
        line: first.line,
        column: cols.column('title'),
        reason: `is empty on the first row of "${handle}"; that row carries the product's title`,
      });
      rejectVariantRows(records.slice(1), cols, first.line, rejections);
      continue;
    }
    const title = p.title;

    // Images of every row, ordered by Image Position (rows without one keep file order, after those with one).
    const images: { src: string; position: number; line: number }[] = [];
    let imagesOk = true;
    for (const r of records) {
      const img = validateCells(
        imageSchema,
        { imageSrc: cols.cell(r, 'imageSrc'), imagePosition: cols.cell(r, 'imagePosition') },
        r.line,
        column,
      );
      if (!img.ok) {
        rejections.push(...img.rejections);
        imagesOk = false;
        continue;
      }
      const src = img.value.imageSrc.trim();
      if (src !== '')
        images.push({ src, position: img.value.imagePosition ?? Number.MAX_SAFE_INTEGER, line: r.line });
    }
    if (!imagesOk) continue;
    images.sort((a, b) => a.position - b.position || a.line - b.line);
    const productImages = unique(images.map((i) => i.src));

    const variantRows = records.filter((r, i) => i === 0 || isVariantRow(cols, r));
    const single = variantRows.length === 1 && isDefaultTitle(cols.cell(first, 'option1'));
    const tags = splitList(p.tags);
    const category = categoryLevels(
      format === 'shopify-2024' ? p.productCategory || p.type : p.type || p.productCategory,
    );
    const shared = {
      ...category,
      brandTitle: p.vendor,
      shortDescription: null,
      longDescription: sanitizeDescription(p.body),
      seoTitle: p.seoTitle,
      seoDescription: p.seoDescription,
      seoTags: joinTags(tags, ['featured']),
      isFeatured: tags.some((t) => t.toLowerCase() === 'featured'),
      badge: metafield(metafields.badge, first),
      canonicalUrl: metafield(metafields.canonicalUrl, first),
      schemaMarkup: metafield(metafields.schemaMarkup, first),
    };
    const handleSlug = slugify(handle) || slugify(title);

    for (const r of variantRows) {
      const variant = validateCells(variantSchema, variantCells(cols, r), r.line, column);
      if (!variant.ok) {
        rejections.push(...variant.rejections);
        continue;
      }
      const v = variant.value;
      const options = [v.option1, v.option2, v.option3]
        .map((o) => o.trim())
        .filter((o) => o !== '' && !isDefaultTitle(o));
      const optionSlug = slugify(options.join(' '));
      let sku = v.sku.trim();
      if (sku === '') {
        if (single) sku = handle;
        else if (optionSlug !== '') sku = `${handle}-${optionSlug}`;
        else {
          rejections.push({
            line: r.line,
            column: cols.column('sku'),
            reason: 'is empty, and the variant has no option values to derive one from',
          });
          continue;
        }
      }
      const priceCents = v.price ?? 0;
      const variantImage = v.variantImage.trim();
      let stock = cols.has('tracker') && v.tracker.trim() === '' ? null : v.quantity;
      if (stock !== null && stock < 0) {
        warnings.push(`line ${r.line}: stock ${stock} is below 0; imported as 0`);
        stock = 0;
      }
      const grams = v.grams === null ? null : Math.round(v.grams);
      const row: CatalogRow = {
        line: r.line,
        sku,
        title: single || options.length === 0 ? title : `${title} - ${options.join(' / ')}`,
        permalink: single ? handleSlug : `${handleSlug}-${optionSlug || slugify(sku)}`,
        priceCents,
        discount: v.compareAt === null ? null : discountFromSalePrice(v.compareAt, priceCents),
        stock,
        // Shopify writes 0 grams for "no weight given".
        weightGrams: grams === 0 ? null : grams,
        images: unique(variantImage === '' ? productImages : [variantImage, ...productImages]),
        ...shared,
      };
      drafts.push({
        row,
        columns: {
          sku: cols.column('sku'),
          title: cols.column('title'),
          permalink: cols.column('handle'),
          priceCents: cols.column('price'),
          discount: cols.column('compareAt'),
          stock: cols.column('quantity'),
          weightGrams: cols.column('grams'),
          longDescription: cols.column('body'),
          categoryTitle: cols.column(format === 'shopify-2024' ? 'productCategory' : 'type'),
          childCategoryTitle: cols.column(format === 'shopify-2024' ? 'productCategory' : 'type'),
          brandTitle: cols.column('vendor'),
          images: cols.column('imageSrc'),
          seoTitle: cols.column('seoTitle'),
          seoDescription: cols.column('seoDescription'),
          seoTags: cols.column('tags'),
          isFeatured: cols.column('tags'),
          badge: metafields.badge?.name ?? 'badge metafield',
          canonicalUrl: metafields.canonicalUrl?.name ?? 'canonical_url metafield',
          schemaMarkup: metafields.schemaMarkup?.name ?? 'schema_markup metafield',
        },
      });
    }
  }

  const rows = finishCatalogRows(drafts, { rejections, warnings });
  return { format, rows, rejections, warnings, skipped };
}

function productCells(cols: BoundColumns<Key>, r: CsvRecord): z.input<typeof productSchema> {
  return {
    title: cols.cell(r, 'title'),
    body: cols.cell(r, 'body'),
    vendor: cols.cell(r, 'vendor'),
    productCategory: cols.cell(r, 'productCategory').trim(),
    type: cols.cell(r, 'type').trim(),
    tags: cols.cell(r, 'tags'),
    published: cols.cell(r, 'published'),
    status: cols.cell(r, 'status'),
    giftCard: cols.cell(r, 'giftCard'),
    seoTitle: cols.cell(r, 'seoTitle'),
    seoDescription: cols.cell(r, 'seoDescription'),
  };
}

function variantCells(cols: BoundColumns<Key>, r: CsvRecord): z.input<typeof variantSchema> {
  return {
    option1: cols.cell(r, 'option1'),
    option2: cols.cell(r, 'option2'),
    option3: cols.cell(r, 'option3'),
    sku: cols.cell(r, 'sku'),
    grams: cols.cell(r, 'grams'),
    tracker: cols.cell(r, 'tracker'),
    quantity: cols.cell(r, 'quantity'),
    price: cols.cell(r, 'price'),
    compareAt: cols.cell(r, 'compareAt'),
    variantImage: cols.cell(r, 'variantImage'),
  };
}

/** A row after the first is a variant when it has an option value, a SKU or a price; otherwise image-only. */
function isVariantRow(cols: BoundColumns<Key>, r: CsvRecord): boolean {
  return (['option1', 'sku', 'price'] as const).some((k) => cols.cell(r, k).trim() !== '');
}

function isDefaultTitle(value: string): boolean {
  const v = value.trim().toLowerCase();
  return v === '' || v === 'default title';
}

/** Variant rows of a product whose first row was rejected cannot be imported either. */
function rejectVariantRows(
  records: CsvRecord[],
  cols: BoundColumns<Key>,
  firstLine: number,
  out: Rejection[],
): void {
  for (const r of records) {
    if (!isVariantRow(cols, r)) continue;
    out.push({
      line: r.line,
      column: cols.column('handle'),
      reason: `belongs to the product on line ${firstLine}, which was rejected; fix that row first`,
    });
  }
}

interface Metafield {
  index: number;
  name: string;
}

/** Metafield columns such as `Badge (product.metafields.custom.badge)` or `product.metafields.seo.canonical_url`. */
function metafieldColumns(table: CsvTable): {
  badge?: Metafield;
  canonicalUrl?: Metafield;
  schemaMarkup?: Metafield;
} {
  const find = (key: string): Metafield | undefined => {
    const re = new RegExp(`(^|\\()product\\.metafields\\.[\\w-]+\\.${key}\\)?$`, 'i');
    const index = table.headers.findIndex((h) => re.test(h.trim()));
    return index >= 0 ? { index, name: table.headers[index] ?? key } : undefined;
  };
  const out: { badge?: Metafield; canonicalUrl?: Metafield; schemaMarkup?: Metafield } = {};
  const badge = find('badge');
  const canonicalUrl = find('canonical_url');
  const schemaMarkup = find('schema_markup');
  if (badge) out.badge = badge;
  if (canonicalUrl) out.canonicalUrl = canonicalUrl;
  if (schemaMarkup) out.schemaMarkup = schemaMarkup;
  return out;
}

function metafield(field: Metafield | undefined, r: CsvRecord): string | null {
  if (!field) return null;
  const v = (r.values[field.index] ?? '').trim();
  return v === '' ? null : v;
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}
