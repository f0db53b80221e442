/**
 * How this shopper sees prices (issue 18 §1-2, issue 34 §1; decisions 0035, 0046): the catalog's prices include
 * GST and are shown as they are, except to a signed-in member with business details who chose "ex. GST", who sees
 * each amount less the GST it includes. Every price a shopper reads goes through `show` (cents inc. GST in, cents
 * shown out) or, for an order or cart line, `showLine` (a line's ex-GST figure is its own, not the unit's times
 * the quantity), and carries `label` ("inc. GST" / "ex. GST").
 */
import {
  DEFAULT_GST_PERCENT,
  priceDisplayLabel,
  priceDisplayOf,
  shownPriceCents,
  type PriceDisplay,
} from '@store/shared/gst-prices';
import { shownLine } from '@store/shared/order-breakdown';
import { useMemo } from 'react';
import { useSession } from '@/stores/session-store';
import { useStoreConfig } from '@/lib/api/get-store-config';

export interface PriceView {
  display: PriceDisplay;
  /** The store's GST percent (SPEC §9's 10 until the settings are read). */
  gstPercent: number;
  /** "inc. GST", "ex. GST", or '' for a store not registered for GST. */
  label: string;
  /** A GST-inclusive amount (cents) as this shopper sees it (cents): as it is, or less its GST. */
  show(incCents: number): number;
  /**
   * A cart or order line (unit price and line total, cents inc. GST) as this shopper sees it: `shownLine` of
   * order-breakdown.ts, so the lines shown add up to the subtotal row shown.
   */
  showLine(unitIncCents: number, lineIncCents: number): { unitCents: number; lineCents: number };
}

/** The price view for the current shopper. */
export function usePriceDisplay(): PriceView {
  const session = useSession();
  const config = useStoreConfig();
  const gstPercent = config.data?.gst_percent ?? DEFAULT_GST_PERCENT;
  const display = priceDisplayOf(session?.user.user_meta ?? null);
  return useMemo(
    () => ({
      display,
      gstPercent,
      label: priceDisplayLabel(display, gstPercent),
      show: (incCents: number) => shownPriceCents(incCents, display, gstPercent),
      showLine: (unitIncCents: number, lineIncCents: number) =>
        shownLine(unitIncCents, lineIncCents, { pricesIncludeGst: true, gstPercent }, display),
    }),
    [display, gstPercent],
  );
}
