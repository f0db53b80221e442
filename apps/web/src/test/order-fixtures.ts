/** Test data: an order as the API reads it back (guest tracking, order details, place-order). */
import type { OrderDetail } from '@store/shared/order';

/** A guest's card order of two brake pads, placed 1:30 am 5 March 2025 in Sydney (14:30 UTC on the 4th). */
export function makeOrderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: 'q7XkP2mN9vR4tY8w',
    invoice_number: 'INV-000042',
    created_at: '2025-03-04T14:30:00.000Z',
    subTotal: '175.90',
    discountedAmount: '0.00',
    delivery_charges: '0.00',
    totalGst: '15.99',
    total_amount: '175.90',
    payment_method: 'Stripe',
    payment_status: 'pending',
    status: 'pending',
    f_name: null,
    l_name: null,
    email: null,
    phone: null,
    address: '12 Railway Terrace, Guildford NSW 2161',
    street_address: '12 Railway Terrace',
    city: 'Guildford',
    state: 'NSW',
    post_code: '2161',
    order_items: [
      {
        id: 1,
        product_id: 1,
        product_title: 'Ceramic Brake Pads Front',
        sku: 'BP-100',
        quantity: 2,
        price: '87.95',
        qp_subtotal: '175.90',
      },
    ],
    // Issue 34: an order charged GST-inclusive prices says so.
    order_meta: [
      { option: '_prices_include_gst', value: 'yes' },
      { option: '_gst_percent', value: '10' },
    ],
    ...overrides,
  };
}
