/**
 * Drizzle schema of the catalog (SPEC §3: Product, Category, Brand; general settings) and of orders.
 * Money is integer cents (AUD), weights integer grams. The API turns these rows into the
 * SPEC's shapes (`product_meta`, `discount_data`) in `modules/catalog/product-presenter.ts`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { FITMENT_SOURCES } from '@store/shared/fitment';
import type { BannerSet, BrandSliderEntry, HeroSlide, SocialLinks } from '@store/shared/store-settings';
import type { TaxDocumentBuyer, TaxDocumentSeller } from '@store/shared/tax-invoice';
import { DEFAULT_OPENING_HOURS, type OpeningHours } from '@store/shared/opening-hours';
import type { ReturnCondition, ReturnReason, ReturnStatus } from '@store/shared/admin-returns';
import type { ContactMessageKind } from '@store/shared/admin-customers';
import type { AbnCheck } from '@store/shared/trade-accounts';
import type { DeliveryOption, RateTable } from '@store/shared/delivery-rules';
import type { PictureInfo } from '@store/shared/product';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Stable code used by `/shop?category=`; a slug of the title unless the catalog gives one. */
    sku: text('sku').notNull().unique(),
    permalink: text('permalink').notNull().unique(),
    thumbnailImage: text('thumbnail_image'),
    /** Migration 0042, decision 0082: the thumbnail's size and WebP copies; null when unknown (the original is sent). */
    thumbnailImageInfo: jsonb('thumbnail_image_info').$type<PictureInfo>(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 36 (migration 0026, decision 0050): retired categories leave menus, filters and sitemaps; never deleted. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('categories_title_lower_idx').on(sql`lower(${t.title})`)],
);

export const childCategories = pgTable(
  'child_categories',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    childSku: text('child_sku').notNull().unique(),
    childTitle: text('child_title').notNull(),
    position: integer('position').notNull().default(0),
    /** Issue 36 (migration 0026): as categories.retired_at. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    index('child_categories_category_id_idx').on(t.categoryId, t.position),
    uniqueIndex('child_categories_title_lower_idx').on(t.categoryId, sql`lower(${t.childTitle})`),
  ],
);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    permalink: text('permalink').notNull().unique(),
    logoImage: text('logo_image'),
    /** Migration 0042, decision 0082: as categories.thumbnail_image_info. */
    logoImageInfo: jsonb('logo_image_info').$type<PictureInfo>(),
    coverImage: text('cover_image'),
    coverImageInfo: jsonb('cover_image_info').$type<PictureInfo>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 36 (migration 0026): as categories.retired_at. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('brands_title_lower_idx').on(sql`lower(${t.title})`)],
);

/**
 * Issue 36 (migration 0026, decision 0050): an address a category (its old sku or permalink), child category (old
 * child_sku) or brand (old permalink) answered before a rename. `targetId` is the row's id in the kind's table, so
 * renaming again needs no chain; the storefront answers a 301 to the row's current address.
 */
export const permalinkRedirects = pgTable(
  'permalink_redirects',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'category' | 'child_category' | 'brand'>().notNull(),
    oldValue: text('old_value').notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('permalink_redirects_kind_old_value_idx').on(t.kind, t.oldValue),
    check('permalink_redirects_kind_check', sql`${t.kind} IN ('category', 'child_category', 'brand')`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sku: text('sku').notNull().unique(),
    title: text('title').notNull(),
    permalink: text('permalink').notNull().unique(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    childCategoryId: integer('child_category_id').references(() => childCategories.id, {
      onDelete: 'set null',
    }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    /** Shelf price before the product's discount, integer cents AUD INCLUDING GST (decision 0046, migration 0020). */
    priceCents: integer('price_cents').notNull(),
    /** Units on hand; null means the catalog does not track stock (always available). */
    stock: integer('stock'),
    weightGrams: integer('weight_grams'),
    shortDescription: text('short_description'),
    /** Sanitised HTML. */
    longDescription: text('long_description'),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    seoTags: text('seo_tags'),
    canonicalUrl: text('canonical_url'),
    schemaMarkup: text('schema_markup'),
    badge: text('badge'),
    isFeatured: boolean('is_featured').notNull().default(false),
    /** Issue 36: the daily low-stock mail lists the product once its stock is at or below this (migration 0024). */
    reorderLevel: integer('reorder_level').notNull().default(5),
    /** Issue 36: bumped by every editor save and import; a save against an older version is refused. */
    version: integer('version').notNull().default(1),
    /** Issue 36: archived products leave the shop, search, sitemaps and listings; orders keep them. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Fits every vehicle (issue 15, decision 0030): set by `npm run fitment:import` from a `Universal` row. */
    universalFit: boolean('universal_fit').notNull().default(false),
    /**
     * OE and other brands' part numbers (issue 15 §3), as the catalog file wrote them, joined with ", " (a part
     * number never holds a comma: the import splits cells on them); null when none. Search matches them by
     * `normalizePartNumber` (decision 0031).
     */
    partNumbers: text('part_numbers'),
    /** Brand and category titles copied here for the search index (catalog/search-index.ts), so the read
     * model reads a product's search text from its own row. */
    searchBrand: text('search_brand').notNull().default(''),
    searchCategory: text('search_category').notNull().default(''),
    /** Issue 41: the dangerous goods class (delivery-rules.ts DANGEROUS_GOODS_CLASSES, '8' for a battery); null when none. */
    dangerousGoodsClass: text('dangerous_goods_class'),
    /** Issue 41: too big for a PO box, a locker or express; standard delivery adds the bulky surcharge per unit. */
    bulky: boolean('bulky').notNull().default(false),
    /** Issue 41: the packed size in millimetres, for cubic weight; null when unknown. */
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    /** Hash of the imported fields, so a re-import can tell unchanged rows cheaply. */
    importHash: text('import_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the row last changed in any way, stock included: set by the trigger `products_touch_changed_at`
     * (migration 0010) on every UPDATE, so no code path can forget it. The catalog read model re-reads the rows
     * changed since its last look (decision 0019). `updated_at` stays the content's date (sitemaps' lastmod).
     */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // DESC indexes keep NULLS FIRST, the default of `ORDER BY ... DESC`; a NULLS LAST index would not serve it.
  (t) => [
    index('products_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_category_idx').on(
      t.categoryId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('products_child_category_idx').on(
      t.childCategoryId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('products_brand_idx').on(t.brandId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_featured_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isFeatured}`),
    uniqueIndex('products_sku_lower_idx').on(sql`lower(${t.sku})`),
    index('products_changed_idx').on(t.changedAt),
  ],
);

/**
 * One row: the catalog's version, bumped in the same transaction as every change the read model cannot pick up
 * row by row (an import, categories, brands, images, discounts; decision 0019). Each instance's read model
 * reloads when it sees a new version.
 */
export const catalogState = pgTable(
  'catalog_state',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('catalog_state_one_row', sql`${t.id} = 1`)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Path relative to the public media base, e.g. `products/h4-globe.svg`. */
    path: text('path').notNull(),
    isFeatured: boolean('is_featured').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** Intrinsic size in pixels, measured at import; null when the file could not be read (or predates it). */
    width: integer('width'),
    height: integer('height'),
    /** Widths of the WebP copies made at import (decision 0026): `products/variants/<name>-<width>w.webp`. */
    variantWidths: integer('variant_widths')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/** SPEC §4 Discount: type 0 = percent off (value in whole percent), 1 = fixed amount (value in cents). */
export const productDiscounts = pgTable('product_discounts', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  discountType: smallint('discount_type').notNull(),
  discountValue: integer('discount_value').notNull(),
});

/** One row (id = 1): the store's configuration and home-page content. */
export const storeSettings = pgTable('store_settings', {
  id: integer('id').primaryKey().default(1),
  storeName: text('store_name').notNull(),
  metaTitle: text('meta_title').notNull().default(''),
  metaDescription: text('meta_description').notNull().default(''),
  gstPercent: integer('gst_percent').notNull().default(10),
  /** The flat delivery charge, cents inc. GST (decision 0046; 1650 = $15 + GST). */
  deliveryChargeCents: integer('delivery_charge_cents').notNull().default(1650),
  /** Delivery is free when the subtotal, inc. GST and before order discounts, reaches this (cents). */
  freeDeliveryThresholdCents: integer('free_delivery_threshold_cents').notNull().default(10000),
  socialLinks: jsonb('social_links').$type<SocialLinks>().notNull().default({}),
  heroSlides: jsonb('hero_slides').$type<HeroSlide[]>().notNull().default([]),
  banners: jsonb('banners').$type<BannerSet>().notNull().default({}),
  brandSlider: jsonb('brand_slider').$type<BrandSliderEntry[]>().notNull().default([]),
  /** The business behind the store, printed in every mail's footer (issue 11): ABN, street address. */
  abn: text('abn').notNull().default(''),
  businessAddress: text('business_address').notNull().default(''),
  /** Where contact messages and return requests are mailed (issue 11); MAIL_FROM when empty. */
  salesEmail: text('sales_email').notNull().default(''),
  /** The business's phone number as printed, e.g. '(02) 5550 0123' (issue 18: the warranty's claim details). */
  phone: text('phone').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Opening hours per weekday and a note (issue 36 §5; migration 0028's default: 8 AM to 6 PM every day). */
  openingHours: jsonb('opening_hours').$type<OpeningHours>().notNull().default(DEFAULT_OPENING_HOURS),
  /** The promises (issue 36 §5, store-promises.ts `StorePromises`); defaults are the old constants. */
  orderCutoff: text('order_cutoff').notNull().default('18:00'),
  handlingDaysMin: integer('handling_days_min').notNull().default(0),
  handlingDaysMax: integer('handling_days_max').notNull().default(1),
  deliveryDaysMin: integer('delivery_days_min').notNull().default(5),
  deliveryDaysMax: integer('delivery_days_max').notNull().default(8),
  returnWindowDays: integer('return_window_days').notNull().default(30),
  /** Issue 41: express delivery offered, and its estimate in business days. */
  expressEnabled: boolean('express_enabled').notNull().default(true),
  expressDaysMin: integer('express_days_min').notNull().default(1),
  expressDaysMax: integer('express_days_max').notNull().default(3),
  /** Issue 41: added to standard delivery per bulky unit, cents inc. GST. */
  bulkySurchargeCents: integer('bulky_surcharge_cents').notNull().default(2500),
  /** Issue 41: a click & collect order still uncollected this many days after "ready" is flagged. */
  uncollectedAfterDays: integer('uncollected_after_days').notNull().default(7),
  /** Issue 41: the rate table (delivery-rules.ts RateTable); null means DEFAULT_RATE_TABLE. */
  rateTable: jsonb('rate_table').$type<RateTable>(),
  /** Bumped by every save: the back office's save is refused over a newer version (issue 36 §5). */
  version: integer('version').notNull().default(1),
});

/**
 * Newsletter subscribers (SPEC §3); one row per address, stored lower-case. Spam Act 2003 basics (issue 11):
 * when and from where consent was given, and a working unsubscribe honoured at once (`unsubscribed_at`).
 */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the latest consent was given (a re-subscription after unsubscribing renews it). */
  consentAt: timestamp('consent_at', { withTimezone: true }).notNull().defaultNow(),
  /** Where: the page the form was on (the Referer's path) and the client address, e.g. 'form on /cart'. */
  consentSource: text('consent_source').notNull().default(''),
  consentIp: text('consent_ip'),
  /** The secret in every mail's unsubscribe link (random, 32 bytes base64url). */
  unsubscribeToken: text('unsubscribe_token').unique(),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
});

/**
 * Messages from the contact form (SPEC §3 Contact message, §7 `/contact-us`) and part enquiries from a search that
 * found nothing (issue 37 §4, migration 0033: `kind` 'part_enquiry', with the part, vehicle and search; the
 * enquirer's whole name in `fName`, `lName` ''); mailed to the store too.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    fName: text('f_name').notNull(),
    lName: text('l_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The signed-in member who sent it, or null for a guest. */
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Marked handled in the back office (issue 12), and by whom. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by'),
    kind: text('kind').$type<ContactMessageKind>().notNull().default('contact'),
    /** A part enquiry's part number or description, vehicle and the search that found nothing; null otherwise. */
    partNumber: text('part_number'),
    vehicle: text('vehicle'),
    searchQuery: text('search_query'),
  },
  (t) => [check('contact_messages_kind_check', sql`${t.kind} IN ('contact', 'part_enquiry')`)],
);

/**
 * Return requests (SPEC §7 `/order-return`). `orderId` links the request to an order of the sender (the
 * signed-in member's, or a guest's by public id and matching email); `orderReference` is what was typed. The
 * file is kept in the uploads store under `storedFile` (a generated name, never served inline).
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial('id').primaryKey(),
    fName: text('f_name').notNull().default(''),
    lName: text('l_name').notNull().default(''),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    orderReference: text('order_reference').notNull().default(''),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull().default(''),
    /** The file as the customer named it (shown to staff only), its generated stored name, type and size. */
    fileName: text('file_name'),
    storedFile: text('stored_file'),
    fileType: text('file_type'),
    fileBytes: integer('file_bytes'),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The back office's decision (issue 12): 'open' until a staff member approves or rejects it. */
    /**
     * Issue 36 §3: 'open' (requested) → 'approved' (RA number issued) → 'received' (inspected) → 'refunded' or
     * 'replaced'; 'rejected' from any step before the last (`RETURN_STATUS_MOVES`).
     */
    status: text('status').$type<ReturnStatus>().notNull().default('open'),
    /** Approved: the amount to refund (integer cents). */
    refundCents: integer('refund_cents'),
    /** Rejected: the reason the customer is mailed; approved: an optional note. */
    decisionNote: text('decision_note').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by'),
    /** Issue 36 §3 (migration 0029): the return authorisation number (RA-000123), from its own sequence. */
    raNumber: integer('ra_number').unique(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: integer('approved_by'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedBy: integer('received_by'),
    /** What staff noted when the goods came back and were inspected. */
    inspectionNote: text('inspection_note').notNull().default(''),
    /** Issue 37 §3 (migration 0032): why the shopper sends the items back; null for the free form. */
    reason: text('reason').$type<ReturnReason>(),
  },
  (t) => [
    index('order_returns_order_idx').on(t.orderId),
    check(
      'order_returns_reason_check',
      sql`${t.reason} IS NULL OR ${t.reason} IN ('faulty', 'wrong_part', 'changed_mind', 'damaged_in_transit', 'other')`,
    ),
  ],
);

/** Return authorisation numbers (issue 36 §3): RA-000001, RA-000002 … taken when a return is approved. */
export const returnAuthorisationSeq = pgSequence('return_authorisation_seq', { startWith: 1 });

/**
 * Each order line of a return: the units the shopper asked to send back (issue 37 §3, migration 0032; 0 for rows
 * the back office wrote before), then what came back (issue 36 §3): how many, and in what condition (null until
 * the goods are received).
 */
export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    orderLineItemId: integer('order_line_item_id')
      .notNull()
      .references(() => orderLineItems.id, { onDelete: 'cascade' }),
    quantityReceived: integer('quantity_received'),
    condition: text('condition').$type<ReturnCondition>(),
    quantityRequested: integer('quantity_requested').notNull().default(0),
  },
  (t) => [
    uniqueIndex('return_lines_return_line_idx').on(t.returnId, t.orderLineItemId),
    index('return_lines_line_idx').on(t.orderLineItemId),
    check('return_lines_quantity_check', sql`${t.quantityReceived} >= 0`),
    check('return_lines_requested_check', sql`${t.quantityRequested} >= 0`),
  ],
);

/**
 * Invoice numbers (accounting only, DESIGN §5.3): `INV-001001`, `INV-001002` ... The workflow takes
 * `nextval` only after the stock is reserved, so an out-of-stock attempt leaves no gap.
 */
export const orderInvoiceNumberSeq = pgSequence('order_invoice_number_seq', { startWith: 1001 });

/**
 * Orders (SPEC §3 Order payload and Order as read back). `id` is internal; callers only ever see
 * `public_id` (16 random letters and digits, DESIGN §5.3). Billing fields and their `s_` shipping twins are
 * columns; card fields are never stored (DESIGN §5.1). Money is integer cents AUD, as the server computed it.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull().unique(),
    invoiceNumber: text('invoice_number').notNull().unique(),
    /** 0 for guests (SPEC §6). */
    userId: integer('user_id').notNull().default(0),
    /** 'pending' at creation (SPEC §4); 'cancelled' when payment fails. */
    status: text('status').notNull().default('pending'),
    /**
     * 'pending' until the provider confirms, then 'completed'; 'failed' when declined; later 'refunded',
     * 'partially_refunded' or 'disputed' from the providers' webhooks or reconciliation (issue 10).
     */
    paymentStatus: text('payment_status').notNull().default('pending'),
    /** 'Stripe' (card) or 'Paypal' (wallet), SPEC §4. */
    paymentMethod: text('payment_method').notNull(),
    /** Which provider took the payment: 'test-card', 'test-wallet', 'stripe' or 'paypal' (issue 10). */
    paymentProvider: text('payment_provider'),
    /** How a card-provider payment was made (issue 40): 'card', 'apple_pay', 'google_pay', 'afterpay_clearpay', 'zip'. */
    paymentMethodType: text('payment_method_type'),
    /**
     * The provider's payment id: the card PaymentIntent (known from the first answer, also while it waits for
     * 3-D Secure) or the wallet capture, once captured.
     */
    paymentReference: text('payment_reference').unique(),
    /** The wallet (PayPal) order the buyer approved; how a wallet payment is found before it is captured. */
    walletOrderId: text('wallet_order_id'),
    /** Set when the order is marked shipped in the back office (issue 12). */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    fName: text('f_name').notNull(),
    lName: text('l_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    streetAddress: text('street_address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postCode: text('post_code').notNull(),
    company: text('company').notNull().default(''),
    suburb: text('suburb').notNull().default('Suburbia'),
    sFName: text('s_f_name').notNull(),
    sLName: text('s_l_name').notNull(),
    sEmail: text('s_email').notNull(),
    sPhone: text('s_phone').notNull(),
    sStreetAddress: text('s_street_address').notNull(),
    sCity: text('s_city').notNull(),
    sState: text('s_state').notNull(),
    sPostCode: text('s_post_code').notNull(),
    sCompany: text('s_company').notNull().default(''),
    comment: text('comment').notNull().default(''),
    channel: text('channel').notNull().default('Web'),
    subtotalCents: integer('subtotal_cents').notNull(),
    /** Every order discount together (signup + membership plan + discount code; SPEC `discountedAmount`). */
    discountCents: integer('discount_cents').notNull().default(0),
    signupDiscountCents: integer('signup_discount_cents').notNull().default(0),
    membershipDiscountCents: integer('membership_discount_cents').notNull().default(0),
    /** The membership plan chosen at checkout (SPEC `discountPlan`), by name as it was then. */
    membershipPlanName: text('membership_plan_name'),
    deliveryChargeCents: integer('delivery_charge_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /**
     * The money model the order was charged with (decision 0046, migration 0020): true since then (GST-inclusive
     * lines, discounts and delivery; `gstCents` the GST they include; total = subtotal − discounts + delivery);
     * false for older orders (SPEC §9: ex-GST figures, `gstCents` added on top).
     */
    pricesIncludeGst: boolean('prices_include_gst').notNull().default(false),
    /** The GST percent the order was charged at (older orders: the store's rate when migrated). */
    gstPercent: integer('gst_percent').notNull(),
    /** The discount code applied (issue 34 §5), upper case as shown; null when none. */
    discountCode: text('discount_code'),
    /** What the discount code took off, cents (part of `discountCents`). */
    codeDiscountCents: integer('code_discount_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 36 §4: when the store was mailed of the paid order (set once, conditionally; migration 0030). */
    storeNotifiedAt: timestamp('store_notified_at', { withTimezone: true }),
    /**
     * Issue 38 §2: when the customer's confirmation went (set by its job after the send; migration 0035), so a
     * retried job never mails it twice.
     */
    confirmationMailedAt: timestamp('confirmation_mailed_at', { withTimezone: true }),
    /** Issue 39: the buyer's purchase order number (trade checkout), printed on the invoice; null when none. */
    purchaseOrderNumber: text('purchase_order_number'),
    /** Issue 39: the trade account the order was placed for (its user ordered while a member of it). */
    tradeAccountId: integer('trade_account_id'),
    /** Issue 39: for an order charged "On account", the day (store calendar) payment is due by the terms. */
    paymentDueDay: date('payment_due_day', { mode: 'string' }),
    /** Issue 41: 'standard', 'express' or 'click_and_collect' (delivery-rules.ts). */
    deliveryOption: text('delivery_option').$type<DeliveryOption>().notNull().default('standard'),
    /** Issue 41: the estimate as promised when the order was placed ("Delivered in 5-8 business days"). */
    deliveryEstimate: text('delivery_estimate').notNull().default(''),
    /** Issue 41: what priced the delivery: 'rule', 'table', 'auspost' or 'collect'; null for older orders. */
    deliveryRateSource: text('delivery_rate_source'),
    /** Issue 41: click & collect's location (set exactly when delivery_option is click_and_collect). */
    collectLocationId: integer('collect_location_id'),
    readyForCollectionAt: timestamp('ready_for_collection_at', { withTimezone: true }),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    /** The name of the person who collected the order, as the counter recorded it. */
    collectedBy: text('collected_by'),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // One wallet payment pays for one order only.
    uniqueIndex('orders_wallet_order_idx').on(t.walletOrderId),
    // Reconciliation reads the orders still waiting on a provider.
    index('orders_payment_status_idx').on(t.paymentStatus, t.createdAt),
    check(
      'orders_money_check',
      sql`${t.subtotalCents} >= 0 AND ${t.discountCents} >= 0 AND ${t.deliveryChargeCents} >= 0 AND ${t.gstCents} >= 0 AND ${t.totalCents} >= 0`,
    ),
    check('orders_code_discount_check', sql`${t.codeDiscountCents} >= 0`),
  ],
);

/** The lines of an order, priced by the server when the order was placed; kept if the product goes. */
export const orderLineItems = pgTable(
  'order_line_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    productTitle: text('product_title').notNull(),
    quantity: integer('quantity').notNull(),
    /** Price of one unit after the product discount, cents (inc. GST when the order's `pricesIncludeGst`). */
    unitPriceCents: integer('unit_price_cents').notNull(),
    lineSubtotalCents: integer('line_subtotal_cents').notNull(),
    /** The GST the line total includes (cents; `computeCheckoutTotals`' lineGstCents); null for older orders. */
    lineGstCents: integer('line_gst_cents'),
    /** Issue 39: the price list that priced the line for a trade customer; null at the retail price. */
    priceListName: text('price_list_name'),
  },
  (t) => [
    index('order_line_items_order_idx').on(t.orderId),
    check(
      'order_line_items_amounts_check',
      sql`${t.quantity} > 0 AND ${t.unitPriceCents} >= 0 AND ${t.lineSubtotalCents} >= 0`,
    ),
  ],
);

/**
 * One row per `Idempotency-Key` of place-order (decision 0009): claimed 'in_progress' before the work, then
 * 'done' with the answer to replay. Keys whose attempt wrote nothing are deleted again, so a corrected
 * request may reuse them; rows older than 24 h are removed lazily and their keys may be reused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    /** sha256 of the validated request body; the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /**
     * 'in_progress' while one request works on it; 'done' with the final answer to replay; 'held' with an
     * answer that is not final (3-D Secure asked for, or the provider did not answer): a repeat checks the
     * order's payment again instead of replaying (issue 10).
     */
    status: text('status').$type<'in_progress' | 'done' | 'held'>().notNull().default('in_progress'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body').$type<Record<string, unknown>>(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The request working on an 'in_progress' key (issue 43 §1, decision 0009): its writes to the row are
     * conditional on this token, so a request whose claim was taken over cannot write over the new owner's.
     */
    claimToken: uuid('claim_token'),
    /**
     * Until when the claim is its owner's (renewed while it works); once past, a repeat may take the key over
     * with one conditional UPDATE. NULL (claims made before migration 0019) never ends.
     */
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  },
  (t) => [index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Every provider event the webhooks processed (issue 10), by the provider's own event id: a replayed or
 * re-delivered event finds its row and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The order the event changed, or null when it named no order of ours. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** What the event did: e.g. 'completed', 'refunded', 'ignored'. */
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Members (SPEC §3 User profile, §6): role_id 5 (customer) and created_by 0 for everyone who signs up, whatever
 * the client sends. `email` is stored lower-case and unique; a guest's orders under the same email do not
 * count. `password_hash` is argon2id (DESIGN §5.5).
 */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  phone: text('phone').notNull(),
  passwordHash: text('password_hash').notNull(),
  roleId: integer('role_id').notNull().default(5),
  createdBy: integer('created_by').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The member's options (SPEC §3 user_meta), e.g. the business details `_b_name` ... `_b_area_address`. */
export const userMeta = pgTable(
  'user_meta',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    option: text('option').notNull(),
    value: text('value').notNull(),
  },
  (t) => [uniqueIndex('user_meta_user_option_idx').on(t.userId, t.option)],
);

/**
 * Bearer sessions (DESIGN §5.5): only the sha256 of the random token is stored. A session ends when it is
 * revoked (Sign Out), after 30 minutes without a request (`expires_at` slides), or 12 hours after sign-in.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId)],
);

/** Saved shipping addresses (SPEC §3 Saved address); always read and written through the owner's id. */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fName: text('f_name').notNull(),
    lName: text('l_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    streetAddress: text('street_address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    suburb: text('suburb').notNull().default(''),
    postCode: text('post_code').notNull(),
    addressType: text('address_type').notNull(),
    company: text('company').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_addresses_user_idx').on(t.userId, t.id)],
);

/**
 * Password-reset codes (SPEC §4 Password reset; DESIGN §5.5): the sha256 of 6 random digits, valid 5 minutes,
 * at most 5 wrong tries, used once. A new request replaces the email's earlier codes.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otpHash: text('otp_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Discount plans (SPEC §3 User detail response, §9): `signup` plans (the first gives every member order its
 * percent, the top bar's 10%) and `membership` plans, offered at checkout to the members who hold them
 * (`heldPlans`, decision 0012).
 */
export const discountPlans = pgTable('discount_plans', {
  id: serial('id').primaryKey(),
  kind: text('kind').$type<'signup' | 'membership'>().notNull(),
  planName: text('plan_name').notNull(),
  /** Whole percent, 0-100. */
  discountPercentage: integer('discount_percentage').notNull(),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * The membership plans each member holds (issue 34 §4, decision 0012; migration 0021): only these are offered at
 * checkout. Granted and removed by admins in the back office, each with an audit row. `grantedBy` is the staff
 * member who granted it (null once that staff account is deleted, or from the command line).
 */
export const heldPlans = pgTable(
  'held_plans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => discountPlans.id, { onDelete: 'cascade' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    grantedBy: integer('granted_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('held_plans_user_plan_idx').on(t.userId, t.planId)],
);

/**
 * The store's staff (issue 12): not customers. `role` 'admin' (everything) or 'staff' (orders, returns,
 * messages). A password set by `npm run admin:create` must be changed at first sign-in.
 */
export const staffUsers = pgTable('staff_users', {
  id: serial('id').primaryKey(),
  /** Stored lower-case. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  role: text('role').$type<'admin' | 'staff'>().notNull(),
  passwordHash: text('password_hash').notNull(),
  mustChangePassword: boolean('must_change_password').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** The TOTP secret (base32), set while enrolling; the second factor is on once `totpEnabledAt` is set. */
  totpSecret: text('totp_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** The last time step a code was accepted for, so one code cannot be used twice. */
  totpLastStep: integer('totp_last_step'),
});

/** Staff bearer sessions, as members' (sha256 of the token; 30 minutes idle, 12 hours at most). */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * Every change made from the back office (issue 12): who, when, what, and the row before and after, shown on the
 * order or product it touched.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** Null for changes made from the command line (`admin:create`). */
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);

/** Every move of an order's status (issue 12), shown on the order's back-office page. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    /** The staff member who moved it. */
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * Internal order notes (issue 36 §4, migration 0031): written by staff on the order's back-office page, or by the
 * store itself when a shipping address is corrected (`kind` 'address_correction', old and new address in `body`).
 * Never shown to the customer. A deleted staff member's notes stay, without an author.
 */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'note' | 'address_correction'>().notNull().default('note'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_notes_order_idx').on(t.orderId, t.createdAt),
    check('order_notes_kind_check', sql`${t.kind} IN ('note', 'address_correction')`),
    check('order_notes_body_check', sql`length(${t.body}) BETWEEN 1 AND 4000`),
  ],
);

/**
 * Refunds made from the back office (issue 12), through the payment provider that took the payment. One row per
 * refund; `idempotencyKey` (the Idempotency-Key the back office sent) makes a repeated request the same refund.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Integer cents, > 0. */
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull().default(''),
    provider: text('provider').notNull(),
    /** The provider's refund id (Stripe `re_...`, PayPal refund id, `test_refund_...`). */
    providerRefundId: text('provider_refund_id'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The return this refund settles, when it came from one. */
    returnId: integer('return_id').references(() => orderReturns.id, { onDelete: 'set null' }),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /**
     * Issue 43: 'pending' is the amount reserved (under the order's lock) before the provider is called,
     * 'succeeded' once the provider said so, 'failed' when it refused (the reservation is released). A row left
     * 'pending' by a crash between the call and its settling is found by payments:reconcile.
     */
    status: text('status').notNull().default('succeeded'),
    /** When the provider's answer settled the reservation; null while pending. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 36 §3 (migration 0029): the part of the amount that gives back the delivery charge, cents. */
    shippingCents: integer('shipping_cents').notNull().default(0),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
    check('refunds_status_check', sql`${t.status} IN ('pending', 'succeeded', 'failed')`),
    check('refunds_shipping_check', sql`${t.shippingCents} >= 0 AND ${t.shippingCents} <= ${t.amountCents}`),
  ],
);

/**
 * The units of each order line a refund gives back (issue 36 §3, migration 0029), and whether they went back on
 * the shelf. Counted against the line while their refund is pending or succeeded, so a second partial refund
 * knows what is left; a refund the provider refuses counts nowhere (and its restock is taken back).
 */
export const refundLines = pgTable(
  'refund_lines',
  {
    id: serial('id').primaryKey(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderLineItemId: integer('order_line_item_id')
      .notNull()
      .references(() => orderLineItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** What these units are worth in the refund, cents (lineRefundCents). */
    amountCents: integer('amount_cents').notNull(),
    restock: boolean('restock').notNull().default(false),
  },
  (t) => [
    uniqueIndex('refund_lines_refund_line_idx').on(t.refundId, t.orderLineItemId),
    index('refund_lines_line_idx').on(t.orderLineItemId),
    check('refund_lines_amounts_check', sql`${t.quantity} > 0 AND ${t.amountCents} >= 0`),
  ],
);

/**
 * Secrets the store makes for itself on first use and every instance shares (issue 43), e.g. the key that signs
 * order-document links. `name` is the secret's purpose; `value` is never logged nor answered.
 */
export const storeSecrets = pgTable('store_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last number given out in each series of tax documents (issue 18 §3, decision 0036): 'tax_invoice' and
 * 'adjustment_note'. A number is taken by incrementing the row in the same transaction that inserts the document,
 * so a rolled-back issue gives its number back and the series has no gaps (a sequence would leave them).
 */
export const taxDocumentCounters = pgTable('tax_document_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * One tax invoice per paid order (issue 18 §3, decision 0036), numbered `TI-000123` in its own gap-free series.
 * The seller and buyer are kept as they were at issue; the amounts are always the order's own.
 */
export const taxInvoices = pgTable('tax_invoices', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  number: integer('number').notNull().unique(),
  seller: jsonb('seller').$type<TaxDocumentSeller>().notNull(),
  buyer: jsonb('buyer').$type<TaxDocumentBuyer>().notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Adjustment notes (issue 18 §3, decision 0036): one per refund or cancellation of an invoiced order, numbered
 * `ADJ-000007` in their own gap-free series, each referencing its tax invoice. `source` names what caused it
 * (`refund:12`, `cancellation:34`), so the same event never issues two.
 */
export const adjustmentNotes = pgTable(
  'adjustment_notes',
  {
    id: serial('id').primaryKey(),
    number: integer('number').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    taxInvoiceId: integer('tax_invoice_id')
      .notNull()
      .references(() => taxInvoices.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'refund' | 'cancellation'>().notNull(),
    source: text('source').notNull().unique(),
    /** The amount given back, GST included, and the GST in it (integer cents, > 0). */
    amountCents: integer('amount_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    reason: text('reason').notNull().default(''),
    seller: jsonb('seller').$type<TaxDocumentSeller>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('adjustment_notes_order_idx').on(t.orderId, t.number),
    check('adjustment_notes_amounts_check', sql`${t.amountCents} > 0 AND ${t.gstCents} >= 0`),
  ],
);

/**
 * Catalog imports started from the back office (issue 12): progress read by the upload screen while the same
 * importer as the CLI runs. `rejected` holds `{ line, reason }` per refused row; `warnings` the rest (images that
 * did not download).
 */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    /** A random uuid, the import's id in its URL. */
    id: text('id').primaryKey(),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /** 'shopify' | 'woocommerce' | 'store', once detected. */
    format: text('format'),
    /** 'running' from the upload (queued for its job, then worked) until 'finished' or 'failed'. */
    status: text('status').$type<'running' | 'finished' | 'failed'>().notNull().default('running'),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsRejected: integer('rows_rejected').notNull().default(0),
    rejected: jsonb('rejected').$type<{ line: number; reason: string }[]>().notNull().default([]),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    /** Why a failed import stopped (nothing was written). */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * The pg-boss job working it (queue `catalog-import`, decision 0062), written with the row in the upload's
     * transaction; null on imports from before migration 0036.
     */
    jobId: uuid('job_id'),
  },
  (t) => [
    index('catalog_imports_created_idx').on(t.createdAt),
    // One import running (queued or worked) at a time, whichever instance took the upload (migration 0036).
    uniqueIndex('catalog_imports_one_running_idx')
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
  ],
);

/**
 * Vehicles as parts catalogues model them (issue 15, decision 0029; fields as `@store/shared/vehicle`): loaded by
 * `npm run vehicles:import`, which upserts by `vehicle_key` (make, model, series, submodel, start, body, engine
 * code and drive, case-folded). Engine size in tenths of a litre (28 = 2.8 L), so no float is stored.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    vehicleKey: text('vehicle_key').notNull().unique(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    series: text('series').notNull(),
    submodel: text('submodel').notNull().default(''),
    yearFrom: smallint('year_from').notNull(),
    monthFrom: smallint('month_from'),
    yearTo: smallint('year_to'),
    monthTo: smallint('month_to'),
    body: text('body').notNull(),
    engineCode: text('engine_code').notNull().default(''),
    engineDecilitres: smallint('engine_decilitres'),
    fuel: text('fuel').notNull(),
    powerKw: smallint('power_kw'),
    drive: text('drive').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vehicles_make_model_idx').on(sql`lower(${t.make})`, sql`lower(${t.model})`, t.yearFrom),
    check('vehicles_years_check', sql`${t.yearTo} IS NULL OR ${t.yearTo} >= ${t.yearFrom}`),
  ],
);

/**
 * Which product fits which vehicle (issue 15 §2, decision 0030), with the position and the notes a mechanic would
 * write ("with ABS", "from 08/2016") and where the fact came from. Written by `npm run fitment:import`, which
 * expands each range of its file into these rows. A product may fit one vehicle in two positions (front, rear).
 */
export const fitments = pgTable(
  'fitments',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    position: text('position').notNull().default(''),
    notes: text('notes').notNull().default(''),
    source: text('source', { enum: FITMENT_SOURCES }).notNull().default('manufacturer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.vehicleId, t.position] }),
    index('fitments_vehicle_idx').on(t.vehicleId, t.productId),
  ],
);

/**
 * My Garage (issue 15 §5, decision 0033): a member's saved vehicles, each a vehicle of the list in the model year
 * they chose, with an optional name of their own. At most 10 per member (checked by the service, which locks the
 * member's row while it adds). Always read and written through the owner's id; a guest's garage stays in the browser.
 */
export const garageVehicles = pgTable(
  'garage_vehicles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    name: text('name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('garage_vehicles_user_vehicle_year_idx').on(t.userId, t.vehicleId, t.year)],
);

/**
 * Discount codes (issue 34 §5, decision 0047; migration 0022): made in the back office (or one per newsletter
 * subscriber), entered at checkout, checked and applied by the server (`modules/discount-codes`). `code` is stored
 * upper case and unique. `kind` 'percent' (`value` a whole percent, 1-100) or 'amount' (`value` cents inc. GST off
 * the lines it applies to). `appliesTo` 'all', 'products' or 'categories' (`targetIds` the product or category
 * ids). `usedCount` counts the redemptions of orders not cancelled; it never passes `usageLimit` (null: no limit),
 * which holds under concurrent orders because redeeming locks the code's row (decision 0041). `email` ties a
 * code to one buyer (a newsletter subscriber's welcome code).
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind').$type<'percent' | 'amount'>().notNull(),
    value: integer('value').notNull(),
    minSpendCents: integer('min_spend_cents').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    appliesTo: text('applies_to').$type<'all' | 'products' | 'categories'>().notNull().default('all'),
    targetIds: integer('target_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Lower case; null for codes anyone may use. */
    email: text('email'),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Who made it: a staff member, or null (a newsletter welcome code, or a deleted staff account). */
    createdBy: integer('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_idx').on(t.code),
    index('discount_codes_created_idx').on(t.createdAt),
    check(
      'discount_codes_rules_check',
      sql`${t.code} = upper(${t.code}) AND ${t.kind} IN ('percent', 'amount') AND ${t.value} > 0 AND (${t.kind} <> 'percent' OR ${t.value} <= 100) AND ${t.minSpendCents} >= 0 AND ${t.appliesTo} IN ('all', 'products', 'categories') AND ${t.usedCount} >= 0 AND (${t.usageLimit} IS NULL OR (${t.usageLimit} > 0 AND ${t.usedCount} <= ${t.usageLimit}))`,
    ),
  ],
);

/**
 * One row per order that used a discount code (issue 34 §5), inserted in the order's own transaction under the
 * code's row lock, deleted (and the code's `used_count` given back) when the order is cancelled unpaid. `once`
 * is the code's once-per-customer rule as it was at redemption; the partial unique index makes "once per email"
 * hold in the database too.
 */
export const discountCodeRedemptions = pgTable(
  'discount_code_redemptions',
  {
    id: serial('id').primaryKey(),
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The order's email, lower case. */
    email: text('email').notNull(),
    /** The member's id; 0 for guests (as `orders.user_id`). */
    userId: integer('user_id').notNull().default(0),
    once: boolean('once').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_code_redemptions_order_idx').on(t.orderId),
    uniqueIndex('discount_code_redemptions_once_idx')
      .on(t.codeId, t.email)
      .where(sql`${t.once}`),
    index('discount_code_redemptions_code_user_idx').on(t.codeId, t.userId),
  ],
);

/**
 * A daily job's run (issue 36 §4, migration 0030, decision 0054): the instance whose `INSERT … ON CONFLICT DO
 * NOTHING` of (job, store-local day) made the row runs it; every other instance finds it taken and does nothing.
 */
export const dailyJobRuns = pgTable(
  'daily_job_runs',
  {
    job: text('job').notNull(),
    /** The store's calendar day (Sydney), yyyy-mm-dd. */
    day: date('day', { mode: 'string' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** What the run did, e.g. 'sent 3' or 'nothing low'. */
    outcome: text('outcome'),
  },
  (t) => [primaryKey({ columns: [t.job, t.day], name: 'daily_job_runs_pkey' })],
);

/**
 * The home page's hero slides, side banners and offer banners as the owner edits them (issue 36 §2, decision 0051;
 * migration 0027). Shown in `position` order while inside their window (`startsAt` inclusive, `endsAt`
 * exclusive, either open when null). A kind with no rows shows the demo content of `store_settings`. The picture is
 * a path under the media folder, with its measured size and WebP copy widths (decision 0026).
 */
export const homeContentItems = pgTable(
  'home_content_items',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'hero_slide' | 'side_banner' | 'offer_banner'>().notNull(),
    position: integer('position').notNull(),
    image: text('image').notNull(),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    imageWidths: integer('image_widths')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    heading: text('heading').notNull(),
    text: text('text').notNull().default(''),
    cta: text('cta').notNull().default(''),
    link: text('link').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('home_content_items_kind_position_idx').on(t.kind, t.position),
    check('home_content_items_kind_check', sql`${t.kind} IN ('hero_slide', 'side_banner', 'offer_banner')`),
    check(
      'home_content_items_window_check',
      sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
);

/**
 * The featured products' order on the home page (issue 36 §2; migration 0027): `products.is_featured` says which
 * are featured; a featured product with a row here comes in `position` order before those without (newest first).
 */
export const homeFeaturedProducts = pgTable('home_featured_products', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
});

/**
 * A member's cart kept with the account (issue 37 §5, decision 0060; migration 0034): the cart's `version`, one
 * more after every save that changes it; a save built on an older version is refused (409) and merged by the
 * browser, so two devices' saves never interleave. Written only through `PUT /api/cart`, always for the
 * session's member (the browser saves it empty when an order placed from it succeeds).
 */
export const memberCarts = pgTable('member_carts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The lines of a member's cart, in the order shown (`position`); quantities 1 to 100 like the browser's cart. */
export const memberCartLines = pgTable(
  'member_cart_lines',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => memberCarts.userId, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check('member_cart_lines_quantity_check', sql`${t.quantity} BETWEEN 1 AND 100`),
  ],
);

/** Issue 39, decision 0066: named trade price lists; a list's rules follow the one precedence rule (trade-pricing.ts). */
export const priceLists = pgTable('price_lists', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A percentage off (any scope) or a fixed price inc. GST (products only); one rule per list, scope and target. */
export const priceListRules = pgTable('price_list_rules', {
  id: serial('id').primaryKey(),
  priceListId: integer('price_list_id')
    .notNull()
    .references(() => priceLists.id, { onDelete: 'cascade' }),
  scope: text('scope').notNull(),
  targetId: integer('target_id'),
  /** Percent off the shelf price, as a numeric string ("12.500"); null for a fixed price. */
  percentOff: numeric('percent_off', { precision: 6, scale: 3 }),
  fixedPriceCents: integer('fixed_price_cents'),
});

/** A business applying for, or holding, a trade account (issue 39 §1). */
export const tradeAccounts = pgTable('trade_accounts', {
  id: serial('id').primaryKey(),
  status: text('status').notNull().default('pending'),
  businessName: text('business_name').notNull(),
  /** 11 digits, no spaces. */
  abn: text('abn').notNull(),
  gstRegistered: boolean('gst_registered').notNull(),
  streetAddress: text('street_address').notNull(),
  suburb: text('suburb').notNull(),
  state: text('state').notNull(),
  postCode: text('post_code').notNull(),
  contactName: text('contact_name').notNull(),
  contactPhone: text('contact_phone').notNull(),
  accountsEmail: text('accounts_email').notNull(),
  expectedMonthlySpendCents: integer('expected_monthly_spend_cents').notNull(),
  /** What the ABR's ABN Lookup said when the business applied (AbnCheck); null without a GUID or an answer. */
  abnCheck: jsonb('abn_check').$type<AbnCheck>(),
  creditLimitCents: integer('credit_limit_cents').notNull().default(0),
  terms: text('terms').notNull().default('30_eom'),
  declineReason: text('decline_reason'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decidedBy: integer('decided_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tradeAccountPriceLists = pgTable(
  'trade_account_price_lists',
  {
    tradeAccountId: integer('trade_account_id')
      .notNull()
      .references(() => tradeAccounts.id, { onDelete: 'cascade' }),
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.tradeAccountId, t.priceListId] })],
);

/** The customers who order for a business: its owner (who applied) and the buyers the owner added. */
export const tradeAccountUsers = pgTable(
  'trade_account_users',
  {
    tradeAccountId: integer('trade_account_id')
      .notNull()
      .references(() => tradeAccounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tradeAccountId, t.userId] }),
    uniqueIndex('trade_account_users_user_idx').on(t.userId),
  ],
);

/**
 * The account's ledger: an invoice (order charged on account, cents owed, with its due day), a payment received or
 * a credit (negative cents). The balance is the sum; ageing allocates payments and credits to the oldest invoices.
 */
export const tradeLedger = pgTable('trade_ledger', {
  id: serial('id').primaryKey(),
  tradeAccountId: integer('trade_account_id')
    .notNull()
    .references(() => tradeAccounts.id, { onDelete: 'restrict' }),
  kind: text('kind').notNull(),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  amountCents: integer('amount_cents').notNull(),
  reference: text('reference').notNull().default(''),
  /** The store's calendar day of the entry (YYYY-MM-DD). */
  entryDay: date('entry_day', { mode: 'string' }).notNull(),
  dueDay: date('due_day', { mode: 'string' }),
  recordedBy: integer('recorded_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Issue 41, decision 0069: the store's locations (a warehouse, a shop front): address, hours, ships, hands over. */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    streetAddress: text('street_address').notNull().default(''),
    suburb: text('suburb').notNull().default(''),
    state: text('state').notNull().default('NSW'),
    postCode: text('post_code').notNull().default(''),
    phone: text('phone').notNull().default(''),
    openingHours: jsonb('opening_hours').$type<OpeningHours>().notNull(),
    ships: boolean('ships').notNull().default(true),
    handsOver: boolean('hands_over').notNull().default(false),
    readyMinutes: integer('ready_minutes').notNull().default(60),
    dispatchDaysMin: integer('dispatch_days_min').notNull().default(0),
    dispatchDaysMax: integer('dispatch_days_max').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('locations_ready_minutes_check', sql`${t.readyMinutes} BETWEEN 5 AND 1440`),
    check(
      'locations_dispatch_days_check',
      sql`${t.dispatchDaysMin} >= 0 AND ${t.dispatchDaysMax} >= ${t.dispatchDaysMin} AND ${t.dispatchDaysMax} <= 30`,
    ),
  ],
);

/**
 * Units on hand per product and location (issue 41). For a product that tracks stock, `products.stock` is the sum
 * of its rows here, changed in the same transaction as them (decision 0069).
 */
export const locationStock = pgTable(
  'location_stock',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    onHand: integer('on_hand').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'location_stock_pk', columns: [t.productId, t.locationId] }),
    index('location_stock_location_idx').on(t.locationId, t.productId),
    check('location_stock_on_hand_check', sql`${t.onHand} >= 0`),
  ],
);

/** Where an order's units were reserved (issue 41), so a cancel or restock puts them back there. */
export const orderStockAllocations = pgTable(
  'order_stock_allocations',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    /** Units of this allocation already put back (cancel, restock). */
    released: integer('released').notNull().default(0),
  },
  (t) => [
    index('order_stock_allocations_order_idx').on(t.orderId),
    check(
      'order_stock_allocations_quantity_check',
      sql`${t.quantity} > 0 AND ${t.released} >= 0 AND ${t.released} <= ${t.quantity}`,
    ),
  ],
);

/** Why stock moved (issue 41): a transfer between locations, a count, goods received, an order or its release. */
export type StockMovementReason =
  'transfer' | 'count' | 'received' | 'order' | 'order_released' | 'restock' | 'import';

/** Every change of stock at a location, with why and who (issue 41 §1: transfers with a history). */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null for stock that arrives (received, count up, release); set for stock that leaves. */
    fromLocationId: integer('from_location_id').references(() => locations.id, { onDelete: 'restrict' }),
    toLocationId: integer('to_location_id').references(() => locations.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    reason: text('reason').$type<StockMovementReason>().notNull(),
    note: text('note').notNull().default(''),
    orderId: integer('order_id'),
    staffUserId: integer('staff_user_id'),
    staffName: text('staff_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId, t.createdAt.desc()),
    index('stock_movements_created_idx').on(t.createdAt.desc()),
    check('stock_movements_quantity_check', sql`${t.quantity} > 0`),
  ],
);
