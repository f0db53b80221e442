/**
 * The back office's product editor on the wire (issue 36 §1): create (`POST /api/admin/products`), load
 * (`GET /api/admin/products/{sku}/editor`), save (`PUT /api/admin/products/{sku}`, with the `version` the editor
 * opened), duplicate, archive and unarchive a product, and upload a picture (`POST /api/admin/product-images`).
 * One source for the API's validation, the editor's form and its messages.
 *
 * Money is a decimal string in dollars on the wire ("115.45"): the SHELF PRICE INCLUDING GST, as imports read it
 * (decision 0046). A sale is either a sale price (a fixed amount off, inc. GST) or a whole percent off (SPEC §4).
 * Stock null = not tracked. Weight in grams. Part numbers as written; they are matched by `normalizePartNumber`
 * (decision 0031). Fitment rows name one vehicle of the list (a variant, decision 0029) with a position and a
 * note; the list sent is the product's whole fitment list (decision 0030), each row recorded with source `staff`.
 * Pictures are stored paths: ones the product has, or ones an upload answered; their order is their position.
 */
import { z } from 'zod';
import { DANGEROUS_GOODS_CLASSES } from './delivery-rules';
import { auditEntrySchema } from './admin';
import {
  ADMIN_PRODUCT_MESSAGES,
  MAX_PRICE_CENTS,
  MAX_STOCK,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
} from './admin-products';
import { parseDecimalToCents } from './money';
import { MAX_PART_NUMBER_LENGTH, MAX_PART_NUMBERS, normalizePartNumber } from './part-number';
import { multiLineText, noControlCharacters } from './text-schemas';

export const PRODUCT_TITLE_MAX = 200;
export const PRODUCT_SKU_MAX = 100;
export const PRODUCT_PERMALINK_MAX = 200;
export const SHORT_DESCRIPTION_MAX = 1_000;
/** The long description's HTML, before sanitising. */
export const LONG_DESCRIPTION_MAX = 50_000;
export const MAX_WEIGHT_GRAMS = 1_000_000;
/** The longest side a product may be (mm): 10 m. */
export const MAX_SIZE_MM = 10_000;
export const MAX_PRODUCT_IMAGES = 20;
export const MAX_FITMENT_ROWS = 500;
export const FITMENT_POSITION_MAX = 40;
export const FITMENT_NOTES_MAX = 200;
/** The multipart field of a picture upload, and its largest size (the import's per-image limit). */
export const PRODUCT_IMAGE_FIELD = 'file';
export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** What an uploaded picture may be, by its bytes (the types imports download). */
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];
/** Stored names of uploaded pictures: `products/upload-<sha-256 of the bytes, 24 hex>.<ext>`. */
export const UPLOADED_IMAGE_PATH = /^products\/upload-[0-9a-f]{24}\.(jpg|png|webp|gif|avif)$/;

/** SKUs are letters, digits and `-._/` (what catalogs use; the admin URL carries it). */
const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
const PERMALINK_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const PRODUCT_EDITOR_MESSAGES = {
  ...ADMIN_PRODUCT_MESSAGES,
  title: `Title is required, at most ${PRODUCT_TITLE_MAX} characters.`,
  sku: `SKU is required: letters, digits, dashes, dots, underscores or slashes, at most ${PRODUCT_SKU_MAX} characters.`,
  skuTaken: (sku: string) => `Another product already has the SKU ${sku}.`,
  permalink: `Permalink must be lower-case letters, digits and single dashes (at most ${PRODUCT_PERMALINK_MAX}), or empty to make it from the title.`,
  permalinkTaken: (permalink: string) => `Another product already has the permalink ${permalink}.`,
  permalinkFromTitle: 'The title needs at least one letter or digit to make a permalink from.',
  shortDescription: `Short description must be ${SHORT_DESCRIPTION_MAX.toLocaleString('en-AU')} characters or fewer.`,
  longDescription: `Description must be ${LONG_DESCRIPTION_MAX.toLocaleString('en-AU')} characters of HTML or fewer.`,
  category: 'Choose a category from the list.',
  childCategory: 'Choose a child category of the chosen category.',
  childWithoutCategory: 'Choose the category before its child category.',
  brand: 'Choose a brand from the list.',
  weight: `Weight must be a whole number of grams from 0 to ${MAX_WEIGHT_GRAMS.toLocaleString('en-AU')}, or empty.`,
  dangerousGoodsClass: `Dangerous goods class must be one of ${DANGEROUS_GOODS_CLASSES.join(', ')}, or none.`,
  sizeMm: (name: string) =>
    `${name} must be a whole number of millimetres from 1 to ${MAX_SIZE_MM.toLocaleString('en-AU')}, or empty.`,
  reorderLevel: `Reorder level must be a whole number from 0 to ${MAX_STOCK.toLocaleString('en-AU')}.`,
  partNumber: `Each part number needs a letter or digit and at most ${MAX_PART_NUMBER_LENGTH} characters, with no commas.`,
  partNumbers: `At most ${MAX_PART_NUMBERS} part numbers.`,
  partNumberTwice: (n: string) => `The part number ${n} is there twice.`,
  vehicle: 'Choose a vehicle from the list for each fitment row.',
  fitmentPosition: `Position must be ${FITMENT_POSITION_MAX} characters or fewer.`,
  fitmentNotes: `Notes must be ${FITMENT_NOTES_MAX} characters or fewer.`,
  fitmentTwice: 'This vehicle and position are there twice.',
  fitmentRows: `At most ${MAX_FITMENT_ROWS} fitment rows.`,
  universalWithRows: 'A universal part fits every vehicle: remove its fitment rows or untick Universal fit.',
  image: 'This picture is not one of the product’s or an upload: upload it again.',
  images: `At most ${MAX_PRODUCT_IMAGES} pictures.`,
  imageTwice: 'The same picture is there twice.',
  version: 'Reload the product: the version it was opened at is missing.',
  conflict: 'This product was changed by someone else since you opened it: reload to see their changes.',
  created: (sku: string) => `Created ${sku}.`,
  duplicated: (sku: string) => `Duplicated as ${sku}: it is archived until you make it active.`,
  archived: (sku: string) => `Archived ${sku}: it is no longer in the shop.`,
  unarchived: (sku: string) => `${sku} is active again and back in the shop.`,
  imageNotImage: 'The file is not a picture: upload a JPEG, PNG, WebP, GIF or AVIF image.',
  imageTooLarge: `The picture is larger than ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
  imageMissing: 'Choose a picture to upload.',
  imageUnreadable: 'The picture could not be read: upload another one.',
} as const;

const M = PRODUCT_EDITOR_MESSAGES;

/** A product's size on one side (issue 41: the cubic weight of delivery), whole mm or null. */
const sizeMm = (name: string) =>
  z
    .number({ error: M.sizeMm(name) })
    .int(M.sizeMm(name))
    .min(1, M.sizeMm(name))
    .max(MAX_SIZE_MM, M.sizeMm(name))
    .nullable()
    .default(null);

const moneyText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, message)
    .refine((v) => (parseDecimalToCents(v) ?? Infinity) <= MAX_PRICE_CENTS, message);

const id = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);
const optionalText = (max: number, message: string, label: string, kind?: 'multi-line') =>
  (kind ? multiLineText({ error: message }) : z.string({ error: message }))
    .trim()
    .max(max, message)
    .superRefine(noControlCharacters(label, kind))
    .nullable();

const partNumberText = z
  .string({ error: M.partNumber })
  .trim()
  .min(1, M.partNumber)
  .max(MAX_PART_NUMBER_LENGTH, M.partNumber)
  .refine((s) => !s.includes(',') && normalizePartNumber(s) !== '', M.partNumber)
  .superRefine(noControlCharacters('Part number'));

export const fitmentRowInputSchema = z.strictObject({
  vehicle_id: id(M.vehicle),
  position: z
    .string({ error: M.fitmentPosition })
    .trim()
    .max(FITMENT_POSITION_MAX, M.fitmentPosition)
    .superRefine(noControlCharacters('Position'))
    .default(''),
  notes: z
    .string({ error: M.fitmentNotes })
    .trim()
    .max(FITMENT_NOTES_MAX, M.fitmentNotes)
    .superRefine(noControlCharacters('Notes'))
    .default(''),
});
export type FitmentRowInput = z.infer<typeof fitmentRowInputSchema>;

export const productImageInputSchema = z.strictObject({
  path: z.string({ error: M.image }).min(1, M.image).max(300, M.image),
  featured: z.boolean().default(false),
});

/** Every field of a product the editor writes; the body of a create, and of a save with `version`. */
const productFields = {
  title: z
    .string({ error: M.title })
    .trim()
    .min(1, M.title)
    .max(PRODUCT_TITLE_MAX, M.title)
    .superRefine(noControlCharacters('Title')),
  sku: z.string({ error: M.sku }).trim().min(1, M.sku).max(PRODUCT_SKU_MAX, M.sku).regex(SKU_PATTERN, M.sku),
  /** '' (or absent): made from the title on create, kept on a save. */
  permalink: z
    .string({ error: M.permalink })
    .trim()
    .max(PRODUCT_PERMALINK_MAX, M.permalink)
    .refine((s) => s === '' || PERMALINK_PATTERN.test(s), M.permalink)
    .default(''),
  short_description: optionalText(
    SHORT_DESCRIPTION_MAX,
    M.shortDescription,
    'Short description',
    'multi-line',
  ).default(null),
  /** HTML; sanitised on save as imports sanitise theirs. */
  long_description: multiLineText({ error: M.longDescription })
    .max(LONG_DESCRIPTION_MAX, M.longDescription)
    .nullable()
    .default(null),
  category_id: id(M.category).nullable().default(null),
  child_category_id: id(M.childCategory).nullable().default(null),
  brand_id: id(M.brand).nullable().default(null),
  price: moneyText(M.price),
  sale_price: moneyText(M.salePrice).nullable().default(null),
  discount_percent: z
    .number({ error: M.percentOff })
    .int(M.percentOff)
    .min(1, M.percentOff)
    .max(99, M.percentOff)
    .nullable()
    .default(null),
  stock: z
    .number({ error: M.stock })
    .int(M.stock)
    .min(0, M.stock)
    .max(MAX_STOCK, M.stock)
    .nullable()
    .default(null),
  weight_grams: z
    .number({ error: M.weight })
    .int(M.weight)
    .min(0, M.weight)
    .max(MAX_WEIGHT_GRAMS, M.weight)
    .nullable()
    .default(null),
  // Issue 41: what delivery may carry it (decision 0069).
  dangerous_goods_class: z
    .enum(DANGEROUS_GOODS_CLASSES, { error: M.dangerousGoodsClass })
    .nullable()
    .default(null),
  bulky: z.boolean({ error: 'bulky must be true or false.' }).default(false),
  length_mm: sizeMm('Length'),
  width_mm: sizeMm('Width'),
  height_mm: sizeMm('Height'),
  reorder_level: z
    .number({ error: M.reorderLevel })
    .int(M.reorderLevel)
    .min(0, M.reorderLevel)
    .max(MAX_STOCK, M.reorderLevel)
    .default(5),
  part_numbers: z.array(partNumberText).max(MAX_PART_NUMBERS, M.partNumbers).default([]),
  universal_fit: z.boolean({ error: 'universal_fit must be true or false.' }).default(false),
  fitments: z.array(fitmentRowInputSchema).max(MAX_FITMENT_ROWS, M.fitmentRows).default([]),
  seo_title: optionalText(SEO_TITLE_MAX, M.seoTitle, 'Meta title').default(null),
  seo_description: optionalText(SEO_DESCRIPTION_MAX, M.seoDescription, 'Meta description').default(null),
  is_featured: z.boolean({ error: 'is_featured must be true or false.' }).default(false),
  images: z.array(productImageInputSchema).max(MAX_PRODUCT_IMAGES, M.images).default([]),
};

type FieldsShape = { [K in keyof typeof productFields]: unknown } & {
  sale_price: string | null;
  discount_percent: number | null;
  price: string;
  part_numbers: string[];
  fitments: FitmentRowInput[];
  universal_fit: boolean;
  category_id: number | null;
  child_category_id: number | null;
  images: { path: string; featured: boolean }[];
};

/** The checks between fields, each issue at the field it names (the house field-errors answer). */
function crossCheck(b: FieldsShape, ctx: z.RefinementCtx) {
  if (b.sale_price !== null && b.discount_percent !== null) {
    ctx.addIssue({ code: 'custom', message: M.saleAndPercent, path: ['discount_percent'] });
  }
  const sale = b.sale_price === null ? null : parseDecimalToCents(b.sale_price);
  const price = parseDecimalToCents(b.price);
  if (sale !== null && price !== null && sale >= price) {
    ctx.addIssue({ code: 'custom', message: M.saleAbovePrice(b.price), path: ['sale_price'] });
  }
  if (b.child_category_id !== null && b.category_id === null) {
    ctx.addIssue({ code: 'custom', message: M.childWithoutCategory, path: ['child_category_id'] });
  }
  const keys = new Set<string>();
  b.part_numbers.forEach((n, i) => {
    const key = normalizePartNumber(n);
    if (keys.has(key))
      ctx.addIssue({ code: 'custom', message: M.partNumberTwice(n), path: ['part_numbers', i] });
    keys.add(key);
  });
  if (b.universal_fit && b.fitments.length > 0) {
    ctx.addIssue({ code: 'custom', message: M.universalWithRows, path: ['universal_fit'] });
  }
  const rows = new Set<string>();
  b.fitments.forEach((f, i) => {
    const key = `${f.vehicle_id}|${f.position.toLowerCase()}`;
    if (rows.has(key))
      ctx.addIssue({ code: 'custom', message: M.fitmentTwice, path: ['fitments', i, 'vehicle_id'] });
    rows.add(key);
  });
  const paths = new Set<string>();
  b.images.forEach((im, i) => {
    if (paths.has(im.path))
      ctx.addIssue({ code: 'custom', message: M.imageTwice, path: ['images', i, 'path'] });
    paths.add(im.path);
  });
}

/** `POST /api/admin/products`: a new product, active at once. */
export const productCreateSchema = z.strictObject(productFields).superRefine(crossCheck);
export type ProductCreate = z.infer<typeof productCreateSchema>;

/** `PUT /api/admin/products/{sku}`: the whole product as the editor has it, and the version it was opened at. */
export const productSaveSchema = z
  .strictObject({
    ...productFields,
    version: z.number({ error: M.version }).int(M.version).min(1, M.version),
  })
  .superRefine(crossCheck);
export type ProductSave = z.infer<typeof productSaveSchema>;

/** Body of archive / unarchive / duplicate: the version the editor opened (a stale one is answered 409). */
export const productVersionBodySchema = z.strictObject({
  version: z.number({ error: M.version }).int(M.version).min(1, M.version),
});

export const editorFitmentSchema = z.object({
  vehicle_id: z.number().int(),
  /** The vehicle as the store names it ("Toyota HiLux GUN126R 2015-2020 2.8L diesel"). */
  label: z.string(),
  make: z.string(),
  model: z.string(),
  position: z.string(),
  notes: z.string(),
  source: z.string(),
});
export type EditorFitment = z.infer<typeof editorFitmentSchema>;

export const editorImageSchema = z.object({
  path: z.string(),
  featured: z.boolean(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type EditorImage = z.infer<typeof editorImageSchema>;

/** One product as the editor reads it: every field it writes, plus version, archived and dates. */
export const editorProductSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  /** ISO time it was archived, or null while it is in the shop. */
  archived_at: z.string().nullable(),
  sku: z.string(),
  title: z.string(),
  permalink: z.string(),
  short_description: z.string().nullable(),
  long_description: z.string().nullable(),
  category_id: z.number().int().nullable(),
  child_category_id: z.number().int().nullable(),
  brand_id: z.number().int().nullable(),
  price: z.string(),
  sale_price: z.string().nullable(),
  discount_percent: z.number().int().nullable(),
  stock: z.number().int().nullable(),
  weight_grams: z.number().int().nullable(),
  dangerous_goods_class: z.string().nullable(),
  bulky: z.boolean(),
  length_mm: z.number().int().nullable(),
  width_mm: z.number().int().nullable(),
  height_mm: z.number().int().nullable(),
  reorder_level: z.number().int(),
  part_numbers: z.array(z.string()),
  universal_fit: z.boolean(),
  fitments: z.array(editorFitmentSchema),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  is_featured: z.boolean(),
  images: z.array(editorImageSchema),
  updated_at: z.string(),
});
export type EditorProduct = z.infer<typeof editorProductSchema>;

export const editorProductAnswerSchema = z.object({
  data: editorProductSchema,
  audit: z.array(auditEntrySchema),
  message: z.string().optional(),
});
export type EditorProductAnswer = z.infer<typeof editorProductAnswerSchema>;

/** `GET /api/admin/product-taxonomy`: what the editor's Organisation selects offer. */
export const productTaxonomySchema = z.object({
  categories: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      children: z.array(z.object({ id: z.number().int(), title: z.string() })),
    }),
  ),
  brands: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type ProductTaxonomy = z.infer<typeof productTaxonomySchema>;

/** `POST /api/admin/product-images`: the stored picture, to name in a save's `images`. */
export const uploadedImageSchema = z.object({
  path: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** The editor's form: numbers and ids as typed text ('' = none), part numbers as one comma-separated text. */
export interface ProductEditorForm {
  title: string;
  sku: string;
  permalink: string;
  short_description: string;
  long_description: string;
  category_id: string;
  child_category_id: string;
  brand_id: string;
  price: string;
  sale_price: string;
  discount_percent: string;
  stock: string;
  weight_grams: string;
  /** '' for none. */
  dangerous_goods_class: string;
  bulky: boolean;
  length_mm: string;
  width_mm: string;
  height_mm: string;
  reorder_level: string;
  part_numbers: string;
  universal_fit: boolean;
  fitments: { vehicle_id: number; label: string; position: string; notes: string }[];
  seo_title: string;
  seo_description: string;
  is_featured: boolean;
  images: { path: string; featured: boolean }[];
}

/** An empty form for a new product (reorder level at its default, 5). */
export const EMPTY_PRODUCT_FORM: ProductEditorForm = {
  title: '',
  sku: '',
  permalink: '',
  short_description: '',
  long_description: '',
  category_id: '',
  child_category_id: '',
  brand_id: '',
  price: '',
  sale_price: '',
  discount_percent: '',
  stock: '',
  weight_grams: '',
  dangerous_goods_class: '',
  bulky: false,
  length_mm: '',
  width_mm: '',
  height_mm: '',
  reorder_level: '5',
  part_numbers: '',
  universal_fit: false,
  fitments: [],
  seo_title: '',
  seo_description: '',
  is_featured: false,
  images: [],
};

const textOf = (n: number | null) => (n === null ? '' : String(n));

/** The form's values for a stored product. */
export function productEditorFormOf(p: EditorProduct): ProductEditorForm {
  return {
    title: p.title,
    sku: p.sku,
    permalink: p.permalink,
    short_description: p.short_description ?? '',
    long_description: p.long_description ?? '',
    category_id: textOf(p.category_id),
    child_category_id: textOf(p.child_category_id),
    brand_id: textOf(p.brand_id),
    price: p.price,
    sale_price: p.sale_price ?? '',
    discount_percent: textOf(p.discount_percent),
    stock: textOf(p.stock),
    weight_grams: textOf(p.weight_grams),
    dangerous_goods_class: p.dangerous_goods_class ?? '',
    bulky: p.bulky,
    length_mm: textOf(p.length_mm),
    width_mm: textOf(p.width_mm),
    height_mm: textOf(p.height_mm),
    reorder_level: String(p.reorder_level),
    part_numbers: p.part_numbers.join(', '),
    universal_fit: p.universal_fit,
    fitments: p.fitments.map((f) => ({
      vehicle_id: f.vehicle_id,
      label: f.label,
      position: f.position,
      notes: f.notes,
    })),
    seo_title: p.seo_title ?? '',
    seo_description: p.seo_description ?? '',
    is_featured: p.is_featured,
    images: p.images.map((i) => ({ path: i.path, featured: i.featured })),
  };
}

/** '' → null, else the number typed (NaN for text that is none, which the schema refuses with the field's message). */
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** The create body for what the form holds (checked by `productCreateSchema`, as the API checks it). */
export function productBodyOf(f: ProductEditorForm) {
  return {
    title: f.title,
    sku: f.sku,
    permalink: f.permalink,
    short_description: f.short_description.trim() === '' ? null : f.short_description,
    long_description: f.long_description.trim() === '' ? null : f.long_description,
    category_id: numberOrNull(f.category_id),
    child_category_id: numberOrNull(f.child_category_id),
    brand_id: numberOrNull(f.brand_id),
    price: f.price,
    sale_price: f.sale_price.trim() === '' ? null : f.sale_price,
    discount_percent: numberOrNull(f.discount_percent),
    stock: numberOrNull(f.stock),
    weight_grams: numberOrNull(f.weight_grams),
    dangerous_goods_class: f.dangerous_goods_class === '' ? null : f.dangerous_goods_class,
    bulky: f.bulky,
    length_mm: numberOrNull(f.length_mm),
    width_mm: numberOrNull(f.width_mm),
    height_mm: numberOrNull(f.height_mm),
    reorder_level: f.reorder_level.trim() === '' ? 5 : Number(f.reorder_level.trim()),
    part_numbers: f.part_numbers
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
    universal_fit: f.universal_fit,
    fitments: f.fitments.map((r) => ({ vehicle_id: r.vehicle_id, position: r.position, notes: r.notes })),
    seo_title: f.seo_title.trim() === '' ? null : f.seo_title,
    seo_description: f.seo_description.trim() === '' ? null : f.seo_description,
    is_featured: f.is_featured,
    images: f.images,
  };
}

/**
 * The form field a refusal belongs to, from its path (`part_numbers.1` → `part_numbers`, `fitments.2.vehicle_id`
 * → `fitments.2`, `images.0.path` → `images`): where the editor shows the message.
 */
export function productEditorFieldOf(path: string): string {
  const [head, index] = path.split('.');
  if (head === 'fitments' && index !== undefined) return `fitments.${index}`;
  return head ?? '';
}

/** Each form field's first message, from a schema's issues or the API's `errors`. */
export function productEditorErrorsOf(
  issues: readonly { field: string; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const field = productEditorFieldOf(i.field) || 'form';
    out[field] ??= i.message;
  }
  return out;
}
