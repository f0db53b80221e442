import { parseQuickOrderText, TRADE_MESSAGES, type QuickOrderLine } from '@store/shared/trade-accounts';
import { screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QuickOrderRoute } from '@/app/routes/account-member';
import { clearCart, getCartLines } from '@/stores/cart-store';
import { resetSessionStoreForTests, startSession } from '@/stores/session-store';
import { json, type ApiTable } from '@/test/fake-api';
import { makeProduct } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { makeTradeAccount, TRADE_OWNER } from '@/test/trade-fixtures';
import { quickOrderText } from './quick-order-page';

/** Issue 39 §5: quick order by pasting or typing part numbers and quantities. */

const pads = makeProduct({
  id: 31,
  sku: 'BP-1234',
  title: 'Ceramic Brake Pads Front',
  product_meta: [{ option: '_price', value: '88.00' }],
  trade_price: { price: '66.00', list_name: 'Trade Gold' },
});
const filter = makeProduct({
  id: 32,
  sku: 'OF-77',
  title: 'Oil Filter Z9',
  permalink: 'oil-filter-z9',
  product_meta: [{ option: '_price', value: '22.00' }],
});

/** The server's reading of the pasted text: two parts found, one unknown. */
const CHECKED: QuickOrderLine[] = [
  { line: 1, code: 'BP-1234', quantity: 2, product_id: 31, sku: 'BP-1234', title: pads.title, problem: null },
  {
    line: 2,
    code: 'XX-0000',
    quantity: 1,
    product_id: null,
    sku: null,
    title: null,
    problem: 'Line 2: no part XX-0000',
  },
  { line: 3, code: 'OF-77', quantity: 4, product_id: 32, sku: 'OF-77', title: filter.title, problem: null },
];

function renderQuickOrder(api: ApiTable) {
  startSession({ user: TRADE_OWNER, token: 'trade-token', subscription: false });
  return renderRoute('/my-account/quick-order', {
    routes: [
      { path: '/my-account/quick-order', Component: QuickOrderRoute },
      { path: '/cart', element: <h1>Cart page</h1> },
    ],
    api,
    beside: <ToastContainer />,
  });
}

beforeEach(() => {
  clearCart();
  resetSessionStoreForTests();
});
afterEach(() => {
  clearCart();
  localStorage.clear();
  resetSessionStoreForTests();
});

describe('quick order text', () => {
  it('puts the typed rows after the pasted lines, read by the one parser', () => {
    const text = quickOrderText('BP-1234 2\n3 x OF-77\n', [
      { code: ' WB-9 ', quantity: '5' },
      { code: '', quantity: '1' },
      { code: 'SP-1', quantity: '' },
    ]);
    expect(text).toBe('BP-1234 2\n3 x OF-77\nWB-9 5\nSP-1 1');
    expect(parseQuickOrderText(text).map((l) => [l.code, l.quantity])).toEqual([
      ['BP-1234', 2],
      ['OF-77', 3],
      ['WB-9', 5],
      ['SP-1', 1],
    ]);
  });
});

describe('quick order page (issue 39 §5)', () => {
  it('previews the lines as typed, checks them with the server, and adds the found ones to the cart', async () => {
    const { user, api, router } = renderQuickOrder({
      'GET /api/trade/account': { data: makeTradeAccount() },
      'POST /api/trade/quick-order': { data: CHECKED },
      'GET /api/cart-products': ({ url }) => {
        const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
        return json({ data: [pads, filter].filter((p) => ids.includes(p.id)) });
      },
    });
    const paste = await screen.findByRole('textbox', { name: /Paste part numbers/ });
    await user.click(paste);
    await user.paste('BP-1234 2\nXX-0000\nOF-77 0');
    // The shared parser's reading at once, its problems named before anything is sent.
    const preview = document.getElementById(paste.getAttribute('aria-describedby')!.split(' ')[1]!)!;
    expect(preview.textContent).toContain('3 lines to check');
    expect(preview.textContent).toContain('Line 3: quantity must be 1 to 100');
    await user.clear(paste);
    await user.paste('BP-1234 2\nXX-0000');
    await user.type(screen.getByRole('textbox', { name: /^SKU or part number ?1$/ }), 'OF-77');
    const qty = screen.getByRole('textbox', { name: /^Quantity ?1$/ });
    await user.clear(qty);
    await user.type(qty, '4');
    await user.click(screen.getByRole('button', { name: 'Check' }));

    const results = await screen.findByRole('region', { name: '2 of 3 lines found' });
    expect(api.requestsTo('/api/trade/quick-order')[0]?.body).toEqual({
      text: 'BP-1234 2\nXX-0000\nOF-77 4',
    });
    const rows = within(results).getAllByRole('row').slice(1);
    // The member's price (ex. GST, as they chose): $66.00 inc. GST is $60.00 ex.; 2 of them $120.00.
    expect(rows[0]!.textContent).toContain('Ceramic Brake Pads Front');
    expect(rows[0]!.textContent).toContain('$60.00 Trade');
    expect(rows[0]!.textContent).toContain('$120.00');
    expect(rows[1]!.textContent).toContain('Line 2: no part XX-0000');
    expect(rows[2]!.textContent).toContain('Oil Filter Z9');

    await user.click(within(results).getByRole('button', { name: 'Add all to cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(getCartLines().map((l) => [l.id, l.quantity, l.trade_price?.price ?? null])).toEqual([
      [31, 2, '66.00'],
      [32, 4, null],
    ]);
  });

  it('is for approved trade accounts only', async () => {
    renderQuickOrder({ 'GET /api/trade/account': { data: null } });
    expect(await screen.findByText(TRADE_MESSAGES.notTrade)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Trade account' }).getAttribute('href')).toBe(
      '/my-account/trade',
    );
    expect(screen.queryByRole('button', { name: 'Check' })).toBeNull();
  });
});
