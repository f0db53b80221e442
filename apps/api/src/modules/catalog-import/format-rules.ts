/**
 * The named rules catalog formats are made of (decision 0021; see `catalog-format.ts`). Three ways rows make
 * products (`oneRowPerProduct`, Shopify's `variantRowsByHandle`, WooCommerce's `parentAndVariationRows`), filters
 * (`skipWhen`), and fields worked out from several values (category paths, discounts from two prices, featured
 * tags, stock flags, Yoast's title variables). Values reach a rule through accessors the format passes, so each
 * rule is checked against the format's column map.
 */
import { discountFromSalePrice } from '@store/shared/discount';
import { centsToDecimalString } from '@store/shared/money';
import { slugify } from '@store/shared/slug';
import type {
  ColumnMap,
  FieldRule,
  FormatContext,
  ItemValues,
  ProductFields,
  ProductValues,
  RecordValues,
  RowsRule,
  SkipRule,
  ValuesAt,
} from './catalog-format';
import type { CatalogRowField } from './catalog-row';
import { joinTags, type CategoryLevels } from './cell-parsers';
import type { CsvRecord } from './read-csv-table';

type Key<C extends ColumnMap> = keyof C & string;

/** Leaves rows or products out of the import when `reason` gives one (a draft, a gift card ...). */
export function skipWhen<C extends ColumnMap, L extends 'record' | 'product'>(
  level: L,
  reason: (values: ValuesAt<C, L>, name: string) => string | null,
): SkipRule<C, L> {
  return { level, reason };
}

/**
 * Each row is one product (a format without variants): its SKU and title from the accessors, its permalink the
 * slug of the title (or of the SKU). A row whose product and item cells are bad is rejected with all of them;
 * product skip rules know the product by its SKU.
 */
export function oneRowPerProduct<C extends ColumnMap>(options: {
  sku: (values: ItemValues<C>) => string;
  title: (values: ItemValues<C>) => string | null;
}): RowsRule<C> {
  return {
    *read(context) {
      for (const record of context.records) {
        yield;
        context.advance(1);
        const own = context.read(record, 'record');
        if (!own) continue;
        const recordSkip = context.recordSkip(own);
        if (recordSkip !== null) {
          context.skip(record.line, recordSkip);
          continue;
        }
        const product = context.read(record, 'product', own);
        if (!product) {
          context.read(record, 'item', own);
          continue;
        }
        const values = context.read(record, 'item', product);
        if (!values) continue;
        const sku = options.sku(values);
        const productSkip = context.productSkip(product, sku);
        if (productSkip !== null) {
          context.skip(record.line, productSkip);
          continue;
        }
        const title = options.title(values) ?? '';
        context.addItem(record.line, context.productFields(product), values, {
          sku,
          title,
          permalink: slugify(title) || slugify(sku),
        });
      }
    },
  };
}

/**
 * Shopify's rows: the rows of one Handle (not necessarily adjacent; a row without one takes the slug of its
 * Title) are one product. Its first row carries the product columns; a later row is a variant when one of
 * `variantWhen` is filled, otherwise it only adds an image. Every variant becomes a product of the store titled
 * `<title> - <option / option>` with permalink `<handle>-<option slug>`; a single `Default Title` variant is the
 * product itself (permalink = handle). A variant without a SKU gets `<handle>-<option slug>` (or the handle).
 * Images: every row's image in `Image Position` order (rows without one after, in file order), a variant's own
 * image first. A rejected first row rejects the product's variant rows; a product without a title is rejected.
 */
export function variantRowsByHandle<C extends ColumnMap>(options: {
  /** Columns whose raw cells group rows (`handle`, else the slug of `title`) and name problems. */
  handle: Key<C>;
  title: Key<C>;
  sku: Key<C>;
  /** Columns of which one is filled on a variant row. */
  variantWhen: readonly Key<C>[];
  /** The first option column: a product whose only variant has none, or `Default Title`, is a single product. */
  firstOption: Key<C>;
  productTitle: (values: ProductValues<C>) => string | null;
  options: (values: ItemValues<C>) => readonly string[];
  variantSku: (values: ItemValues<C>) => string;
  image: {
    src: (values: RecordValues<C>) => string;
    position: (values: RecordValues<C>) => number | null;
    ofVariant: (values: ItemValues<C>) => string;
  };
}): RowsRule<C> {
  const isVariantRow = (context: FormatContext<C>, record: CsvRecord) =>
    options.variantWhen.some((k) => context.raw(record, k).trim() !== '');
  const rejectVariantRows = (context: FormatContext<C>, records: readonly CsvRecord[], firstLine: number) => {
    for (const r of records.slice(1)) {
      if (!isVariantRow(context, r)) continue;
      context.reject(
        r.line,
        options.handle,
        `belongs to the product on line ${firstLine}, which was rejected; fix that row first`,
      );
    }
  };

  return {
    *read(context) {
      const groups = new Map<string, { handle: string; records: CsvRecord[] }>();
      for (const record of context.records) {
        yield;
        let handle = context.raw(record, options.handle).trim();
        if (handle === '') handle = slugify(context.raw(record, options.title));
        if (handle === '') {
          context.advance(1);
          context.reject(
            record.line,
            options.handle,
            'is empty; every row needs the handle of the product it belongs to (or a title to make one from)',
          );
          continue;
        }
        const key = handle.toLowerCase();
        const group = groups.get(key);
        if (group) group.records.push(record);
        else groups.set(key, { handle, records: [record] });
      }

      for (const { handle, records } of groups.values()) {
        yield;
        context.advance(records.length);
        const first = records[0];
        if (!first) continue;
        const product = context.read(first, 'product');
        if (!product) {
          rejectVariantRows(context, records, first.line);
          continue;
        }
        const skipped = context.productSkip(product, handle);
        if (skipped !== null) {
          context.skip(first.line, skipped);
          continue;
        }
        const title = options.productTitle(product);
        if (title === null) {
          context.reject(
            first.line,
            options.title,
            `is empty on the first row of "${handle}"; that row carries the product's title`,
          );
          rejectVariantRows(context, records, first.line);
          continue;
        }

        // Each row's values: the product's, with the row's own image (and, for a variant, its own cells).
        const images: { src: string; position: number; line: number }[] = [];
        const rowValues = new Map<CsvRecord, typeof product & RecordValues<C>>();
        let imagesOk = true;
        for (const r of records) {
          const image = context.read(r, 'record', { ...product });
          if (!image) {
            imagesOk = false;
            continue;
          }
          rowValues.set(r, image);
          const src = options.image.src(image);
          const position = options.image.position(image);
          if (src !== '') images.push({ src, position: position ?? Number.MAX_SAFE_INTEGER, line: r.line });
        }
        if (!imagesOk) continue;
        images.sort((a, b) => a.position - b.position || a.line - b.line);
        const productImages = unique(images.map((i) => i.src));

        const variantRows = records.filter((r, i) => i === 0 || isVariantRow(context, r));
        const single = variantRows.length === 1 && isDefaultTitle(context.raw(first, options.firstOption));
        const fields = context.productFields(product);
        const handleSlug = slugify(handle) || slugify(title);

        for (const r of variantRows) {
          const row = rowValues.get(r);
          const values = row ? context.read(r, 'item', row) : null;
          if (!values) continue;
          const optionValues = options
            .options(values)
            .map((o) => o.trim())
            .filter((o) => o !== '' && !isDefaultTitle(o));
          const optionSlug = slugify(optionValues.join(' '));
          let sku = options.variantSku(values);
          if (sku === '') {
            if (single) sku = handle;
            else if (optionSlug !== '') sku = `${handle}-${optionSlug}`;
            else {
              context.reject(
                r.line,
                options.sku,
                'is empty, and the variant has no option values to derive one from',
              );
              continue;
            }
          }
          const variantImage = options.image.ofVariant(values);
          context.addItem(
            r.line,
            {
              ...fields,
              images: unique(variantImage === '' ? productImages : [variantImage, ...productImages]),
            },
            values,
            {
              sku,
              title: single || optionValues.length === 0 ? title : `${title} - ${optionValues.join(' / ')}`,
              permalink: single ? handleSlug : `${handleSlug}-${optionSlug || slugify(sku)}`,
            },
          );
        }
      }
    },
  };
}

function isDefaultTitle(value: string): boolean {
  const v = value.trim().toLowerCase();
  return v === '' || v === 'default title';
}

/** Fields a variation takes from its parent when its own are empty; a pair is taken together, keyed by its first. */
export type InheritedField = CatalogRowField | readonly [CatalogRowField, CatalogRowField];

/**
 * WooCommerce's rows: `kind` says what a row is. A `variable` product is a container: its `variation` rows (which
 * name it in `parent` as `id:741`, by its ID, or by its SKU) are products of their own and take the `inherit`
 * fields they leave empty from it; the container itself is skipped. Rows of other kinds are one product each.
 * A variation without a SKU gets `<parent SKU>-<option slug>`, without a name `<parent name> - <options>`; its
 * permalink is `<parent permalink>-<option slug>`. A variation whose parent is missing, not variable, rejected
 * or skipped is rejected or skipped with it. Rows are read in file order.
 */
export function parentAndVariationRows<C extends ColumnMap>(options: {
  kind: (values: RecordValues<C>) => 'simple' | 'variable' | 'variation' | string;
  /** Columns whose raw cells identify rows: `ID`, `SKU` and the variation's `Parent`. */
  id: Key<C>;
  sku: Key<C>;
  parent: Key<C>;
  title: (values: ProductValues<C>) => string | null;
  options: (values: ItemValues<C>) => readonly string[];
  inherit: readonly InheritedField[];
}): RowsRule<C> {
  // What the first pass keeps of every row is small: a row's values are read again when its turn comes, so
  // that 100,000 of them do not live through the whole file.
  interface Entry {
    record: CsvRecord;
    kind: string;
    sku: string;
    skipped: string | null;
  }
  interface Parent {
    line: number;
    sku: string;
    name: string;
    permalink: string;
    fields: ProductFields;
  }

  return {
    *read(context) {
      // Every row's kind, and the rows a variation can name as its parent.
      const entries: Entry[] = [];
      const byId = new Map<string, Entry>();
      const bySku = new Map<string, Entry>();
      for (const record of context.records) {
        yield;
        const values = context.read(record, 'record');
        if (!values) {
          context.advance(1);
          continue;
        }
        const entry: Entry = {
          record,
          kind: options.kind(values),
          sku: context.raw(record, options.sku).trim(),
          skipped: context.recordSkip(values),
        };
        entries.push(entry);
        const id = context.raw(record, options.id).trim();
        if (id !== '' && !byId.has(id)) byId.set(id, entry);
        const skuKey = entry.sku.toLowerCase();
        if (entry.sku !== '' && !bySku.has(skuKey)) bySku.set(skuKey, entry);
      }

      // What each variable product lends its variations (null: it was rejected).
      const parents = new Map<Entry, Parent | null>();
      for (const entry of entries) {
        yield;
        if (entry.kind !== 'variable' || entry.skipped !== null) continue;
        const values = context.read(entry.record, 'product');
        if (!values) {
          parents.set(entry, null);
          continue;
        }
        const name = options.title(values) ?? '';
        parents.set(entry, {
          line: entry.record.line,
          sku: entry.sku,
          name,
          permalink: slugify(name) || slugify(entry.sku),
          fields: context.productFields(values),
        });
      }

      for (const entry of entries) {
        yield;
        context.advance(1);
        const { record } = entry;
        const line = record.line;
        if (entry.skipped !== null) {
          context.skip(line, entry.skipped);
          continue;
        }
        if (entry.kind === 'variable') {
          if (parents.get(entry)) {
            context.skip(line, 'variable product: its variations are imported as products of their own');
          }
          continue;
        }

        let parent: Parent | null = null;
        if (entry.kind === 'variation') {
          const found = findParent(context.raw(record, options.parent).trim(), byId, bySku);
          if ('reason' in found) {
            context.reject(line, options.parent, found.reason);
            continue;
          }
          if (found.entry.skipped !== null) {
            context.skip(line, `its variable product (line ${found.entry.record.line}) is not published`);
            continue;
          }
          const lent = parents.get(found.entry);
          if (!lent) {
            context.reject(
              line,
              options.parent,
              `its variable product on line ${found.entry.record.line} was rejected; fix that row first`,
            );
            continue;
          }
          parent = lent;
        }

        // Read once already without a problem, so this cannot fail.
        const own = context.read(record, 'record');
        if (!own) continue;
        const product = context.read(record, 'product', own);
        if (!product) {
          context.read(record, 'item', own);
          continue;
        }
        const values = context.read(record, 'item', product);
        if (!values) continue;
        let sku = entry.sku;
        let title = options.title(product) ?? '';
        let permalink = slugify(title) || slugify(sku);
        let fields = context.productFields(product);
        if (parent) {
          const optionValues = options.options(values).filter((o) => o !== '');
          const optionSlug = slugify(optionValues.join(' '));
          if (sku === '') {
            if (parent.sku === '' || optionSlug === '') {
              context.reject(
                line,
                options.sku,
                parent.sku === ''
                  ? `is empty, and its variable product (line ${parent.line}) has no SKU to derive one from`
                  : 'is empty, and the variation has no attribute values to derive one from',
              );
              continue;
            }
            sku = `${parent.sku}-${optionSlug}`;
          }
          if (title === '') {
            title = optionValues.length ? `${parent.name} - ${optionValues.join(', ')}` : parent.name;
          }
          permalink = `${parent.permalink}-${optionSlug || slugify(sku)}`.replace(/^-+/, '');
          fields = inherit(fields, parent.fields, options.inherit);
        }
        context.addItem(line, fields, values, { sku, title, permalink });
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
    },
  };
}

/** `own` with each listed field that is empty (null, or an empty list) taken from `parent`. */
function inherit(
  own: ProductFields,
  parent: ProductFields,
  fields: readonly InheritedField[],
): ProductFields {
  const out = { ...own };
  const isEmpty = (v: unknown) => v === null || v === undefined || (Array.isArray(v) && v.length === 0);
  for (const f of fields) {
    if (typeof f === 'string') {
      if (isEmpty(out[f])) out[f] = parent[f];
    } else if (isEmpty(out[f[0]])) {
      out[f[0]] = parent[f[0]];
      out[f[1]] = parent[f[1]];
    }
  }
  return out;
}

/** Category and child category from a path (per header generation, if they differ). */
export function categoryFrom<C extends ColumnMap>(
  levels: (values: ProductValues<C>, format: string) => CategoryLevels,
): FieldRule<C, 'product'> {
  return {
    level: 'product',
    apply(fields, values, context) {
      const { categoryTitle, childCategoryTitle } = levels(values, context.format);
      fields.categoryTitle = categoryTitle;
      fields.childCategoryTitle = childCategoryTitle;
    },
  };
}

/** A tag (e.g. `featured`) marks the product as featured and is left out of its SEO tags. */
export function featuredTag<C extends ColumnMap>(
  tags: (values: ProductValues<C>) => readonly string[],
  tag: string,
): FieldRule<C, 'product'> {
  return {
    level: 'product',
    apply(fields, values) {
      const list = tags(values);
      fields.seoTags = joinTags(list, [tag]);
      fields.isFeatured = list.some((t) => t.toLowerCase() === tag);
    },
  };
}

/** The brand from another source when its own column is empty (e.g. an attribute named Brand). */
export function brandFallback<C extends ColumnMap>(
  brand: (values: ProductValues<C>) => string | null,
): FieldRule<C, 'product'> {
  return {
    level: 'product',
    apply(fields, values) {
      if (fields.brandTitle === null || fields.brandTitle === undefined) fields.brandTitle = brand(values);
    },
  };
}

/** A compare-at ("was") price above the price becomes the discount (`discountFromSalePrice`). */
export function discountFromCompareAt<C extends ColumnMap>(
  compareAtCents: (values: ItemValues<C>) => number | null,
): FieldRule<C, 'item'> {
  return {
    level: 'item',
    apply(fields, values) {
      const compareAt = compareAtCents(values);
      const price = typeof fields.priceCents === 'number' ? fields.priceCents : 0;
      fields.discount = compareAt === null ? null : discountFromSalePrice(compareAt, price);
    },
  };
}

/**
 * A sale price below the price becomes the discount, unless its end date has passed (ignored) or its start is
 * still ahead (ignored, with a warning); a sale price not below the price is ignored with a warning.
 */
export function discountFromSale<C extends ColumnMap>(sale: {
  priceCents: (values: ItemValues<C>) => number | null;
  starts: (values: ItemValues<C>) => Date | null;
  ends: (values: ItemValues<C>) => Date | null;
}): FieldRule<C, 'item'> {
  return {
    level: 'item',
    apply(fields, values, context, line) {
      fields.discount = null;
      const salePrice = sale.priceCents(values);
      if (salePrice === null) return;
      const price = typeof fields.priceCents === 'number' ? fields.priceCents : 0;
      const starts = sale.starts(values);
      const ends = sale.ends(values);
      const now = context.now.getTime();
      if (ends && ends.getTime() < now) return;
      if (starts && starts.getTime() > now) {
        context.warn(
          `line ${line}: the sale price starts on ${starts.toISOString().slice(0, 10)}; imported at the regular price`,
        );
        return;
      }
      fields.discount = discountFromSalePrice(price, salePrice);
      if (!fields.discount) {
        context.warn(
          `line ${line}: sale price ${centsToDecimalString(salePrice)} is not below the regular price ` +
            `${centsToDecimalString(price)}; imported at the regular price`,
        );
      }
    },
  };
}

/** Stock is not tracked (null) when the file has the tracker column and it is empty on the row. */
export function untrackedWithoutTracker<C extends ColumnMap>(
  tracker: Key<C>,
  value: (values: ItemValues<C>) => string,
): FieldRule<C, 'item'> {
  return {
    level: 'item',
    apply(fields, values, context) {
      if (context.has(tracker) && value(values).trim() === '') fields.stock = null;
    },
  };
}

/** No stock figure but marked out of stock: 0 (otherwise no figure means not tracked). */
export function outOfStockFlag<C extends ColumnMap>(
  inStock: (values: ItemValues<C>) => string,
): FieldRule<C, 'item'> {
  return {
    level: 'item',
    apply(fields, values) {
      if ((fields.stock === null || fields.stock === undefined) && inStock(values).trim() === '0')
        fields.stock = 0;
    },
  };
}

/** Yoast SEO's variables in the given fields: %%title%% is the product's title, %%sep%% a dash, others dropped. */
export function yoastVariables<C extends ColumnMap>(
  keys: readonly ('seoTitle' | 'seoDescription')[],
): FieldRule<C, 'item'> {
  return {
    level: 'item',
    apply(fields) {
      const title = typeof fields.title === 'string' ? fields.title : '';
      for (const key of keys) {
        const text = fields[key];
        // Nothing to fill, collapse or trim: the text stays as it is.
        if (typeof text !== 'string' || (text !== '' && !/%%|\s\s|[^\S ]|^[\s-]|[\s-]$/.test(text))) continue;
        // A function, so a `$$` or `$&` in the title is written as it is, not read as a replacement pattern.
        const filled = text
          .replace(/%%title%%/g, () => title)
          .replace(/%%sep%%/g, '-')
          .replace(/%%[a-z_]+%%/gi, '')
          .replace(/\s+/g, ' ')
          .replace(/^[\s-]+|[\s-]+$/g, '')
          .trim();
        fields[key] = filled === '' ? null : filled;
      }
    },
  };
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}
