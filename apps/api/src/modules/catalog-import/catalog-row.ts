/**
 * The normalised product record every catalog format is parsed into (SPEC §3 Product, DESIGN §4), and the
 * shapes a parse returns. One CSV product or variant becomes one CatalogRow with one SKU; the importer turns
 * rows into `products`, `product_images` and `product_discounts` rows.
 */
import { findControlCharacter, type TextKind } from '@store/shared/control-characters';
import { MAX_PART_NUMBER_LENGTH, MAX_PART_NUMBERS, normalizePartNumber } from '@store/shared/part-number';
import { DANGEROUS_GOODS_CLASSES } from '@store/shared/delivery-rules';
import { slugify } from '@store/shared/slug';
import { z } from 'zod';

/** Which CSV dialect a file is written in (see `detectCsvFormat`). */
export type CatalogFormat = 'shopify-legacy' | 'shopify-2024' | 'woocommerce';

/** A row that cannot be imported: the physical CSV line (header = line 1), the file's column name, and why. */
export interface Rejection {
  line: number;
  column: string;
  reason: string;
}

/** A row deliberately not imported (draft, container, sold elsewhere ...): not an error. */
export interface SkippedRow {
  line: number;
  reason: string;
}

/** Every character the shared rule might refuse: C0, DEL, C1 and every surrogate (paired ones pass its check). */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const MAYBE_REFUSED = /[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/;

/**
 * The shared rule for invisible characters (decision 0011) as a cell check: a NUL, another control character
 * or a broken (lone surrogate) character is refused with the cell's line and column; descriptions and other
 * multi-line cells keep their tabs and line breaks.
 */
const plainText = (kind: TextKind = 'single-line') =>
  z.string().superRefine((value, ctx) => {
    // Nearly every cell has no control character or surrogate at all; only one that has gets the full check.
    if (!MAYBE_REFUSED.test(value)) return;
    const found = findControlCharacter(value, kind);
    if (found) {
      ctx.addIssue({
        code: 'custom',
        message: `contains an invisible character (${found.codePoint} ${found.name}) at position ${found.index + 1}; remove it`,
      });
    }
  });

const nullableText = (kind: TextKind) => plainText(kind).min(1).nullable();
/** A category, child category or brand title: must give a non-empty slug, since that is its permalink. */
const taxonomyTitle = plainText()
  .max(120, 'is longer than 120 characters')
  .refine((t) => slugify(t) !== '', { message: 'has no letters or digits, so it cannot have a permalink' })
  .nullable();

/**
 * One product as the importer writes it (SPEC §3 Product): money in integer cents AUD, weight in grams, titles of
 * category/child category/brand (resolved to ids by the importer). Messages read after the cell value, e.g.
 * `"x" is longer than 300 characters`.
 */
export const catalogRowSchema = z
  .object({
    /** Physical CSV line of the record the row came from (not part of the product; not hashed). */
    line: z.number().int().positive(),
    sku: plainText().min(1, 'is empty; every product needs a SKU').max(100, 'is longer than 100 characters'),
    title: plainText()
      .min(1, 'is empty; every product needs a title')
      .max(300, 'is longer than 300 characters'),
    /** URL slug, unique among products. */
    permalink: z
      .string()
      .max(200, 'gives a permalink longer than 200 characters')
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'gives no usable permalink; use letters or digits'),
    /** Shelf price before discount, integer cents AUD INCLUDING GST (decision 0046). */
    priceCents: z.number().int().min(0).max(100_000_000, 'is above $1,000,000'),
    /** SPEC §4: type 0 = whole percent off, type 1 = fixed amount in cents. */
    discount: z
      .object({ type: z.union([z.literal(0), z.literal(1)]), value: z.number().int().positive() })
      .nullable(),
    /** Units on hand; null = not tracked (always available). */
    stock: z.number().int().min(0).nullable(),
    weightGrams: z.number().int().min(0).max(10_000_000, 'is above 10 tonnes').nullable(),
    /** Issue 41: the ADG class ('8' for a battery), or null; blank in the file = none. */
    dangerousGoodsClass: z.enum(DANGEROUS_GOODS_CLASSES).nullable(),
    /** Issue 41: standard delivery only, with the bulky surcharge; blank in the file = no. */
    bulky: z.boolean(),
    /** Issue 41: the size in whole mm (delivery's cubic weight); blank = unknown. */
    lengthMm: z.number().int().min(1).max(10_000).nullable(),
    widthMm: z.number().int().min(1).max(10_000).nullable(),
    heightMm: z.number().int().min(1).max(10_000).nullable(),
    /** Plain text. */
    shortDescription: nullableText('multi-line'),
    /** Sanitised HTML (see `sanitizeDescription`). */
    longDescription: nullableText('multi-line'),
    categoryTitle: taxonomyTitle,
    childCategoryTitle: taxonomyTitle,
    brandTitle: taxonomyTitle,
    /** Source names or URLs in gallery order; the first is the featured image. */
    images: z.array(plainText().min(1)),
    seoTitle: nullableText('single-line'),
    seoDescription: nullableText('multi-line'),
    /** Comma-separated tags, e.g. "brakes, ceramic". */
    seoTags: nullableText('single-line'),
    /** OE and other brands' part numbers (issue 15 §3), each with a letter or digit, no duplicates by key. */
    partNumbers: z
      .array(
        plainText()
          .max(MAX_PART_NUMBER_LENGTH, `has a part number longer than ${MAX_PART_NUMBER_LENGTH} characters`)
          .refine((p) => normalizePartNumber(p) !== '', {
            message: 'has a part number with no letter or digit',
          }),
      )
      .max(MAX_PART_NUMBERS, `has more than ${MAX_PART_NUMBERS} part numbers`),
    badge: plainText().min(1).max(40, 'is longer than 40 characters').nullable(),
    isFeatured: z.boolean(),
    canonicalUrl: plainText()
      .regex(
        /^(https?:\/\/[^\s]+|\/[^\s]*)$/i,
        'is not a URL; write it like https://example.com.au/product/abc',
      )
      .nullable(),
    schemaMarkup: nullableText('multi-line'),
  })
  .refine((r) => r.childCategoryTitle === null || r.categoryTitle !== null, {
    message: 'a child category needs a category',
    path: ['childCategoryTitle'],
  });

export type CatalogRow = z.infer<typeof catalogRowSchema>;
export type CatalogRowField = keyof CatalogRow;

/** Every field of a CatalogRow, in schema order. */
export const CATALOG_ROW_FIELDS: readonly CatalogRowField[] = catalogRowSchema.keyof().options;

/** What parsing a catalog file gives: importable rows, rejected and skipped rows, and warnings. Pure data. */
export interface CatalogParseResult {
  format: CatalogFormat;
  rows: CatalogRow[];
  rejections: Rejection[];
  warnings: string[];
  skipped: SkippedRow[];
}

/**
 * The file itself cannot be read as a catalog (malformed CSV, unknown header set, empty file).
 * Unlike a Rejection this stops the whole import; the message says what to fix.
 */
export class CatalogFileError extends Error {
  override name = 'CatalogFileError';
}

/** `line 7, column "Regular price": "12,5x" is not a price; write it like 12.50` */
export function formatRejection(r: Rejection): string {
  return `line ${r.line}, column "${r.column}": ${r.reason}`;
}
