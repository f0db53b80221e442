/**
 * How this shopper sees prices (issue 18 §1-2, decision 0035): including GST at the store's `_gst_percentage`,
 * or excluding it for a signed-in member with business details who chose so. Every price a shopper reads goes
 * through `show` (cents ex GST in, cents shown out) and carries `label` ("inc. GST" / "ex. GST").
 */
import {
  DEFAULT_GST_PERCENT,
  priceDisplayLabel,
  priceDisplayOf,
  shownPriceCents,
  type PriceDisplay,
} from '@store/shared/gst-prices';
import { useMemo } from 'react';
import { useSession } from '@/stores/session-store';
import { useStoreConfig } from '../api/get-store-config';

export interface PriceView {
  display: PriceDisplay;
  /** The store's GST percent (SPEC §9's 10 until the settings are read). */
  gstPercent: number;
  /** "inc. GST", "ex. GST", or '' for a store not registered for GST. */
  label: string;
  /** A GST-exclusive price in cents as this shopper sees it, in cents. */
  show(exCents: number): number;
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
      show: (exCents: number) => shownPriceCents(exCents, display, gstPercent),
    }),
    [display, gstPercent],
  );
}
