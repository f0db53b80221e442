import {
  computeCheckoutTotals,
  type OrderDiscounts,
  type CheckoutSettings,
  type CheckoutTotals,
} from '@store/shared/checkout-totals';
import { amountsOfTotals, type OrderAmounts } from '@store/shared/order-breakdown';
import type { StoreConfig } from '@store/shared/store-settings';
import { useMemo } from 'react';
import { type PricedCartLine, usePricedCart } from '@/hooks/use-priced-cart';
import { useStoreConfig } from '@/lib/api/get-store-config';
import { checkoutSettingsOf } from '@/lib/checkout-settings';

/**
 * SPEC §9 figures, used only when the store's settings cannot be read: GST 10 %, the shipping policy's flat $15
 * delivery before GST ($16.50 inc. GST) waived from $100 inc. GST (issue 34 §1: the settings are GST-inclusive).
 * The server reprices every order, so a wrong guess is corrected there.
 */
export const FALLBACK_CHECKOUT_SETTINGS: CheckoutSettings = {
  gstPercent: 10,
  deliveryChargeCents: 1650,
  freeDeliveryThresholdCents: 10000,
};

export interface CheckoutSummary {
  /**
   * The cart's lines at today's prices (the stored prices until those arrive). Products no longer sold are
   * already left out: the cart drops them, with a toast (usePricedCart).
   */
  lines: PricedCartLine[];
  /** Settings for the maths, or null while the store's settings load. */
  settings: CheckoutSettings | null;
  /** The totals charged (`computeCheckoutTotals`, with the order's discounts), or null while the settings load. */
  totals: CheckoutTotals | null;
  /** The same as the breakdown every order screen shows (`amountsOfTotals`), or null while the settings load. */
  amounts: OrderAmounts | null;
  /** True while today's prices are being read. */
  isRefreshing: boolean;
  /** The store config, once read (payment and address-lookup providers). */
  config: StoreConfig | undefined;
}

const NO_DISCOUNTS: OrderDiscounts = {};

/**
 * The totals of `lines` with `discounts` and their breakdown (issue 34 §1-2): what checkout shows and what the
 * place-order payload sends are this one computation. `membershipPlanName` names the plan's discount row; a
 * discount code's row is named by its code.
 */
export function checkoutFigures(
  lines: readonly PricedCartLine[],
  settings: CheckoutSettings,
  discounts: OrderDiscounts,
  membershipPlanName: string | null = null,
  /** The chosen delivery option's charge from the delivery quote (issue 41), cents; omitted: the flat rule. */
  deliveryChargeCents?: number,
): { totals: CheckoutTotals; amounts: OrderAmounts } {
  const totals = computeCheckoutTotals(lines, settings, discounts, deliveryChargeCents);
  const amounts = amountsOfTotals(totals, settings, {
    membershipPlanName,
    discountCode: discounts.code?.code ?? null,
  });
  return { totals, amounts };
}

/**
 * The cart priced, with the checkout's discounts, delivery, GST and total from the store's settings. All the
 * order's discounts (member, plan, and a discount code once checkout takes one) come in one `OrderDiscounts`.
 */
export function useCheckoutSummary(
  discounts: OrderDiscounts = NO_DISCOUNTS,
  membershipPlanName: string | null = null,
  /** The chosen delivery option's charge (issue 41), cents; undefined until quoted (the flat rule shows). */
  deliveryChargeCents?: number,
): CheckoutSummary {
  const cart = usePricedCart();
  const config = useStoreConfig();
  return useMemo(() => {
    const settings = config.data
      ? checkoutSettingsOf(config.data)
      : config.isError
        ? FALLBACK_CHECKOUT_SETTINGS
        : null;
    const figures = settings
      ? checkoutFigures(cart.lines, settings, discounts, membershipPlanName, deliveryChargeCents)
      : null;
    return {
      lines: cart.lines,
      settings,
      totals: figures?.totals ?? null,
      amounts: figures?.amounts ?? null,
      isRefreshing: cart.isRefreshing,
      config: config.data,
    };
  }, [cart, config.data, config.isError, discounts, membershipPlanName, deliveryChargeCents]);
}
