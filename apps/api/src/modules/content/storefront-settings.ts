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
import { liveHomeContent, loadHomeContent, type LiveHomeContent } from '../home-content/home-content-service';
import { getStoreSettings, type StoreSettingsRow } from './content-service';

export interface StorefrontSettings {
  settings: StoreSettingsRow;
  plans: { signup: Plan[]; membership: Plan[] };
  /**
   * The home page's slides and banners shown at the time of the read, and when that next changes (decision 0051):
   * the read is not reused past `home.until`, so a slide whose window ends is gone from the next read on.
   */
  home: LiveHomeContent;
  /** The featured products' ids in the owner's order (`/api/virtual-products` puts them first). */
  featuredOrder: number[];
  /**
   * Changes when anything above changes, and only then (a hash of it): rendered pages carry it in their stamp
   * (rendered-page-cache.ts), so a page showing old settings is not sent once a read has seen new ones.
   */
  stamp: string;
  /**
   * The same of `home` and `featuredOrder`, which only the home page shows: it changes at a window's start or end
   * too, and moves the home page's stamp alone (render-page.ts), not every page's.
   */
  homeStamp: string;
}

export interface StorefrontSettingsReader {
  /** The settings and plans, at most `maxAgeMs` old. Rejects when the database cannot be read (not cached). */
  read(): Promise<StorefrontSettings>;
  /**
   * Forgets the kept read, so the next `read` asks the database: called after this process saved the settings
   * (the back office, issue 36 §5), so its next page shows them; other processes see them within `maxAgeMs`.
   */
  invalidate(): void;
}

function hash(value: unknown): string {
  return createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 16);
}

/** A reader of `db`'s settings whose answer is reused for `maxAgeMs` ms (0: every call reads). */
export function createStorefrontSettingsReader(db: Database, maxAgeMs: number): StorefrontSettingsReader {
  let cached: { at: number; until: number | null; value: Promise<StorefrontSettings> } | null = null;
  return {
    read() {
      const now = Date.now();
      if (cached && now - cached.at < maxAgeMs && (cached.until === null || now < cached.until)) {
        return cached.value;
      }
      const value = Promise.all([getStoreSettings(db), memberPlans(db), loadHomeContent(db)]).then(
        ([settings, plans, content]) => {
          const home = liveHomeContent(settings, content.items, new Date(now));
          const featuredOrder = content.featuredOrder;
          return {
            settings,
            plans,
            home,
            featuredOrder,
            stamp: hash([settings, plans]),
            homeStamp: hash([home, featuredOrder]),
          };
        },
      );
      const entry: { at: number; until: number | null; value: Promise<StorefrontSettings> } = {
        at: now,
        until: null,
        value,
      };
      cached = entry;
      // Kept no later than the next start or end of a slide's or banner's window.
      void value.then(
        (v) => {
          entry.until = v.home.until?.getTime() ?? null;
        },
        () => undefined,
      );
      // A failed read is not kept: the next call asks the database again.
      value.catch(() => {
        if (cached === entry) cached = null;
      });
      return value;
    },
    invalidate() {
      cached = null;
    },
  };
}
