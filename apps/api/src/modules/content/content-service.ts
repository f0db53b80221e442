/**
 * Store settings and brand lists (SPEC §3 General settings, Social links, Brand; §2 Home page content).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Brand } from '@store/shared/product';
import { FALLBACK_STORE_NAME } from '@store/shared/store-name';
import { type SocialLinks, type StoreConfig, type StoreSettingsInput } from '@store/shared/store-settings';
import type { Database } from '../../db/client';
import { brands, storeSettings } from '../../db/schema';

export type StoreSettingsRow = typeof storeSettings.$inferSelect;

/** The settings row, or the defaults of a store nobody has configured yet. */
export async function getStoreSettings(db: Database): Promise<StoreSettingsRow> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1)).limit(1);
  return (
    row ?? {
      id: 1,
      storeName: FALLBACK_STORE_NAME,
      metaTitle: '',
      metaDescription: '',
      gstPercent: 10,
      deliveryChargeCents: 1650,
      freeDeliveryThresholdCents: 10000,
      socialLinks: {},
      heroSlides: [],
      banners: {},
      brandSlider: [],
      abn: '',
      businessAddress: '',
      salesEmail: '',
      phone: '',
      updatedAt: new Date(0),
    }
  );
}

/** Writes the whole settings document (demo loader, admin tasks). */
export async function saveStoreSettings(db: Database, input: StoreSettingsInput): Promise<void> {
  const values = {
    id: 1,
    storeName: input.store_name,
    metaTitle: input.meta_title,
    metaDescription: input.meta_description,
    gstPercent: input.gst_percent,
    deliveryChargeCents: input.delivery_charge_cents,
    freeDeliveryThresholdCents: input.free_delivery_threshold_cents,
    socialLinks: input.social_links,
    heroSlides: input.hero_slides,
    banners: input.banners,
    brandSlider: input.brand_slider,
    abn: input.abn,
    businessAddress: input.business_address,
    salesEmail: input.sales_email,
    phone: input.phone,
    updatedAt: new Date(),
  };
  await db.insert(storeSettings).values(values).onConflictDoUpdate({ target: storeSettings.id, set: values });
}

function presentBrand(b: typeof brands.$inferSelect): Brand {
  return {
    id: b.id,
    title: b.title,
    permalink: b.permalink,
    cover_image: b.coverImage,
    logo_image: b.logoImage,
  };
}

/** All brands A-Z. */
export async function listBrands(db: Database): Promise<Brand[]> {
  const rows = await db.select().from(brands).orderBy(asc(brands.title));
  return rows.map(presentBrand);
}

/** The home brands strip: the configured entries in order, or every brand with a logo when none are set. */
export async function listBrandSlider(db: Database): Promise<Brand[]> {
  const settings = await getStoreSettings(db);
  const permalinks = settings.brandSlider.map((e) => e.brand);
  if (permalinks.length === 0) {
    return (await listBrands(db)).filter((b) => b.logo_image);
  }
  const rows = await db.select().from(brands).where(inArray(brands.permalink, permalinks));
  const byPermalink = new Map(rows.map((r) => [r.permalink, r]));
  return permalinks
    .map((p) => byPermalink.get(p))
    .filter((b): b is typeof brands.$inferSelect => b !== undefined)
    .map(presentBrand);
}

/** Social links with empty values dropped, so the footer shows only links that exist (SPEC §2 Footer). */
export function presentSocialLinks(links: SocialLinks): SocialLinks {
  return Object.fromEntries(Object.entries(links).filter(([, v]) => typeof v === 'string' && v !== ''));
}

/** SPEC §1: store name and meta texts from configuration, plus what the shell needs. */
export function presentStoreConfig(
  row: StoreSettingsRow,
  mediaBaseUrl: string,
  services: Pick<
    StoreConfig,
    | 'card_payments'
    | 'stripe_publishable_key'
    | 'wallet_payments'
    | 'address_lookup'
    | 'member_discount_percent'
  >,
): StoreConfig {
  return {
    store_name: row.storeName || FALLBACK_STORE_NAME,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    media_base_url: mediaBaseUrl,
    gst_percent: row.gstPercent,
    delivery_charge: row.deliveryChargeCents / 100,
    free_delivery_threshold: row.freeDeliveryThresholdCents / 100,
    hero_slides: row.heroSlides,
    banners: row.banners,
    business_contact: { address: row.businessAddress, phone: row.phone, email: row.salesEmail },
    ...services,
  };
}
