/**
 * WooCommerce product CSV (the core exporter's columns) -> CatalogRows. Pure.
 *
 * - `simple` (also "simple, downloadable, virtual") rows are products; `variation` rows are products of their own,
 *   borrowing category, brand, descriptions, images and tags from their `variable` parent (named in `Parent` as
 *   `id:741` or by the parent's SKU), which is itself skipped as a container, like `grouped`. `external` products
 *   are skipped (sold elsewhere); so are unpublished ones (`Published` 0 or -1).
 * - `Regular price`/`Sale price` -> price and discount (`discountFromSalePrice`); a sale whose end date has
 *   passed, or whose start is still ahead, is ignored. Weight is converted to grams from the header's unit.
 * - Brand from `Brands`, else an attribute named Brand. SEO from `Meta: _seo_title`/`_seo_description` or Yoast.
 */
import { discountFromSalePrice } from '@store/shared/discount';
import { centsToDecimalString } from '@store/shared/money';
import { slugify } from '@store/shared/slug';
import { z } from 'zod';
import {
  categoryLevels,
  dateCell,
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
import type { CatalogParseResult, CatalogRow, Rejection, SkippedRow } from './catalog-row';
import { finishCatalogRows, type RowDraft } from './finish-catalog-rows';
import { bindColumns, type BoundColumns, type CsvRecord, type CsvTable } from './read-csv-table';
import { htmlToPlainText, sanitizeDescription } from './sanitize-description';

const COLUMNS = {
  id: ['ID'],
  type: ['Type'],
  sku: ['SKU'],
  name: ['Name'],
  published: ['Published'],
  featured: ['Is featured?'],
  shortDescription: ['Short description'],
  description: ['Description'],
  saleStarts: ['Date sale price starts'],
  saleEnds: ['Date sale price ends'],
  inStock: ['In stock?'],
  stock: ['Stock'],
  weight: ['Weight (kg)', 'Weight (g)', 'Weight (lbs)', 'Weight (oz)', 'Weight'],
  salePrice: ['Sale price'],
  regularPrice: ['Regular price'],
  categories: ['Categories'],
  tags: ['Tags'],
  images: ['Images'],
  parent: ['Parent'],
  brands: ['Brands', 'Brand'],
  seoTitle: ['Meta: _seo_title', 'Meta: _yoast_wpseo_title'],
  seoDescription: ['Meta: _seo_description', 'Meta: _yoast_wpseo_metadesc'],
  canonicalUrl: ['Meta: _canonical_url', 'Meta: _yoast_wpseo_canonical'],
  schemaMarkup: ['Meta: _schema_markup'],
  badge: ['Meta: _badge'],
} as const;
type Key = keyof typeof COLUMNS;

const GRAMS_PER_UNIT: Record<string, number> = {
  kg: 1000,
  g: 1,
  lbs: 453.59237,
  lb: 453.59237,
  oz: 28.349523125,
};

/** Cells every imported or lending row has; none of them can be malformed except the flag. */
const infoSchema = z.object({
  name: titleCell,
  shortDescription: z.string(),
  description: z.string(),
  categories: z.string(),
  tags: z.string(),
  images: z.string(),
  brands: z.string(),
  featured: flagCell(false),
  seoTitle: textCell,
  seoDescription: textCell,
  canonicalUrl: textCell,
  schemaMarkup: textCell,
  badge: textCell,
});

/** Cells of a row that is sold (simple or variation). */
const saleSchema = z.object({
  regularPrice: priceCell({ required: true }),
  salePrice: priceCell({ required: false }),
  saleStarts: dateCell({ endOfDay: false }),
  saleEnds: dateCell({ endOfDay: true }),
  stock: integerCell,
  inStock: z.string(),
  weight: decimalCell,
});

type Kind = 'simple' | 'variable' | 'variation' | 'grouped' | 'external';
const KINDS: readonly Kind[] = ['simple', 'variable', 'variation', 'grouped', 'external'];

interface Entry {
  record: CsvRecord;
  kind: Kind;
  published: boolean;
  unpublishedReason: string;
  sku: string;
}

/** What a variable parent lends its variations. */
interface ParentInfo {
  line: number;
  sku: string;
  name: string;
  permalink: string;
  categoryTitle: string | null;
  childCategoryTitle: string | null;
  brandTitle: string | null;
  shortDescription: string | null;
  longDescription: string | null;
  images: string[];
  seoTags: string | null;
}

/**
 * Parses a WooCommerce product CSV table into CatalogRows (one per simple product or variation), rejections
 * with line and column, skipped rows and warnings. `now` decides whether dated sales are active.
 * Never throws for bad rows; see `detectCsvFormat` for the header check.
 */
export function parseWooCommerceCsv(table: CsvTable, options: { now?: Date } = {}): CatalogParseResult {
  const now = options.now ?? new Date();
  const cols = bindColumns(table, COLUMNS, unescapeWooCell);
  const column = (key: string) => cols.column(key as Key);
  const rejections: Rejection[] = [];
  const warnings: string[] = [];
  const skipped: SkippedRow[] = [];
  const drafts: RowDraft[] = [];

  const weightUnit = /\(([a-z]+)\)\s*$/i.exec(cols.column('weight'))?.[1]?.toLowerCase() ?? 'kg';
  const gramsPerUnit = GRAMS_PER_UNIT[weightUnit] ?? 1000;
  const attributes = attributeColumns(table);

  // Pass 1: classify every row, index parents by ID and SKU.
  const entries: Entry[] = [];
  const byId = new Map<string, Entry>();
  const bySku = new Map<string, Entry>();
  for (const record of table.records) {
    const typeCell = cols.cell(record, 'type').trim().toLowerCase();
    const tokens = typeCell
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== '');
    const kind = tokens.length === 0 ? 'simple' : KINDS.find((k) => tokens.includes(k));
    if (!kind) {
      rejections.push({
        line: record.line,
        column: cols.column('type'),
        reason: `"${typeCell}" is not a product type we import; use simple, variable or variation`,
      });
      continue;
    }
    const published = cols.cell(record, 'published').trim();
    if (!['', '1', '0', '-1'].includes(published)) {
      rejections.push({
        line: record.line,
        column: cols.column('published'),
        reason: `"${published}" is not a publish state; write 1 (published), 0 (draft) or -1 (private)`,
      });
      continue;
    }
    const entry: Entry = {
      record,
      kind,
      published: published === '' || published === '1',
      unpublishedReason: published === '-1' ? 'private (Published is -1)' : 'a draft (Published is 0)',
      sku: cols.cell(record, 'sku').trim(),
    };
    entries.push(entry);
    const id = cols.cell(record, 'id').trim();
    if (id !== '' && !byId.has(id)) byId.set(id, entry);
    if (entry.sku !== '' && !bySku.has(entry.sku.toLowerCase())) bySku.set(entry.sku.toLowerCase(), entry);
  }

  // Pass 2: what each variable product lends (or why it cannot).
  const parents = new Map<Entry, ParentInfo | { rejected: true }>();
  for (const entry of entries) {
    if (entry.kind !== 'variable' || !entry.published) continue;
    const info = validateCells(infoSchema, infoCells(cols, entry.record), entry.record.line, column);
    if (!info.ok) {
      rejections.push(...info.rejections);
      parents.set(entry, { rejected: true });
      continue;
    }
    const v = info.value;
    const name = v.name ?? '';
    const attrs = readAttributes(attributes, entry.record);
    parents.set(entry, {
      line: entry.record.line,
      sku: entry.sku,
      name,
      permalink: slugify(name) || slugify(entry.sku),
      ...describedFields(v, attrs),
    });
  }

  // Pass 3: rows in file order.
  for (const entry of entries) {
    const { record } = entry;
    const line = record.line;
    if (entry.kind === 'grouped') {
      skipped.push({
        line,
        reason: 'grouped product: a set of other products, which are imported from their own rows',
      });
      continue;
    }
    if (entry.kind === 'external') {
      skipped.push({
        line,
        reason: 'external product: sold on another site (External URL), so it cannot be bought here',
      });
      continue;
    }
    if (!entry.published) {
      skipped.push({ line, reason: `not published: the product is ${entry.unpublishedReason}` });
      continue;
    }
    if (entry.kind === 'variable') {
      const lent = parents.get(entry);
      if (lent && !('rejected' in lent)) {
        skipped.push({
          line,
          reason: 'variable product: its variations are imported as products of their own',
        });
      }
      continue;
    }

    let parent: ParentInfo | null = null;
    if (entry.kind === 'variation') {
      const found = findParent(cols.cell(record, 'parent').trim(), byId, bySku);
      if ('reason' in found) {
        rejections.push({ line, column: cols.column('parent'), reason: found.reason });
        continue;
      }
      if (!found.entry.published) {
        skipped.push({
          line,
          reason: `its variable product (line ${found.entry.record.line}) is not published`,
        });
        continue;
      }
      const info = parents.get(found.entry);
      if (!info || 'rejected' in info) {
        rejections.push({
          line,
          column: cols.column('parent'),
          reason: `its variable product on line ${found.entry.record.line} was rejected; fix that row first`,
        });
        continue;
      }
      parent = info;
    }

    const info = validateCells(infoSchema, infoCells(cols, record), line, column);
    const sale = validateCells(saleSchema, saleCells(cols, record), line, column);
    if (!info.ok || !sale.ok) {
      if (!info.ok) rejections.push(...info.rejections);
      if (!sale.ok) rejections.push(...sale.rejections);
      continue;
    }
    const v = info.value;
    const s = sale.value;
    const attrs = readAttributes(attributes, record);
    const optionValues = attrs
      .filter((a) => !isBrandAttribute(a.name))
      .map((a) => a.value)
      .filter((x) => x !== '');
    const optionSlug = slugify(optionValues.join(' '));

    let sku = entry.sku;
    let title = v.name ?? '';
    let permalink = slugify(title) || slugify(sku);
    if (parent) {
      if (sku === '') {
        if (parent.sku === '' || optionSlug === '') {
          rejections.push({
            line,
            column: cols.column('sku'),
            reason:
              parent.sku === ''
                ? `is empty, and its variable product (line ${parent.line}) has no SKU to derive one from`
                : 'is empty, and the variation has no attribute values to derive one from',
          });
          continue;
        }
        sku = `${parent.sku}-${optionSlug}`;
      }
      if (title === '')
        title = optionValues.length ? `${parent.name} - ${optionValues.join(', ')}` : parent.name;
      permalink = `${parent.permalink}-${optionSlug || slugify(sku)}`.replace(/^-+/, '');
    }

    // Price and sale.
    const priceCents = s.regularPrice ?? 0;
    let discount: CatalogRow['discount'] = null;
    if (s.salePrice !== null) {
      if (s.saleEnds && s.saleEnds.getTime() < now.getTime()) {
        // The sale is over; the regular price applies.
      } else if (s.saleStarts && s.saleStarts.getTime() > now.getTime()) {
        warnings.push(
          `line ${line}: the sale price starts on ${s.saleStarts.toISOString().slice(0, 10)}; imported at the regular price`,
        );
      } else {
        discount = discountFromSalePrice(priceCents, s.salePrice);
        if (!discount) {
          warnings.push(
            `line ${line}: sale price ${centsToDecimalString(s.salePrice)} is not below the regular price ` +
              `${centsToDecimalString(priceCents)}; imported at the regular price`,
          );
        }
      }
    }

    // Stock: a number tracks stock; empty means untracked unless the row says out of stock.
    let stock: number | null = s.stock;
    if (stock !== null && stock < 0) {
      warnings.push(`line ${line}: stock ${stock} is below 0; imported as 0`);
      stock = 0;
    }
    if (stock === null && s.inStock.trim() === '0') stock = 0;

    const own = describedFields(v, attrs);
    const row: CatalogRow = {
      line,
      sku,
      title,
      permalink,
      priceCents,
      discount,
      stock,
      weightGrams: s.weight === null ? null : Math.round(s.weight * gramsPerUnit),
      shortDescription: own.shortDescription ?? parent?.shortDescription ?? null,
      longDescription: own.longDescription ?? parent?.longDescription ?? null,
      categoryTitle: own.categoryTitle ?? parent?.categoryTitle ?? null,
      childCategoryTitle: own.categoryTitle ? own.childCategoryTitle : (parent?.childCategoryTitle ?? null),
      brandTitle: own.brandTitle ?? parent?.brandTitle ?? null,
      images: own.images.length ? own.images : (parent?.images ?? []),
      seoTitle: yoastText(v.seoTitle, title),
      seoDescription: yoastText(v.seoDescription, title),
      seoTags: own.seoTags ?? parent?.seoTags ?? null,
      badge: v.badge,
      isFeatured: v.featured,
      canonicalUrl: v.canonicalUrl,
      schemaMarkup: v.schemaMarkup,
    };
    drafts.push({
      row,
      columns: {
        sku: cols.column('sku'),
        title: cols.column('name'),
        permalink: cols.column('name'),
        priceCents: cols.column('regularPrice'),
        discount: cols.column('salePrice'),
        stock: cols.column('stock'),
        weightGrams: cols.column('weight'),
        shortDescription: cols.column('shortDescription'),
        longDescription: cols.column('description'),
        categoryTitle: cols.column('categories'),
        childCategoryTitle: cols.column('categories'),
        brandTitle: cols.has('brands') ? cols.column('brands') : 'Attribute: Brand',
        images: cols.column('images'),
        seoTitle: cols.column('seoTitle'),
        seoDescription: cols.column('seoDescription'),
        seoTags: cols.column('tags'),
        badge: cols.column('badge'),
        isFeatured: cols.column('featured'),
        canonicalUrl: cols.column('canonicalUrl'),
        schemaMarkup: cols.column('schemaMarkup'),
      },
    });
  }

  const rows = finishCatalogRows(drafts, { rejections, warnings });
  return { format: 'woocommerce', rows, rejections, warnings, skipped };
}

function infoCells(cols: BoundColumns<Key>, record: CsvRecord): z.input<typeof infoSchema> {
  return {
    name: cols.cell(record, 'name'),
    shortDescription: cols.cell(record, 'shortDescription'),
    description: cols.cell(record, 'description'),
    categories: cols.cell(record, 'categories'),
    tags: cols.cell(record, 'tags'),
    images: cols.cell(record, 'images'),
    brands: cols.cell(record, 'brands'),
    featured: cols.cell(record, 'featured'),
    seoTitle: cols.cell(record, 'seoTitle'),
    seoDescription: cols.cell(record, 'seoDescription'),
    canonicalUrl: cols.cell(record, 'canonicalUrl'),
    schemaMarkup: cols.cell(record, 'schemaMarkup'),
    badge: cols.cell(record, 'badge'),
  };
}

function saleCells(cols: BoundColumns<Key>, record: CsvRecord): z.input<typeof saleSchema> {
  return {
    regularPrice: cols.cell(record, 'regularPrice'),
    salePrice: cols.cell(record, 'salePrice'),
    saleStarts: cols.cell(record, 'saleStarts'),
    saleEnds: cols.cell(record, 'saleEnds'),
    stock: cols.cell(record, 'stock'),
    inStock: cols.cell(record, 'inStock'),
    weight: cols.cell(record, 'weight'),
  };
}

/**
 * The WooCommerce exporter prefixes cells starting with = + - @ with a quote (against formula injection) and
 * its importer strips it again; so do we.
 */
function unescapeWooCell(raw: string): string {
  return /^'[=+\-@]/.test(raw) ? raw.slice(1) : raw;
}

/** The exporter writes line breaks inside descriptions as a literal backslash-n. */
function unescapeNewlines(text: string): string {
  return text.replace(/\\n/g, '\n');
}

/** Category, brand, descriptions, images and tags of one row (a variation falls back to its parent's). */
function describedFields(v: z.infer<typeof infoSchema>, attrs: readonly AttributeValue[]) {
  return {
    ...categoryOf(v.categories),
    brandTitle: brandOf(v.brands, attrs),
    shortDescription: plainText(v.shortDescription),
    longDescription: sanitizeDescription(unescapeNewlines(v.description), { paragraphs: true }),
    images: splitList(v.images),
    seoTags: joinTags(splitList(v.tags)),
  };
}

function plainText(html: string): string | null {
  const text = htmlToPlainText(unescapeNewlines(html));
  return text === '' ? null : text;
}

/** The first category path, or a deeper path under the same top level listed after it. */
function categoryOf(cell: string): { categoryTitle: string | null; childCategoryTitle: string | null } {
  const paths = splitList(cell).map(categoryLevels);
  const first = paths[0];
  if (!first) return { categoryTitle: null, childCategoryTitle: null };
  if (first.childCategoryTitle) return first;
  const deeper = paths.find(
    (p) => p.childCategoryTitle && p.categoryTitle?.toLowerCase() === first.categoryTitle?.toLowerCase(),
  );
  return deeper ?? first;
}

interface AttributeColumns {
  name: number;
  value: number;
}
interface AttributeValue {
  name: string;
  value: string;
}

function attributeColumns(table: CsvTable): AttributeColumns[] {
  const out: AttributeColumns[] = [];
  table.headers.forEach((h, i) => {
    const m = /^attribute (\d+) name$/i.exec(h.trim());
    if (!m) return;
    const value = table.columnIndex(`Attribute ${m[1]} value(s)`);
    if (value >= 0) out.push({ name: i, value });
  });
  return out;
}

function readAttributes(attributes: readonly AttributeColumns[], record: CsvRecord): AttributeValue[] {
  return attributes
    .map((a) => ({
      name: unescapeWooCell(record.values[a.name] ?? '').trim(),
      value: unescapeWooCell(record.values[a.value] ?? '').trim(),
    }))
    .filter((a) => a.name !== '');
}

function isBrandAttribute(name: string): boolean {
  return /^(pa_)?brands?$/i.test(name.trim());
}

/** `Brands` (first entry; the last level of a path), else the first value of an attribute named Brand. */
function brandOf(brandsCell: string, attrs: readonly AttributeValue[]): string | null {
  const first = splitList(brandsCell)[0];
  if (first) {
    const levels = first
      .split('>')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    return levels[levels.length - 1] ?? null;
  }
  const attr = attrs.find((a) => isBrandAttribute(a.name));
  return attr ? (splitList(attr.value)[0] ?? null) : null;
}

/** Yoast titles hold variables such as %%title%% %%sep%% %%sitename%%: fill the first two, drop the rest. */
function yoastText(text: string | null, title: string): string | null {
  if (text === null) return null;
  const filled = text
    .replace(/%%title%%/g, title)
    .replace(/%%sep%%/g, '-')
    .replace(/%%[a-z_]+%%/gi, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s-]+|[\s-]+$/g, '')
    .trim();
  return filled === '' ? null : filled;
}

function findParent(
  ref: string,
  byId: Map<string, Entry>,
  bySku: Map<string, Entry>,
): { entry: Entry } | { reason: string } {
  if (ref === '')
    return { reason: "is empty; a variation needs its variable product's SKU, or id:NN with its ID" };
  const idMatch = /^id:\s*(\d+)$/i.exec(ref);
  const entry = idMatch?.[1]
    ? byId.get(idMatch[1])
    : (bySku.get(ref.toLowerCase()) ?? (/^\d+$/.test(ref) ? byId.get(ref) : undefined));
  if (!entry) {
    return {
      reason: `parent "${ref}" is not in this file; a variation must be imported together with its variable product`,
    };
  }
  if (entry.kind !== 'variable') {
    return {
      reason: `parent "${ref}" (line ${entry.record.line}) is a ${entry.kind} product; a variation's parent must be a variable product`,
    };
  }
  return { entry };
}
