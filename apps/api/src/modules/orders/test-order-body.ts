/**
 * Test helper: a valid `POST /api/place-order` body for the given lines, with the totals the browser would
 * compute (`computeCheckoutTotals`, the one money model of decision 0046, under the test store's settings).
 * Used by the order and payment tests.
 */
import {
  computeCheckoutTotals,
  lineSubtotalCents,
  type CheckoutSettings,
  type OrderDiscounts,
} from '@store/shared/checkout-totals';
import { centsToDecimalString } from '@store/shared/money';
import type { PlaceOrderRequestInput } from '@store/shared/order';
import { storeSettingsInputSchema } from '@store/shared/store-settings';
import { TEST_PAYMENT_METHOD_PAYS } from '@store/shared/test-payments';

const SEEDED = storeSettingsInputSchema.parse({ store_name: 'Test Auto Parts' });

/**
 * The seeded store's settings (storeSettingsInputSchema defaults, as seedCatalog saves them): GST 10%, $16.50
 * delivery (inc. GST) under $100.
 */
export const TEST_STORE_SETTINGS: CheckoutSettings = {
  gstPercent: SEEDED.gst_percent,
  deliveryChargeCents: SEEDED.delivery_charge_cents,
  freeDeliveryThresholdCents: SEEDED.free_delivery_threshold_cents,
};

export const TEST_CUSTOMER = {
  f_name: 'Jane',
  l_name: "O'Connor",
  email: 'jane@example.com',
  phone: '0412345678',
  street_address: '12 Example St',
  city: 'Guildford',
  state: 'NSW',
  post_code: '2161',
};

export interface TestLine {
  id: number;
  /** Unit price after the product discount, cents inc. GST. */
  unitPriceCents: number;
  quantity: number;
}

/**
 * A card order (pm_card_visa) for `lines` (unit prices inc. GST); `extra` overrides or adds fields; `discounts`
 * are the order discounts the server will apply (a member's signup percent, a held plan's), so the figures agree;
 * `settings` are the store's own when it is not the seeded test store (the cluster test reads /api/store-config);
 * `deliveryChargeCents` is the chosen delivery option's charge (issue 41) when not the flat rule's (click & collect,
 * `extra.delivery_option`, is free unless told otherwise).
 */
export function testOrderBody(
  lines: TestLine[],
  extra: Record<string, unknown> = {},
  discounts: OrderDiscounts = {},
  settings: CheckoutSettings = TEST_STORE_SETTINGS,
  deliveryChargeCents?: number,
): Record<string, unknown> {
  const collect = extra.delivery_option === 'click_and_collect';
  const t = computeCheckoutTotals(
    lines,
    settings,
    discounts,
    deliveryChargeCents ?? (collect ? 0 : undefined),
  );
  const d = centsToDecimalString;
  const body: PlaceOrderRequestInput = {
    ...TEST_CUSTOMER,
    payment_method: 'Stripe',
    stripePaymentMethodId: TEST_PAYMENT_METHOD_PAYS,
    products: lines.map((l) => ({ id: l.id, quantity: l.quantity, qp_subtotal: d(lineSubtotalCents(l)) })),
    subTotal: d(t.subtotalCents),
    delivery_charges: d(t.deliveryChargeCents),
    totalGst: d(t.gstCents),
    grand_total: d(t.totalCents),
    total_amount: d(t.totalCents),
  };
  return { ...body, ...extra };
}
