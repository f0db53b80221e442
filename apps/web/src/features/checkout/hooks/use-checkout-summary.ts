import {
  computeCheckoutTotals,
  type MemberDiscounts,
  type CheckoutSettings,
  type CheckoutTotals,
} from '@store/shared/checkout-totals';
import type { StoreConfig } from '@store/shared/store-settings';
import { useMemo } from 'react';
import { type PricedCartLine, usePricedCart } from '@/features/cart/hooks/use-priced-cart';
import { useStoreConfig } from '@/features/store/api/get-store-config';

/**
 * SPEC §9 figures, used only when the store's settings cannot be read: GST 10 %, a flat $15 delivery
 * (shipping policy) waived from $100. The server reprices every order, so a wrong guess is corrected there.
 */
export const FALLBACK_CHECKOUT_SETTINGS: CheckoutSettings = {
  gstPercent: 10,
  deliveryChargeCents: 1500,
  freeDeliveryThresholdCents: 10000,
};

const toCents = (dollars: number) => Math.round(dollars * 100);

/** The store config's dollar settings as the shared maths wants them (integer cents). */
export function checkoutSettingsOf(config: StoreConfig): CheckoutSettings {
  return {
    gstPercent: config.gst_percent,
    deliveryChargeCents: toCents(config.delivery_charge),
    freeDeliveryThresholdCents: toCents(config.free_delivery_threshold),
  };
}

export interface CheckoutSummary {
  /**
   * The cart's lines at today's prices (the stored prices until those arrive). Products no longer sold are
   * already left out: the cart drops them, with a toast (usePricedCart).
   */
  lines: PricedCartLine[];
  /** Settings for the maths, or null while the store's settings load. */
  settings: CheckoutSettings | null;
  /** SPEC §9 totals (with a member's discounts), or null while the settings load. */
  totals: CheckoutTotals | null;
  /** True while today's prices are being read. */
  isRefreshing: boolean;
  /** The store config, once read (payment and address-lookup providers). */
  config: StoreConfig | undefined;
}

const NO_DISCOUNTS: MemberDiscounts = {};

/** The cart priced, with the checkout's delivery, GST and total from the store's settings. */
export function useCheckoutSummary(discounts: MemberDiscounts = NO_DISCOUNTS): CheckoutSummary {
  const cart = usePricedCart();
  const config = useStoreConfig();
  return useMemo(() => {
    const settings = config.data
      ? checkoutSettingsOf(config.data)
      : config.isError
        ? FALLBACK_CHECKOUT_SETTINGS
        : null;
    return {
      lines: cart.lines,
      settings,
      totals: settings ? computeCheckoutTotals(cart.lines, settings, discounts) : null,
      isRefreshing: cart.isRefreshing,
      config: config.data,
    };
  }, [cart, config.data, config.isError, discounts]);
}
