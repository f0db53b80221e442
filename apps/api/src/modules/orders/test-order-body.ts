/**
 * Test helper: a valid `POST /api/place-order` body for the given lines, with the totals the browser would
 * compute (the shared SPEC §9 maths under the test store's settings). Used by the order and payment tests.
 */
import { computeCheckoutTotals, lineSubtotalCents } from '@store/shared/checkout-totals';
import { centsToDecimalString } from '@store/shared/money';
import type { PlaceOrderRequestInput } from '@store/shared/order';
import { TEST_PAYMENT_METHOD_PAYS } from '@store/shared/test-payments';

/** The seeded store's settings (storeSettingsInputSchema defaults): GST 10%, $15 delivery under $100. */
export const TEST_STORE_SETTINGS = {
  gstPercent: 10,
  deliveryChargeCents: 1500,
  freeDeliveryThresholdCents: 10000,
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
  /** Unit price after the product discount, cents. */
  unitPriceCents: number;
  quantity: number;
}

/** A card order (pm_card_visa) for `lines`; `extra` overrides or adds fields. */
export function testOrderBody(
  lines: TestLine[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const t = computeCheckoutTotals(lines, TEST_STORE_SETTINGS);
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
