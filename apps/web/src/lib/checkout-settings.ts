import type { CheckoutSettings } from '@store/shared/checkout-totals';
import type { StoreConfig } from '@store/shared/store-settings';

const toCents = (dollars: number) => Math.round(dollars * 100);

/** The store config's dollar settings (GST-inclusive) as the shared maths wants them (integer cents). */
export function checkoutSettingsOf(config: StoreConfig): CheckoutSettings {
  return {
    gstPercent: config.gst_percent,
    deliveryChargeCents: toCents(config.delivery_charge),
    freeDeliveryThresholdCents: toCents(config.free_delivery_threshold),
  };
}
