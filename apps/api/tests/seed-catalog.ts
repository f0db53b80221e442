/**
 * A small hand-written catalog for API tests, inserted straight through Drizzle so the catalog API is
 * tested apart from the importer.
 */
import type { Database } from '../src/db/client';
import {
  brands,
  categories,
  childCategories,
  productDiscounts,
  productImages,
  products,
} from '../src/db/schema';
import { bumpCatalogVersion } from '../src/modules/catalog/catalog-version';
import { saveStoreSettings } from '../src/modules/content/content-service';
import { storeSettingsInputSchema } from '@store/shared/store-settings';

interface SeedProduct {
  sku: string;
  title: string;
  child: string;
  brand: string;
  /** Shelf price, cents inc. GST (decision 0046). */
  priceCents: number;
  stock?: number | null;
  tags?: string;
  discount?: { type: 0 | 1; value: number };
  images?: string[];
  featured?: boolean;
}

export const SEED_PRODUCTS: SeedProduct[] = [
  {
    sku: 'KL-H4-6055',
    title: 'H4 Halogen Headlight Globe 12V 60/55W',
    child: 'headlight-globes',
    brand: 'kestrel',
    priceCents: 2495,
    tags: 'headlamp, headlight bulb',
    images: ['products/kl-h4.svg', 'products/kl-h4-side.svg'],
    featured: true,
  },
  {
    sku: 'KL-H7-55',
    title: 'H7 Halogen Headlight Globe 12V 55W Twin Pack',
    child: 'headlight-globes',
    brand: 'kestrel',
    priceCents: 2995,
    tags: 'headlamp, globe',
    discount: { type: 0, value: 10 },
  },
  {
    sku: 'BL-LED-H4',
    title: 'LED Headlight Conversion Kit H4',
    child: 'led-kits',
    brand: 'brightline',
    priceCents: 14900,
    discount: { type: 1, value: 2000 },
  },
  {
    sku: 'BL-TORCH-1000',
    title: 'Rechargeable LED Torch 1000 Lumen',
    child: 'torches',
    brand: 'brightline',
    priceCents: 5995,
    stock: 0,
  },
  {
    sku: 'VC-NS70-680',
    title: 'NS70 Car Battery 680 CCA',
    child: 'car-batteries',
    brand: 'voltcore',
    priceCents: 23900,
    tags: 'battery, starter battery',
    featured: true,
  },
  {
    sku: 'VC-DIN65-720',
    title: 'DIN65 European Car Battery 720 CCA',
    child: 'car-batteries',
    brand: 'voltcore',
    priceCents: 27900,
  },
  {
    sku: 'VC-DC120',
    title: '120Ah Deep Cycle AGM Battery',
    child: 'deep-cycle',
    brand: 'voltcore',
    priceCents: 39900,
    stock: null,
  },
  {
    sku: 'TQ-SOCK-94',
    title: '94 Piece Socket Set 1/4 and 1/2 Drive',
    child: 'socket-sets',
    brand: 'torqmax',
    priceCents: 12900,
  },
  {
    sku: 'TQ-SPAN-12',
    title: 'Combination Spanner Set 12 Piece Metric',
    child: 'spanners',
    brand: 'torqmax',
    priceCents: 6900,
  },
  {
    sku: 'GW-NUT-M12',
    title: 'Chrome Wheel Nuts M12x1.5 Set of 20',
    child: 'wheel-nuts',
    brand: 'gripwell',
    priceCents: 3900,
  },
  {
    sku: 'GW-LOCK-M12',
    title: 'Locking Wheel Nut Set M12x1.5 with Key',
    child: 'locking-nuts',
    brand: 'gripwell',
    priceCents: 4900,
  },
];

export const SEED_CATEGORIES = [
  {
    sku: 'headlights-and-torches',
    title: 'Headlights & Torches',
    children: [
      ['headlight-globes', 'Headlight Globes'],
      ['led-kits', 'LED Conversion Kits'],
      ['torches', 'Torches & Work Lights'],
    ],
  },
  {
    sku: 'batteries',
    title: 'Batteries',
    children: [
      ['car-batteries', 'Car Batteries'],
      ['deep-cycle', '4WD & Deep Cycle'],
    ],
  },
  {
    sku: 'tools',
    title: 'Tools',
    children: [
      ['socket-sets', 'Socket Sets'],
      ['spanners', 'Spanners & Wrenches'],
    ],
  },
  {
    sku: 'wheel-and-lock-nuts',
    title: 'Wheel & Lock Nuts',
    children: [
      ['wheel-nuts', 'Wheel Nuts'],
      ['locking-nuts', 'Locking Wheel Nuts'],
    ],
  },
] as const;

export const SEED_BRANDS = [
  { permalink: 'kestrel', title: 'Kestrel Lighting' },
  { permalink: 'brightline', title: 'Brightline' },
  { permalink: 'voltcore', title: 'Voltcore' },
  { permalink: 'torqmax', title: 'Torqmax' },
  { permalink: 'gripwell', title: 'Gripwell' },
];

/**
 * Inserts the seed catalog plus `extra` generated filler products in a child category (for paging), with the store
 * settings' defaults (GST 10 %, $16.50 delivery under $100, both inc. GST like every seeded price).
 */
export async function seedCatalog(db: Database, extra = 0): Promise<void> {
  await saveStoreSettings(
    db,
    storeSettingsInputSchema.parse({
      store_name: 'Test Auto Parts',
      meta_title: 'Test Auto Parts | Parts online',
      meta_description: 'Parts for tests',
      social_links: { _facebook_link: 'https://www.facebook.com/test-auto' },
      brand_slider: [{ brand: 'voltcore' }, { brand: 'kestrel' }],
    }),
  );
  const brandRows = await db
    .insert(brands)
    .values(SEED_BRANDS.map((b) => ({ ...b, logoImage: `brands/${b.permalink}.svg` })))
    .returning();
  const brandId = new Map(brandRows.map((b) => [b.permalink, b]));
  const childInfo = new Map<
    string,
    { id: number; categoryId: number; title: string; categoryTitle: string }
  >();
  let pos = 0;
  for (const c of SEED_CATEGORIES) {
    const [cat] = await db
      .insert(categories)
      .values({ sku: c.sku, permalink: c.sku, title: c.title, position: pos++ })
      .returning();
    if (!cat) throw new Error('category insert failed');
    let childPos = 0;
    for (const [childSku, childTitle] of c.children) {
      const [ch] = await db
        .insert(childCategories)
        .values({ categoryId: cat.id, childSku, childTitle, position: childPos++ })
        .returning();
      if (!ch) throw new Error('child insert failed');
      childInfo.set(childSku, { id: ch.id, categoryId: cat.id, title: childTitle, categoryTitle: c.title });
    }
  }
  const fillers: SeedProduct[] = Array.from({ length: extra }, (_, i) => ({
    sku: `TQ-FILL-${String(i + 1).padStart(3, '0')}`,
    title: `Workshop Filler Tool ${i + 1}`,
    child: 'spanners',
    brand: 'torqmax',
    priceCents: 1000 + i,
  }));
  const all = [...SEED_PRODUCTS, ...fillers];
  let created = Date.UTC(2026, 0, 1);
  for (const p of all) {
    const child = childInfo.get(p.child);
    const brand = brandId.get(p.brand);
    if (!child || !brand) throw new Error(`bad seed row ${p.sku}`);
    const [row] = await db
      .insert(products)
      .values({
        sku: p.sku,
        title: p.title,
        permalink: p.sku.toLowerCase(),
        categoryId: child.categoryId,
        childCategoryId: child.id,
        brandId: brand.id,
        priceCents: p.priceCents,
        stock: p.stock === undefined ? 25 : p.stock,
        weightGrams: 1250,
        shortDescription: `${p.title}.`,
        longDescription: `<p>${p.title} for Australian roads.</p>`,
        seoTitle: p.title,
        seoTags: p.tags ?? null,
        isFeatured: p.featured ?? false,
        searchBrand: brand.title,
        searchCategory: `${child.categoryTitle} ${child.title}`,
        // Seed rows are a minute apart so "newest first" has one right answer.
        createdAt: new Date((created += 60_000)),
      })
      .returning({ id: products.id });
    if (!row) throw new Error('product insert failed');
    if (p.discount) {
      await db
        .insert(productDiscounts)
        .values({ productId: row.id, discountType: p.discount.type, discountValue: p.discount.value });
    }
    const imgs = p.images ?? [`products/${p.sku.toLowerCase()}.svg`];
    await db
      .insert(productImages)
      .values(imgs.map((path, i) => ({ productId: row.id, path, isFeatured: i === 0, position: i })));
  }
  // Like every catalog change: the read models of running apps reload (decision 0019).
  await bumpCatalogVersion(db);
}

/**
 * Inserts one more product (no category or brand) for tests that need stock of their own, so the seed
 * SKUs other tests rely on stay as they are. Returns its id.
 */
export async function seedProduct(
  db: Database,
  p: {
    sku: string;
    title: string;
    priceCents: number;
    stock: number | null;
    discount?: SeedProduct['discount'];
  },
): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({
      sku: p.sku,
      title: p.title,
      permalink: p.sku.toLowerCase(),
      priceCents: p.priceCents,
      stock: p.stock,
      searchBrand: '',
      searchCategory: '',
    })
    .returning({ id: products.id });
  if (!row) throw new Error('product insert failed');
  if (p.discount) {
    await db
      .insert(productDiscounts)
      .values({ productId: row.id, discountType: p.discount.type, discountValue: p.discount.value });
  }
  return row.id;
}
