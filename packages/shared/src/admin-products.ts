/**
 * The back office's catalog editing on the wire (issue 12): the product list's query and rows, one product's
 * editable fields, and the edit (`PATCH /api/admin/products/{sku}`) with messages a person can act on. Money is a
 * decimal string such as "12.34" on the wire (SPEC §7) and integer cents inside. One source for the admin screens
 * and the API.
 *
 * Every price here is the SHELF PRICE INCLUDING GST (issue 34 §7, decision 0046): what the shelf says and the
 * shopper pays, the catalog's `price_cents` and the API's `_price`. The back office writes it and labels it so
 * ("Price inc. GST"), with the ex-GST figure beside it from `exGstCents` (`exGstTextOf`).
 */
import { z } from 'zod';
import { auditEntrySchema } from './admin';
import { exGstCents } from './checkout-totals';
import { DISCOUNT_PERCENT, discountedPriceCents } from './discount';
import { formatCents, parseDecimalToCents } from './money';
import { noControlCharacters, searchText } from './text-schemas';

/** Stock at or below this is "low" (issue 12: the dashboard and the products list). */
export const LOW_STOCK_AT_MOST = 5;
/** Highest price the catalog takes (the importer's limit: $1,000,000). */
export const MAX_PRICE_CENTS = 100_000_000;
export const SEO_TITLE_MAX = 120;
export const SEO_DESCRIPTION_MAX = 320;
export const MAX_STOCK = 1_000_000;

/**
 * The words the back office puts on prices (issue 34 §7), written once for the editor, the list and the import:
 * the owner types and reads the shelf price including GST; the ex-GST figure is shown beside it, never typed.
 */
export const ADMIN_PRICE_LABELS = {
  price: 'Price inc. GST',
  salePrice: 'Sale price inc. GST',
  priceHint: 'The shelf price in dollars, such as 115.45: what shoppers see and pay, GST included.',
  salePriceHint: 'The shelf price on sale, GST included. Empty for no sale.',
  percentOffHint: 'A whole number from 1 to 99, instead of a sale price.',
  /** Beside a price: "$104.95 ex. GST" (or nothing to say while the text is not an amount). */
  exGst: (cents: number) => `${formatCents(cents)} ex. GST`,
  /** Beside a percent off: the shelf price it makes, and that less its GST when the store charges GST. */
  percentSale: (incCents: number, exCents: number | null) =>
    `On sale at ${formatCents(incCents)} inc. GST${exCents === null ? '' : ` (${formatCents(exCents)} ex. GST)`}`,
  /** The list's columns. */
  listPrice: 'Price inc. GST',
  listSalePrice: 'Sale price inc. GST',
  /** The import page: how the prices in an uploaded file are read. */
  importPrices: 'Prices in the file are read as shelf prices including GST, as shoppers see them.',
} as const;

/**
 * "$104.95 ex. GST" for a price typed or served as dollars inc. GST ("115.45"), at the store's GST percent; null
 * when the text is not an amount (while typing) or the store charges no GST (nothing to take off).
 */
export function exGstTextOf(incGstDollars: string, gstPercent: number): string | null {
  const cents = parseDecimalToCents(incGstDollars);
  if (cents === null || cents > MAX_PRICE_CENTS || gstPercent <= 0) return null;
  return ADMIN_PRICE_LABELS.exGst(exGstCents(cents, gstPercent));
}

/**
 * "On sale at $103.91 inc. GST ($94.46 ex. GST)" for a price and a whole percent off as typed ("115.45", "10"),
 * rounded as the shop rounds it (`discountedPriceCents`); null while either is not readable.
 */
export function percentSaleTextOf(
  priceDollars: string,
  percentText: string,
  gstPercent: number,
): string | null {
  const price = parseDecimalToCents(priceDollars);
  const percent = /^\s*([1-9]\d?)\s*$/.exec(percentText)?.[1];
  if (price === null || price > MAX_PRICE_CENTS || percent === undefined) return null;
  const sale = discountedPriceCents(price, { type: DISCOUNT_PERCENT, value: Number(percent) });
  return ADMIN_PRICE_LABELS.percentSale(sale, gstPercent > 0 ? exGstCents(sale, gstPercent) : null);
}

export const ADMIN_PRODUCT_MESSAGES = {
  notFound: 'No product with this SKU.',
  nothingToChange: 'Change at least one field before saving.',
  price:
    'Price inc. GST must be an amount in dollars such as 115.45 (at most 2 decimals, no more than $1,000,000).',
  salePrice: 'Sale price inc. GST must be an amount in dollars such as 99.95, or empty for no sale.',
  saleAbovePrice: (price: string) =>
    `Sale price must be below the price inc. GST ($${price}); leave it empty for no sale.`,
  saleAndPercent: 'Give either a sale price or a percent off, not both.',
  percentOff: 'Percent off must be a whole number from 1 to 99, or empty for no discount.',
  stock: `Stock must be a whole number from 0 to ${MAX_STOCK.toLocaleString('en-AU')}, or empty if you do not track it.`,
  seoTitle: `Meta title must be ${SEO_TITLE_MAX} characters or fewer.`,
  seoDescription: `Meta description must be ${SEO_DESCRIPTION_MAX} characters or fewer.`,
  saved: (sku: string) => `Saved ${sku}.`,
  unchanged: 'Nothing changed.',
} as const;

const M = ADMIN_PRODUCT_MESSAGES;

/** "12.34" (or "12", "12.5") → a decimal string the API takes; the cents are checked by `moneyCents`. */
const moneyText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, message)
    .refine((v) => (parseDecimalToCents(v) ?? Infinity) <= MAX_PRICE_CENTS, message);

/** Dollars text → integer cents (the text is already checked). */
export function moneyCents(text: string): number {
  const cents = parseDecimalToCents(text);
  if (cents === null) throw new RangeError(`Not an amount: ${text}`);
  return cents;
}

/**
 * `PATCH /api/admin/products/{sku}`: only the fields to change. `sale_price` and `discount_percent` are the two
 * ways of putting the product on sale (SPEC §4 Discount: a fixed amount or a whole percent off); null takes the
 * sale off. A sale price must be below the price (the new one when both change, else the stored one: the API
 * checks that part). Both are shelf prices inc. GST; a sale price that is no whole percent off is kept as a fixed
 * amount off, inc. GST too (SPEC §4 type 1).
 */
export const adminProductUpdateSchema = z
  .object({
    price: moneyText(M.price).optional(),
    sale_price: moneyText(M.salePrice).nullable().optional(),
    discount_percent: z
      .number({ error: M.percentOff })
      .int(M.percentOff)
      .min(1, M.percentOff)
      .max(99, M.percentOff)
      .nullable()
      .optional(),
    stock: z
      .number({ error: M.stock })
      .int(M.stock)
      .min(0, M.stock)
      .max(MAX_STOCK, M.stock)
      .nullable()
      .optional(),
    is_featured: z.boolean({ error: 'is_featured must be true or false.' }).optional(),
    seo_title: z
      .string({ error: M.seoTitle })
      .trim()
      .max(SEO_TITLE_MAX, M.seoTitle)
      .superRefine(noControlCharacters('Meta title'))
      .nullable()
      .optional(),
    seo_description: z
      .string({ error: M.seoDescription })
      .trim()
      .max(SEO_DESCRIPTION_MAX, M.seoDescription)
      .superRefine(noControlCharacters('Meta description'))
      .nullable()
      .optional(),
  })
  .strict()
  .refine((b) => !(b.sale_price != null && b.discount_percent != null), {
    message: M.saleAndPercent,
    path: ['discount_percent'],
  })
  .refine(
    (b) => {
      // Only when both amounts are readable: an unreadable one has its own message.
      const sale = typeof b.sale_price === 'string' ? parseDecimalToCents(b.sale_price) : null;
      const price = typeof b.price === 'string' ? parseDecimalToCents(b.price) : null;
      return sale === null || price === null || sale < price;
    },
    { message: M.saleAbovePrice('the new price'), path: ['sale_price'] },
  )
  .refine((b) => Object.keys(b).length > 0, { message: M.nothingToChange, path: [] });
export type AdminProductUpdate = z.infer<typeof adminProductUpdateSchema>;

/**
 * The editor's form: every field as the person typed it (empty = none). `toProductUpdate` turns it into the
 * PATCH body with only the fields that changed.
 */
export const adminProductFormSchema = z
  .object({
    price: moneyText(M.price),
    sale_price: z.union([z.literal(''), moneyText(M.salePrice)]),
    discount_percent: z
      .string()
      .trim()
      .regex(/^([1-9]\d?)?$/, M.percentOff),
    stock: z
      .string()
      .trim()
      .regex(/^\d{0,7}$/, M.stock)
      .refine((v) => v === '' || Number(v) <= MAX_STOCK, M.stock),
    is_featured: z.boolean(),
    seo_title: z
      .string()
      .trim()
      .max(SEO_TITLE_MAX, M.seoTitle)
      .superRefine(noControlCharacters('Meta title')),
    seo_description: z
      .string()
      .trim()
      .max(SEO_DESCRIPTION_MAX, M.seoDescription)
      .superRefine(noControlCharacters('Meta description')),
  })
  .refine((f) => !(f.sale_price !== '' && f.discount_percent !== ''), {
    message: M.saleAndPercent,
    path: ['discount_percent'],
  })
  .refine(
    (f) => {
      const sale = typeof f.sale_price === 'string' ? parseDecimalToCents(f.sale_price) : null;
      const price = typeof f.price === 'string' ? parseDecimalToCents(f.price) : null;
      return sale === null || price === null || sale < price;
    },
    { message: M.saleAbovePrice('the price above'), path: ['sale_price'] },
  );
export type AdminProductForm = z.infer<typeof adminProductFormSchema>;

/** One product as the editor reads it. */
export const adminProductSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  permalink: z.string(),
  /** The shelf price inc. GST, dollars, e.g. '115.45' (the shop's `_price`). */
  price: z.string(),
  /** The shelf price inc. GST after the discount (the shop's `discounted_price`), or null when not on sale. */
  sale_price: z.string().nullable(),
  /** Whole percent off when the discount is a percent (SPEC §4 type 0), else null. */
  discount_percent: z.number().int().nullable(),
  /** null: stock not tracked. */
  stock: z.number().int().nullable(),
  is_featured: z.boolean(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  category: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductDetailSchema = z.object({
  data: adminProductSchema,
  audit: z.array(auditEntrySchema),
});
export type AdminProductDetail = z.infer<typeof adminProductDetailSchema>;

/** The form's starting values for a product. */
export function productFormValues(p: AdminProduct): AdminProductForm {
  return {
    price: p.price,
    sale_price: p.discount_percent === null ? (p.sale_price ?? '') : '',
    discount_percent: p.discount_percent === null ? '' : String(p.discount_percent),
    stock: p.stock === null ? '' : String(p.stock),
    is_featured: p.is_featured,
    seo_title: p.seo_title ?? '',
    seo_description: p.seo_description ?? '',
  };
}

/** The PATCH body for what the form changed from `before` (possibly empty). */
export function toProductUpdate(before: AdminProductForm, form: AdminProductForm): AdminProductUpdate {
  const out: AdminProductUpdate = {};
  if (moneyCents(form.price) !== moneyCents(before.price)) out.price = form.price;
  const saleChanged = form.sale_price !== before.sale_price;
  const percentChanged = form.discount_percent !== before.discount_percent;
  if (saleChanged || percentChanged || out.price !== undefined) {
    // The sale is one thing: send the way it is given now, and clear the other way.
    if (form.discount_percent !== '') out.discount_percent = Number(form.discount_percent);
    else out.sale_price = form.sale_price === '' ? null : form.sale_price;
  }
  if (form.stock !== before.stock) out.stock = form.stock === '' ? null : Number(form.stock);
  if (form.is_featured !== before.is_featured) out.is_featured = form.is_featured;
  if (form.seo_title !== before.seo_title) out.seo_title = form.seo_title === '' ? null : form.seo_title;
  if (form.seo_description !== before.seo_description) {
    out.seo_description = form.seo_description === '' ? null : form.seo_description;
  }
  return out;
}

export const ADMIN_PRODUCT_SORTS = ['title', 'price', 'stock', 'updated_at'] as const;

/** `GET /api/admin/products` query. */
export const adminProductListQuerySchema = z.object({
  page: z.coerce.number().int('page must be a whole number').min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int('per_page must be a whole number').min(1).max(100).default(20),
  sort: z.enum(ADMIN_PRODUCT_SORTS).default('title'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  /** SKU or title. */
  q: searchText().trim().max(100, 'q must be 100 characters or fewer').optional(),
  /** 'true': stock at most LOW_STOCK_AT_MOST (untracked stock is never low). */
  low_stock: z.enum(['true', 'false'], { error: 'low_stock must be true or false' }).optional(),
  featured: z.enum(['true', 'false'], { error: 'featured must be true or false' }).optional(),
  /** A category's id. */
  category: z.coerce.number().int('category must be a category id').min(1).max(2_147_483_647).optional(),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;

export const adminProductRowSchema = z.object({
  sku: z.string(),
  title: z.string(),
  permalink: z.string(),
  /** Shelf price inc. GST, dollars. */
  price: z.string(),
  /** Shelf price inc. GST after the discount, dollars, or null. */
  sale_price: z.string().nullable(),
  stock: z.number().int().nullable(),
  is_featured: z.boolean(),
  category: z.string().nullable(),
  updated_at: z.string(),
  /** Issue 36: archived (out of the shop); absent from older answers. */
  archived: z.boolean().optional(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

export const adminProductListSchema = z.object({
  data: z.array(adminProductRowSchema),
  total: z.number().int(),
});
