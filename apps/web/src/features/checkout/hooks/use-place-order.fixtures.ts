/** Test data for the payment pages: checkout data as the checkout page saves it. */
import type { CheckoutData } from '../checkout-storage';

/** Two brake pads at $79.95, free delivery, GST 10%: total $175.89. */
export function makeCheckoutData(overrides: Partial<CheckoutData['totals']> = {}): CheckoutData {
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
      products: [{ id: 1, quantity: 2, qp_subtotal: 159.9 }],
      subTotal: 159.9,
      delivery_charges: 0,
      totalGst: 15.99,
      grand_total: 175.89,
    },
    items: [
      {
        id: 1,
        title: 'Ceramic Brake Pads Front',
        featured_image: 'products/brake-pads.jpg',
        unitPriceCents: 7995,
        quantity: 2,
      },
    ],
    totals: { subtotalCents: 15990, deliveryChargeCents: 0, gstCents: 1599, totalCents: 17589, ...overrides },
  };
}
