import { screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderAgainMessage } from '@/hooks/use-order-again';
import { clearCart, getCartLines, initializeCart } from '@/stores/cart-store';
import { resetSessionStoreForTests, startSession } from '@/stores/session-store';
import { json } from '@/test/fake-api';
import { makeProduct } from '@/test/fixtures';
import { makeOrderDetail } from '@/test/order-fixtures';
import { renderRoute } from '@/test/render-route';
import { TRADE_OWNER } from '@/test/trade-fixtures';
import { OrderAgainButton } from './order-again-button';

/** Issue 39 §5: "Order again" puts an order's lines still sold back into the cart and opens it. */

const pads = makeProduct({ id: 1, title: 'Ceramic Brake Pads Front' });
const order = makeOrderDetail({
  order_items: [
    {
      id: 1,
      product_id: 1,
      product_title: pads.title,
      sku: 'BP-100',
      quantity: 2,
      price: '87.95',
      qp_subtotal: '175.90',
    },
    {
      id: 2,
      product_id: 9,
      product_title: 'Old Wiper Blade',
      sku: 'WB-1',
      quantity: 1,
      price: '12.00',
      qp_subtotal: '12.00',
    },
    {
      id: 3,
      product_id: null,
      product_title: 'Deleted Product',
      sku: 'X',
      quantity: 1,
      price: '5.00',
      qp_subtotal: '5.00',
    },
  ],
});

beforeEach(() => {
  clearCart();
  resetSessionStoreForTests();
});
afterEach(() => {
  clearCart();
  localStorage.clear();
  resetSessionStoreForTests();
});

describe('Order again (issue 39 §5)', () => {
  it("reads the member's order, adds the lines still sold to the cart, and opens the cart", async () => {
    startSession({ user: TRADE_OWNER, token: 'member-token', subscription: false });
    initializeCart([{ ...pads, quantity: 1 }]);
    const { user, api, router } = renderRoute('/order-history', {
      routes: [
        {
          path: '/order-history',
          element: <OrderAgainButton orderId={order.id} invoiceNumber={order.invoice_number} />,
        },
        { path: '/cart', element: <h1>Cart page</h1> },
      ],
      api: {
        'GET /api/orders-detail': { data: order },
        // Product 9 is no longer sold: the answer leaves it out.
        'GET /api/cart-products': ({ url }) =>
          url.searchParams.get('ids') === '1,9' ? json({ data: [pads] }) : undefined,
      },
      beside: <ToastContainer />,
    });
    await user.click(screen.getByRole('button', { name: 'Order again: the items of order INV-000042' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(api.requestsTo('/api/orders-detail')[0]?.url.searchParams.get('id')).toBe(order.id);
    // Merged into the line already there: 1 + 2.
    expect(getCartLines().map((l) => [l.id, l.quantity])).toEqual([[1, 3]]);
    expect(
      await screen.findByText(
        '2 items added to your cart. No longer sold, so not added: Old Wiper Blade, Deleted Product.',
      ),
    ).toBeTruthy();
  });

  it('says so when nothing of the order is sold any more, and stays', () => {
    expect(orderAgainMessage({ added: 0, missing: ['Old Wiper Blade'] })).toBe(
      'Nothing from this order is sold any more. No longer sold, so not added: Old Wiper Blade.',
    );
    expect(orderAgainMessage({ added: 1, missing: [] })).toBe('1 item added to your cart.');
  });
});
