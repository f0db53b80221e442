/** Test data for the payment pages: checkout data as the checkout page saves it. */
import { computeCheckoutTotals } from '@store/shared/checkout-totals';
import { amountsOfTotals } from '@store/shared/order-breakdown';
import type { CheckoutData } from '../checkout-storage';

const SETTINGS = { gstPercent: 10, deliveryChargeCents: 1650, freeDeliveryThresholdCents: 10000 };

/**
 * Two brake pads at $87.95 inc. GST, free delivery: total $175.90, GST included $15.99 (issue 34: the figures of
 * `computeCheckoutTotals`). `overrides` replace totals (in both `totals` and `amounts`).
 */
export function makeCheckoutData(overrides: Partial<CheckoutData['totals']> = {}): CheckoutData {
  const t = computeCheckoutTotals([{ unitPriceCents: 8795, quantity: 2 }], SETTINGS);
  const totals = {
    subtotalCents: t.subtotalCents,
    deliveryChargeCents: t.deliveryChargeCents,
    gstCents: t.gstCents,
    totalCents: t.totalCents,
    ...overrides,
  };
  return {
    order: {
      f_name: 'Jordan',
      l_name: 'Smith',
      email: 'jordan@example.com.au',
      phone: '0412345678',
      street_address: '12 Railway Terrace',
      city: 'Guildford',
      state: 'NSW',
      post_code: '2161',
      products: [{ id: 1, quantity: 2, qp_subtotal: 175.9 }],
      subTotal: 175.9,
      delivery_charges: 0,
      totalGst: 15.99,
      grand_total: 175.9,
    },
    items: [
      {
        id: 1,
        title: 'Ceramic Brake Pads Front',
        featured_image: 'products/brake-pads.jpg',
        unitPriceCents: 8795,
        quantity: 2,
        lineCents: 17590,
      },
    ],
    totals,
    amounts: { ...amountsOfTotals(t, SETTINGS), ...totals },
  };
}
