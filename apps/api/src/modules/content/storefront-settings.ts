/**
 * The store's settings and member plans as the storefront reads them on every page (`/api/store-config`,
 * `/api/social-links`, `/api/brands`' delivery figures, the shell's name and description, and so every
 * server-rendered page): read from the database at most once per `maxAgeMs` per process, as decision 0025
 * accepts for the settings a page shows. They change only through the demo loader and admin tasks, often in
 * another process, so a time bound rather than an event keeps every instance right. Prices of an order never
 * come from here: pricing reads the database (price-order-lines.ts).
 */
import { createHash } from 'node:crypto';
import type { Plan } from '@store/shared/account';
import type { Database } from '../../db/client';
import { memberPlans } from '../accounts/discount-plans';
import { getStoreSettings, type StoreSettingsRow } from './content-service';

export interface StorefrontSettings {
  settings: StoreSettingsRow;
  plans: { signup: Plan[]; membership: Plan[] };
  /**
   * Changes when anything above changes, and only then (a hash of it): rendered pages carry it in their stamp
   * (rendered-page-cache.ts), so a page showing old settings is not sent once a read has seen new ones.
   */
  stamp: string;
}

export interface StorefrontSettingsReader {
  /** The settings and plans, at most `maxAgeMs` old. Rejects when the database cannot be read (not cached). */
  read(): Promise<StorefrontSettings>;
}

/** A reader of `db`'s settings whose answer is reused for `maxAgeMs` ms (0: every call reads). */
export function createStorefrontSettingsReader(db: Database, maxAgeMs: number): StorefrontSettingsReader {
  let cached: { at: number; value: Promise<StorefrontSettings> } | null = null;
  return {
    read() {
      const now = Date.now();
      if (cached && now - cached.at < maxAgeMs) return cached.value;
      const value = Promise.all([getStoreSettings(db), memberPlans(db)]).then(([settings, plans]) => ({
        settings,
        plans,
        stamp: createHash('sha1')
          .update(JSON.stringify([settings, plans]))
          .digest('base64url')
          .slice(0, 16),
      }));
      const entry = { at: now, value };
      cached = entry;
      // A failed read is not kept: the next call asks the database again.
      value.catch(() => {
        if (cached === entry) cached = null;
      });
      return value;
    },
  };
}
