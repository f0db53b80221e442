/**
 * Drizzle schema of the catalog (SPEC §3: Product, Category, Brand; general settings).
 * Money is integer cents (AUD), weights integer grams. The API turns these rows into the
 * SPEC's shapes (`product_meta`, `discount_data`) in `modules/catalog/product-presenter.ts`.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BannerSet, BrandSliderEntry, HeroSlide, SocialLinks } from '@store/shared/store-settings';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  /** Stable code used by `/shop?category=`; a slug of the title unless the catalog gives one. */
  sku: text('sku').notNull().unique(),
  permalink: text('permalink').notNull().unique(),
  thumbnailImage: text('thumbnail_image'),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
  },
  (t) => [index('child_categories_category_id_idx').on(t.categoryId, t.position)],
);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  permalink: text('permalink').notNull().unique(),
  logoImage: text('logo_image'),
  coverImage: text('cover_image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    /** Price before discount, integer cents AUD. */
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
    /** Brand and category titles copied here so the search columns can be generated. `search_text` feeds
     * the spelling vocabulary (`search_words`). */
    searchBrand: text('search_brand').notNull().default(''),
    searchCategory: text('search_category').notNull().default(''),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(title || ' ' || sku || ' ' || search_brand || ' ' || search_category || ' ' || coalesce(seo_tags, ''))`,
    ),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('simple'::regconfig, sku), 'A') || setweight(to_tsvector('english'::regconfig, search_brand), 'B') || setweight(to_tsvector('english'::regconfig, search_category || ' ' || coalesce(seo_tags, '')), 'C')`,
    ),
    /** Hash of the imported fields, so a re-import can tell unchanged rows cheaply. */
    importHash: text('import_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    index('products_search_vector_idx').using('gin', t.searchVector),
    uniqueIndex('products_sku_lower_idx').on(sql`lower(${t.sku})`),
  ],
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
  deliveryChargeCents: integer('delivery_charge_cents').notNull().default(1500),
  freeDeliveryThresholdCents: integer('free_delivery_threshold_cents').notNull().default(10000),
  socialLinks: jsonb('social_links').$type<SocialLinks>().notNull().default({}),
  heroSlides: jsonb('hero_slides').$type<HeroSlide[]>().notNull().default([]),
  banners: jsonb('banners').$type<BannerSet>().notNull().default({}),
  brandSlider: jsonb('brand_slider').$type<BrandSliderEntry[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The catalog's vocabulary (distinct words of product search text), refreshed after each import.
 * Search corrects a misspelt word to its nearest vocabulary word by trigram similarity.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/** Newsletter subscribers (SPEC §3); one row per address, stored lower-case. */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
