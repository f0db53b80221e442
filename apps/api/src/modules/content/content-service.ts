/**
 * Store settings and brand lists (SPEC §3 General settings, Social links, Brand; §2 Home page content).
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Brand } from '@store/shared/product';
import { DEFAULT_OPENING_HOURS } from '@store/shared/opening-hours';
import { FALLBACK_STORE_NAME } from '@store/shared/store-name';
import { DEFAULT_STORE_PROMISES, type StorePromises } from '@store/shared/store-promises';
import { type SocialLinks, type StoreConfig, type StoreSettingsInput } from '@store/shared/store-settings';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { brands, permalinkRedirects, storeSettings } from '../../db/schema';

export type StoreSettingsRow = typeof storeSettings.$inferSelect;

/** The settings of a store nobody has configured yet (no row): a new object each call, the caller's to keep. */
export function unconfiguredStoreSettings(): StoreSettingsRow {
  return {
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
    openingHours: DEFAULT_OPENING_HOURS,
    orderCutoff: DEFAULT_STORE_PROMISES.orderCutoff,
    handlingDaysMin: DEFAULT_STORE_PROMISES.handlingDaysMin,
    handlingDaysMax: DEFAULT_STORE_PROMISES.handlingDaysMax,
    deliveryDaysMin: DEFAULT_STORE_PROMISES.deliveryDaysMin,
    deliveryDaysMax: DEFAULT_STORE_PROMISES.deliveryDaysMax,
    returnWindowDays: DEFAULT_STORE_PROMISES.returnWindowDays,
    version: 1,
    expressEnabled: true,
    expressDaysMin: 1,
    expressDaysMax: 3,
    bulkySurchargeCents: 2500,
    uncollectedAfterDays: 7,
    rateTable: null,
  };
}

// Read by every checkout quote, order and mail (decision 0096): built once per database handle.
const settingsRow = preparedStatement((db) =>
  db.select().from(storeSettings).where(eq(storeSettings.id, 1)).limit(1),
);

/** The settings row, or the defaults of a store nobody has configured yet (`unconfiguredStoreSettings`). */
export async function getStoreSettings(db: Database): Promise<StoreSettingsRow> {
  const [row] = await settingsRow(db).execute();
  return row ?? unconfiguredStoreSettings();
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
  await db
    .insert(storeSettings)
    .values(values)
    // A back-office form opened before this write must not save over it (issue 36 §5).
    .onConflictDoUpdate({
      target: storeSettings.id,
      set: { ...values, version: sql`${storeSettings.version} + 1` },
    });
}

/** The store's promises from its settings row (issue 36 §5): the one source the storefront, mails and PDFs word. */
export function storePromisesOfRow(row: StoreSettingsRow): StorePromises {
  return {
    deliveryChargeCents: row.deliveryChargeCents,
    freeDeliveryThresholdCents: row.freeDeliveryThresholdCents,
    orderCutoff: row.orderCutoff,
    handlingDaysMin: row.handlingDaysMin,
    handlingDaysMax: row.handlingDaysMax,
    deliveryDaysMin: row.deliveryDaysMin,
    deliveryDaysMax: row.deliveryDaysMax,
    returnWindowDays: row.returnWindowDays,
  };
}

function presentBrand(b: typeof brands.$inferSelect): Brand {
  return {
    id: b.id,
    title: b.title,
    permalink: b.permalink,
    cover_image: b.coverImage,
    cover_image_info: b.coverImageInfo,
    logo_image: b.logoImage,
    logo_image_info: b.logoImageInfo,
  };
}

/** All brands A-Z, retired ones left out (decision 0050). */
export async function listBrands(db: Database): Promise<Brand[]> {
  const rows = await db.select().from(brands).where(isNull(brands.retiredAt)).orderBy(asc(brands.title));
  return rows.map(presentBrand);
}

/**
 * The home brands strip: the configured entries in order, or every brand with a logo when none are set. An entry
 * naming a brand's old permalink shows the renamed brand (decision 0050); retired brands are left out.
 */
export async function listBrandSlider(db: Database): Promise<Brand[]> {
  const settings = await getStoreSettings(db);
  const permalinks = settings.brandSlider.map((e) => e.brand);
  if (permalinks.length === 0) {
    return (await listBrands(db)).filter((b) => b.logo_image);
  }
  const [rows, moved] = await Promise.all([
    db
      .select()
      .from(brands)
      .where(and(inArray(brands.permalink, permalinks), isNull(brands.retiredAt))),
    db
      .select({ oldValue: permalinkRedirects.oldValue, brand: brands })
      .from(permalinkRedirects)
      .innerJoin(brands, eq(brands.id, permalinkRedirects.targetId))
      .where(
        and(
          eq(permalinkRedirects.kind, 'brand'),
          inArray(permalinkRedirects.oldValue, permalinks),
          isNull(brands.retiredAt),
        ),
      ),
  ]);
  const byPermalink = new Map(moved.map((r) => [r.oldValue, r.brand]));
  for (const r of rows) byPermalink.set(r.permalink, r);
  const seen = new Set<number>();
  return permalinks
    .map((p) => byPermalink.get(p))
    .filter((b): b is typeof brands.$inferSelect => b !== undefined && !seen.has(b.id) && !!seen.add(b.id))
    .map(presentBrand);
}

/** Social links with empty values dropped, so the footer shows only links that exist (SPEC §2 Footer). */
export function presentSocialLinks(links: SocialLinks): SocialLinks {
  return Object.fromEntries(Object.entries(links).filter(([, v]) => typeof v === 'string' && v !== ''));
}

/**
 * SPEC §1: store name and meta texts from configuration, plus what the shell needs; the home page's slides and
 * banners are `home`, what is shown at the time of the read (home-content-service.ts `liveHomeContent`).
 */
export function presentStoreConfig(
  row: StoreSettingsRow,
  home: Pick<StoreConfig, 'hero_slides' | 'side_banners' | 'offer_banners'> & { until: Date | null },
  mediaBaseUrl: string,
  services: Pick<
    StoreConfig,
    | 'card_payments'
    | 'stripe_publishable_key'
    | 'payment_method_types'
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
    hero_slides: home.hero_slides,
    side_banners: home.side_banners,
    offer_banners: home.offer_banners,
    home_content_until: home.until?.toISOString() ?? null,
    business_contact: { address: row.businessAddress, phone: row.phone, email: row.salesEmail },
    promises: {
      order_cutoff: row.orderCutoff,
      handling_days_min: row.handlingDaysMin,
      handling_days_max: row.handlingDaysMax,
      delivery_days_min: row.deliveryDaysMin,
      delivery_days_max: row.deliveryDaysMax,
      return_window_days: row.returnWindowDays,
    },
    opening_hours: row.openingHours,
    ...services,
  };
}
