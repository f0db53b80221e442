/**
 * The store settings the owner edits in the back office (issue 36 §5): read them as the form shows them, and save
 * every field at once with its audit row (old → new of the fields that changed), refusing a save made over a
 * version someone else saved meanwhile (409) rather than overwriting it. Shapes in `@store/shared/admin-store-settings`.
 */
import { eq } from 'drizzle-orm';
import {
  ADMIN_SETTINGS_MESSAGES,
  type AdminStoreSettings,
  type AdminStoreSettingsFields,
  type AdminStoreSettingsInput,
} from '@store/shared/admin-store-settings';
import type { Database } from '../../db/client';
import { storeSettings } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { getStoreSettings, type StoreSettingsRow } from '../content/content-service';
import { recordAudit } from './record-audit';

/** The audit trail's entity of the settings: there is one row. */
export const SETTINGS_AUDIT_ENTITY = { type: 'store_settings', id: '1' } as const;

/** The editable fields of a settings row, as the form and the audit trail name them (money in cents). */
function fieldsOf(row: StoreSettingsRow): AdminStoreSettingsFields {
  const links = row.socialLinks;
  return {
    store_name: row.storeName,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    abn: row.abn,
    business_address: row.businessAddress,
    phone: row.phone,
    sales_email: row.salesEmail,
    opening_hours: row.openingHours,
    social_links: {
      _facebook_link: links._facebook_link ?? '',
      _twitter_link: links._twitter_link ?? '',
      _instagram_link: links._instagram_link ?? '',
      _youtube_link: links._youtube_link ?? '',
      _linke_din: links._linke_din ?? '',
    },
    delivery_charge_cents: row.deliveryChargeCents,
    free_delivery_threshold_cents: row.freeDeliveryThresholdCents,
    order_cutoff: row.orderCutoff,
    handling_days_min: row.handlingDaysMin,
    handling_days_max: row.handlingDaysMax,
    delivery_days_min: row.deliveryDaysMin,
    delivery_days_max: row.deliveryDaysMax,
    return_window_days: row.returnWindowDays,
    express_enabled: row.expressEnabled,
    express_days_min: row.expressDaysMin,
    express_days_max: row.expressDaysMax,
    bulky_surcharge_cents: row.bulkySurchargeCents,
    uncollected_after_days: row.uncollectedAfterDays,
    // The stored table is read-only by type; the answer is a fresh copy either way.
    rate_table: row.rateTable as AdminStoreSettingsFields['rate_table'],
  };
}

/** The settings as the back office shows them. */
export function presentAdminSettings(row: StoreSettingsRow): AdminStoreSettings {
  return {
    ...fieldsOf(row),
    gst_percent: row.gstPercent,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The settings row's columns for the editable fields (social links without the empty ones: no icon). */
function columnsOf(input: AdminStoreSettingsFields) {
  return {
    storeName: input.store_name,
    metaTitle: input.meta_title,
    metaDescription: input.meta_description,
    abn: input.abn,
    businessAddress: input.business_address,
    phone: input.phone,
    salesEmail: input.sales_email,
    openingHours: input.opening_hours,
    socialLinks: Object.fromEntries(Object.entries(input.social_links).filter(([, v]) => v !== '')),
    deliveryChargeCents: input.delivery_charge_cents,
    freeDeliveryThresholdCents: input.free_delivery_threshold_cents,
    orderCutoff: input.order_cutoff,
    handlingDaysMin: input.handling_days_min,
    handlingDaysMax: input.handling_days_max,
    deliveryDaysMin: input.delivery_days_min,
    deliveryDaysMax: input.delivery_days_max,
    returnWindowDays: input.return_window_days,
    expressEnabled: input.express_enabled,
    expressDaysMin: input.express_days_min,
    expressDaysMax: input.express_days_max,
    bulkySurchargeCents: input.bulky_surcharge_cents,
    uncollectedAfterDays: input.uncollected_after_days,
    rateTable: input.rate_table,
  };
}

/** JSON with object keys sorted: jsonb keeps its own key order, so a plain stringify would see changes that are not. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The settings row, or its defaults (version 1) when the store has none yet (the first save creates it). */
export async function readAdminSettings(db: Database): Promise<StoreSettingsRow> {
  return getStoreSettings(db);
}

/**
 * Saves every editable field (audited, in one transaction that locks the row first). Returns the saved row and
 * whether anything changed (nothing changed: no write, no audit row, the version stays). Throws HttpError 409 when
 * `input.version` is not the row's (someone else saved since the form was loaded).
 */
export async function saveAdminSettings(
  db: Database,
  input: AdminStoreSettingsInput,
  staffId: number,
): Promise<{ row: StoreSettingsRow; changed: boolean }> {
  const { version, ...fields } = input;
  return db.transaction(async (tx) => {
    // A store that was never configured has no row: make it from the defaults, then lock it like any other.
    const defaults = await getStoreSettings(tx);
    await tx
      .insert(storeSettings)
      .values({ ...defaults, id: 1 })
      .onConflictDoNothing({ target: storeSettings.id });
    const [current] = await tx.select().from(storeSettings).where(eq(storeSettings.id, 1)).for('update');
    if (!current) throw new Error('store_settings row 1 vanished inside its transaction');
    if (current.version !== version) {
      throw new HttpError(409, ADMIN_SETTINGS_MESSAGES.stale, [
        { field: 'version', message: ADMIN_SETTINGS_MESSAGES.stale },
      ]);
    }
    const before = fieldsOf(current);
    const after = fieldsOf({ ...current, ...columnsOf(fields) });
    const changedKeys = (Object.keys(after) as (keyof AdminStoreSettingsFields)[]).filter(
      (k) => canonical(before[k]) !== canonical(after[k]),
    );
    if (changedKeys.length === 0) return { row: current, changed: false };
    const [row] = await tx
      .update(storeSettings)
      .set({ ...columnsOf(fields), version: current.version + 1, updatedAt: new Date() })
      .where(eq(storeSettings.id, 1))
      .returning();
    await recordAudit(tx, {
      staffId,
      action: 'settings.update',
      entityType: SETTINGS_AUDIT_ENTITY.type,
      entityId: SETTINGS_AUDIT_ENTITY.id,
      before: Object.fromEntries(changedKeys.map((k) => [k, before[k]])),
      after: Object.fromEntries(changedKeys.map((k) => [k, after[k]])),
    });
    return { row: row!, changed: true };
  });
}
