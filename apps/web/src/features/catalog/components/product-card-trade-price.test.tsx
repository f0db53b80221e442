import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withTradePrice } from '@/hooks/use-trade-prices';
import { productPricing } from '@/lib/product-pricing';
import { clearCart, getCartLines } from '@/stores/cart-store';
import { resetSessionStoreForTests, startSession } from '@/stores/session-store';
import { json } from '@/test/fake-api';
import { makeProduct } from '@/test/fixtures';
import { renderPage } from '@/test/render-route';
import { makeTradeAccount, TRADE_OWNER } from '@/test/trade-fixtures';
import { ProductCard } from './product-card';

/** Issue 39 §2: a trade member's prices merged into the products shown (useTradePriced), and shown once. */

const pads = makeProduct({ id: 1, title: 'Ceramic Brake Pads Front' });
const rotor = makeProduct({
  id: 2,
  title: 'Slotted Rotor',
  permalink: 'slotted-rotor',
  product_meta: [{ option: '_price', value: '150.00' }],
  discount_data: { discounted_price: '135.00', discount_value: 10, discount_type: 0 },
});
const globes = makeProduct({ id: 3, title: 'H4 Globes', permalink: 'h4-globes' });

const cards = (
  <>
    <ProductCard product={pads} />
    <ProductCard product={rotor} />
    <ProductCard product={globes} />
  </>
);

const card = (title: string) => screen.getByRole('link', { name: title }).closest('article')!;

beforeEach(() => {
  clearCart();
  resetSessionStoreForTests();
});
afterEach(() => {
  clearCart();
  localStorage.clear();
  resetSessionStoreForTests();
});

describe('trade prices on product cards (issue 39 §2)', () => {
  it('asks once for the cards on screen and shows the trade price, its list and the retail price struck', async () => {
    startSession({ user: TRADE_OWNER, token: 'trade-token', subscription: false });
    const { api, user } = renderPage(cards, {
      api: {
        'GET /api/trade/account': { data: makeTradeAccount() },
        // Pads and the rotor are lowered by the member's list; the globes are not.
        'GET /api/trade/prices': () =>
          json({
            data: [
              { id: 1, price: '63.96', list_name: 'Trade Gold' },
              { id: 2, price: '120.00', list_name: 'Trade Gold' },
            ],
          }),
      },
    });

    await waitFor(() =>
      expect(within(card('Ceramic Brake Pads Front')).queryByText('Trade price')).toBeTruthy(),
    );
    const asked = api.requestsTo('/api/trade/prices');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.url.searchParams.get('ids')?.split(',').sort()).toEqual(['1', '2', '3']);
    expect(asked[0]?.request.headers.get('authorization')).toBe('Bearer trade-token');

    // Shown ex. GST, as the trade member's display says: $63.96 → $58.15; retail $79.95 → $72.68.
    const padsCard = card('Ceramic Brake Pads Front');
    expect(within(padsCard).getByText('$58.15')).toBeTruthy();
    expect(within(padsCard).getByText('ex. GST')).toBeTruthy();
    expect(padsCard.querySelector('s')?.textContent).toBe('Retail price $72.68');
    expect(within(padsCard).getByText('Trade Gold')).toBeTruthy();
    // On sale to everyone at $135.00: the struck price is the sale price, and no "Save" label competes.
    const rotorCard = card('Slotted Rotor');
    expect(rotorCard.querySelector('s')?.textContent).toBe('Retail price $122.73');
    expect(within(rotorCard).queryByText(/^Save/)).toBeNull();
    // No list lowers the globes: the retail price as anyone sees it.
    const globesCard = card('H4 Globes');
    expect(within(globesCard).queryByText('Trade price')).toBeNull();
    expect(within(globesCard).getByText('$72.68')).toBeTruthy();

    // Added from the card, the line carries the trade price the cart charges.
    await user.click(within(padsCard).getByRole('button', { name: /Add to cart/ }));
    expect(getCartLines()[0]?.trade_price).toEqual({ price: '63.96', list_name: 'Trade Gold' });
  });

  it('asks nothing for a member without an approved trade account, and shows retail prices', async () => {
    startSession({ user: TRADE_OWNER, token: 'member-token', subscription: false });
    const { api } = renderPage(cards, {
      api: { 'GET /api/trade/account': { data: makeTradeAccount({ status: 'pending' }) } },
    });
    await waitFor(() => expect(api.requestsTo('/api/trade/account')).toHaveLength(1));
    expect(screen.queryByText('Trade price')).toBeNull();
    expect(api.requestsTo('/api/trade/prices')).toEqual([]);
  });

  it('asks nothing for a guest', () => {
    const { api } = renderPage(cards);
    expect(screen.getAllByText('$79.95')).toHaveLength(2);
    expect(api.requests.filter((r) => r.url.pathname.startsWith('/api/trade'))).toEqual([]);
  });
});

describe('merging a trade price', () => {
  it('lays the price over the product, keeping one the server already sent', () => {
    const price = { price: '63.96', list_name: 'Trade Gold' };
    expect(withTradePrice(pads, price).trade_price).toEqual(price);
    expect(withTradePrice(pads, null)).toBe(pads);
    const served = { ...pads, trade_price: { price: '60.00', list_name: 'Fleet' } };
    expect(withTradePrice(served, price)).toBe(served);
  });

  it('shows a trade price only below the retail price', () => {
    expect(productPricing({ ...pads, trade_price: { price: '63.96', list_name: 'Trade' } }).trade).toEqual({
      cents: 6396,
      listName: 'Trade',
    });
    expect(productPricing({ ...pads, trade_price: { price: '79.95', list_name: 'Trade' } }).trade).toBeNull();
    expect(
      productPricing({ ...rotor, trade_price: { price: '140.00', list_name: 'Trade' } }).trade,
    ).toBeNull();
  });
});
