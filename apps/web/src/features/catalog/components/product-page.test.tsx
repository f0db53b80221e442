import { screen, within } from '@testing-library/react';
import {
  DEFAULT_STORE_PROMISES,
  deliveryEstimateSentence,
  deliveryRuleSentence,
  deliverySettingsOf,
  productDeliveryText,
} from '@store/shared/store-promises';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type ApiTable } from '@/test/fake-api';
import { makeProduct, makeStoreConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { clearCart, getCartLines } from '@/stores/cart-store';
import { ProductRoute } from '@/app/routes/product';
import { resetSessionStoreForTests, startSession } from '@/stores/session-store';
import { makeTradeAccount, TRADE_OWNER } from '@/test/trade-fixtures';
import { dangerousGoodText } from '@store/shared/delivery-rules';

/**
 * The product page alone at `path` over the fake API serving `api`; what the page asks besides the product is
 * answered empty unless told: no latest products, no vehicle makes, no fitment data.
 */
function renderProduct(path: string, api: ApiTable) {
  return renderRoute(path, {
    routes: [{ path: '/product/:sku', element: <ProductRoute /> }],
    api: {
      'GET /api/latest-products': { data: { data: [] } },
      'GET /api/vehicles/makes': { data: [] },
      'GET /api/products/:sku/fitment': ({ params }) =>
        json({ data: { sku: params.sku, universal: false, groups: [] } }),
      ...api,
    },
  });
}

const battery = makeProduct({
  id: 17,
  category_id: 1,
  title: 'Voltcore NS70 Car Battery 680CCA',
  permalink: 'voltcore-ns70-car-battery-680cca',
  sku: 'VC-NS70-680',
  featured_image: 'products/vc-ns70-680.svg',
  gallery_media: 'products/vc-ns70-680-2.svg',
  short_description: 'NS70 battery with 680 CCA.',
  long_description: '<p>The <strong>Voltcore NS70</strong> is sealed.</p><ul><li>CCA 680</li></ul>',
  brand: { title: 'Voltcore', permalink: 'voltcore', cover_image: null },
  discount_data: { discounted_price: '199.95', discount_value: 20, discount_type: 1 },
  badge: 'Sale',
  product_meta: [
    { option: '_price', value: '219.95' },
    { option: '_stock', value: '43' },
    { option: '_weight', value: '17.6' },
  ],
});

const categories = {
  data: [
    {
      id: 1,
      title: 'Batteries',
      sku: 'batteries',
      permalink: 'batteries',
      thumbnail_image: null,
      child_categories: [],
    },
  ],
};

/** The delivery line under the buy button (issue 34 §3: the store's promises, worded once). */
const deliveryPromise = () =>
  (document.querySelector('.product-detail__shipping')?.textContent ?? '').replace(/\s+/g, ' ').trim();

beforeEach(() => clearCart());

describe('product page (SPEC §2 Product page)', () => {
  it('shows the product, its price with the discount label, breadcrumbs and JSON-LD in AUD', async () => {
    renderProduct('/product/VC-NS70-680', {
      'GET /api/products/VC-NS70-680': { data: battery },
      'GET /api/categories': categories,
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Voltcore NS70 Car Battery 680CCA' }),
    ).toBeTruthy();
    // Shelf prices include GST (issue 34 §1, decision 0046): the sale price $199.95 as stored, struck $219.95,
    // the fixed 'Save $20' what is taken off.
    const price = within(screen.getByRole('group', { name: 'Price' }));
    expect(price.getByText('$199.95')).toBeTruthy();
    expect(price.getByText('$219.95')).toBeTruthy();
    expect(price.getByText('inc. GST')).toBeTruthy();
    expect(price.getByText('Save $20')).toBeTruthy();
    expect(screen.getByText('Price in AUD, including 10% GST')).toBeTruthy();
    expect(screen.getByText('Sale')).toBeTruthy();
    // Issue 34 §3: one unit at $199.95 reaches the $100 threshold, so this one may say free delivery.
    await vi.waitFor(() =>
      expect(deliveryPromise()).toBe(
        `${productDeliveryText(19995, deliverySettingsOf(makeStoreConfig()))} ${deliveryEstimateSentence(DEFAULT_STORE_PROMISES)} Shipping policy`,
      ),
    );
    expect(deliveryPromise()).toContain('Free delivery on this item.');

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect((await within(crumbs).findByRole('link', { name: 'Batteries' })).getAttribute('href')).toBe(
      '/shop?page=1&category=batteries',
    );

    const main = screen.getByRole('img', { name: 'Voltcore NS70 Car Battery 680CCA' });
    expect(main.getAttribute('src')).toBe('/media/products/vc-ns70-680.svg');
    expect(main.getAttribute('loading')).toBe('eager');
    expect(main.getAttribute('fetchpriority')).toBe('high');

    const script = document.querySelector('script[type="application/ld+json"]');
    const ld = JSON.parse(script?.textContent ?? '{}') as Record<string, unknown>;
    expect(ld['@type']).toBe('Product');
    expect(ld.offers).toMatchObject({
      priceCurrency: 'AUD',
      // The price paid, GST included: the sale price as stored.
      price: '199.95',
      availability: 'https://schema.org/InStock',
    });
  });

  it('promises no free delivery on a product below the threshold: it states the rule and the policy’s estimate', async () => {
    // Issue 34: the $16.45 brake fluid said "Free shipping, estimated delivery 2-3 days" under a $100 threshold.
    const config = makeStoreConfig({ delivery_charge: 16.5, free_delivery_threshold: 100 });
    const fluid = makeProduct({
      id: 31,
      title: 'Brake Fluid DOT 4 500ml',
      sku: 'BF-DOT4-500',
      product_meta: [{ option: '_price', value: '16.45' }],
    });
    renderProduct('/product/BF-DOT4-500', {
      'GET /api/products/BF-DOT4-500': { data: fluid },
      'GET /api/store-config': { data: config },
    });
    await screen.findByRole('heading', { level: 1, name: 'Brake Fluid DOT 4 500ml' });

    const rule = deliverySettingsOf(config);
    await vi.waitFor(() => expect(deliveryPromise()).toContain(deliveryRuleSentence(rule)));
    expect(deliveryPromise()).toBe(
      'Free delivery on orders of $100 or more; flat $16.50 delivery under $100. ' +
        `${deliveryEstimateSentence(DEFAULT_STORE_PROMISES)} Shipping policy`,
    );
    expect(deliveryPromise()).not.toMatch(/free shipping|on this item|2-3 days/i);
    expect(screen.getByRole('link', { name: 'Shipping policy' }).getAttribute('href')).toBe(
      '/shipping-policy',
    );
  });

  it('switches the main image from the thumbnails', async () => {
    const user = userEvent.setup();
    renderProduct('/product/VC-NS70-680', { 'GET /api/products/VC-NS70-680': { data: battery } });

    const second = await screen.findByRole('button', { name: 'Show image 2 of 2' });
    expect(screen.getByRole('button', { name: 'Show image 1 of 2' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(second);
    expect(second.getAttribute('aria-pressed')).toBe('true');
    expect(
      screen.getByRole('img', { name: 'Voltcore NS70 Car Battery 680CCA, image 2 of 2' }).getAttribute('src'),
    ).toBe('/media/products/vc-ns70-680-2.svg');
  });

  it('pages through more than 3 thumbnails with named arrows', async () => {
    const user = userEvent.setup();
    const many = { ...battery, gallery_media: 'p/2.svg,p/3.svg,p/4.svg,p/5.svg' };
    renderProduct('/product/VC-NS70-680', { 'GET /api/products/VC-NS70-680': { data: many } });

    const thumbs = await screen.findByRole('group', { name: 'Product images' });
    const shown = () =>
      within(thumbs)
        .getAllByRole('button', { name: /^Show image/ })
        .map((b) => b.getAttribute('aria-label'));
    expect(shown()).toEqual(['Show image 1 of 5', 'Show image 2 of 5', 'Show image 3 of 5']);
    const previous = screen.getByRole('button', { name: 'Previous images' });
    const next = screen.getByRole('button', { name: 'Next images' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    await user.click(next);
    await user.click(next);
    await user.click(next);
    expect(shown()).toEqual(['Show image 3 of 5', 'Show image 4 of 5', 'Show image 5 of 5']);
    expect(next.getAttribute('aria-disabled')).toBe('true');
    await user.click(previous);
    expect(shown()[0]).toBe('Show image 2 of 5');
  });

  it('adds the chosen quantity once however fast the button is pressed (one add a second)', async () => {
    const user = userEvent.setup();
    renderProduct('/product/VC-NS70-680', { 'GET /api/products/VC-NS70-680': { data: battery } });

    const plus = await screen.findByRole('button', { name: 'Increase quantity' });
    await user.click(plus);
    await user.click(plus);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Quantity' }).value).toBe('3');

    const add = screen.getByRole('button', { name: 'Add to cart' });
    await user.click(add);
    await user.click(add);
    await user.click(add);
    expect(getCartLines().map((l) => [l.id, l.quantity])).toEqual([[17, 3]]);
  });

  it('has Description and Product Details tabs that work from the keyboard', async () => {
    const user = userEvent.setup();
    renderProduct('/product/VC-NS70-680', {
      'GET /api/products/VC-NS70-680': { data: battery },
      'GET /api/categories': categories,
    });

    const description = await screen.findByRole('tab', { name: 'Description' });
    expect(description.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'Description' });
    expect(panel.textContent).toBe('The Voltcore NS70 is sealed.CCA 680');
    expect(panel.querySelector('strong')).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Shipping' })).toBeNull();

    description.focus();
    await user.keyboard('{ArrowRight}');
    const details = screen.getByRole('tabpanel', { name: 'Product Details' });
    expect(within(details).getByText('VC-NS70-680')).toBeTruthy();
    expect(within(details).getByText('Voltcore')).toBeTruthy();
    expect(within(details).getByText('17.6 kg')).toBeTruthy();
    expect(within(details).getByText('In stock (43 available)')).toBeTruthy();
    expect(await within(details).findByText('Batteries')).toBeTruthy();
  });

  it("shows 'No Title', 'No Description', 'N/A' and 'Unknown' for missing fields, and the placeholder image", async () => {
    const bare = makeProduct({
      sku: 'BARE-1',
      title: '',
      brand: null,
      featured_image: null,
      gallery_media: null,
      product_meta: [],
    });
    renderProduct('/product/BARE-1', { 'GET /api/products/BARE-1': { data: bare } });

    expect(await screen.findByRole('heading', { level: 1, name: 'No Title' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Price' })).getByText('N/A')).toBeTruthy();
    expect(screen.getAllByText('Unknown').length).toBeGreaterThan(0);
    expect(screen.getByRole('tabpanel', { name: 'Description' }).textContent).toBe('No Description');
    expect(screen.getByRole('img', { name: 'No Title' }).getAttribute('src')).toBe(
      '/images/product-image-not-found.svg',
    );
  });

  it('shows the not-found image for a product that does not exist', async () => {
    renderProduct('/product/nope', {
      'GET /api/products/nope': () => json({ message: 'No product with SKU "nope"' }, 404),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /404/ }).getAttribute('src')).toBe('/images/not-found.svg');
    expect(screen.getByRole('link', { name: 'Shop all products' }).getAttribute('href')).toBe('/shop?page=1');
  });

  it('shows the bad-request image for any other error', async () => {
    renderProduct('/product/VC-NS70-680', {
      'GET /api/products/VC-NS70-680': () => json({ message: 'Database unavailable' }, 500),
    });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('img').getAttribute('src')).toBe('/images/bad-request.svg');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('the Afterpay instalment line under the price (issue 40 §3)', () => {
  /** A plain product at `price` (dollars, as the catalog stores it). */
  const priced = (price: string) =>
    makeProduct({
      id: 40,
      sku: 'AP-40',
      permalink: 'ap-40',
      product_meta: [{ option: '_price', value: price }],
    });

  /** The product page of `product`, settled: its store settings read, so a missing line is a decision. */
  async function renderPriced(product: ReturnType<typeof makeProduct>, api: ApiTable = {}) {
    const page = renderProduct('/product/AP-40', { 'GET /api/products/AP-40': { data: product }, ...api });
    await screen.findByRole('heading', { level: 1 });
    // The delivery estimate is the same settings' (issue 36 §5): once it shows, the line has been decided too.
    await vi.waitFor(() =>
      expect(deliveryPromise()).toContain(deliveryEstimateSentence(DEFAULT_STORE_PROMISES)),
    );
    return page;
  }
  const line = () => screen.queryByText(/interest-free payments/);
  /** The line reading `text`, in the price box (under the price, above the buy button). */
  async function findLine(text: string) {
    const found = await screen.findByText(text);
    expect(found.closest('[role="group"]')?.getAttribute('aria-label')).toBe('Price');
    return found;
  }

  afterEach(() => {
    localStorage.clear();
    resetSessionStoreForTests();
  });

  it('offers 4 payments of the sale price over 4, in the price box', async () => {
    renderProduct('/product/VC-NS70-680', { 'GET /api/products/VC-NS70-680': { data: battery } });
    // $199.95 on sale (not the struck $219.95): 19995 / 4 = 4998.75 → $49.99.
    expect(await findLine('or 4 interest-free payments of $49.99 with Afterpay')).toBeTruthy();
  });

  it.each([
    ['30.02', '$7.51'], // 750.5 cents rounds up to the cent
    ['30.01', '$7.50'], // 750.25 rounds down
    ['2000.00', '$500.00'], // Afterpay's largest order, inclusive
    ['1.00', '$0.25'], // its smallest
  ])('at $%s each payment is %s', async (price, each) => {
    renderProduct('/product/AP-40', { 'GET /api/products/AP-40': { data: priced(price) } });
    expect(await findLine(`or 4 interest-free payments of ${each} with Afterpay`)).toBeTruthy();
  });

  it.each([['2000.01'], ['0.99']])('says nothing at $%s, outside Afterpay’s limits', async (price) => {
    await renderPriced(priced(price));
    expect(line()).toBeNull();
  });

  it('says nothing when the store does not offer Afterpay', async () => {
    await renderPriced(priced('79.95'), {
      'GET /api/store-config': { data: makeStoreConfig({ payment_method_types: ['card', 'zip'] }) },
    });
    expect(line()).toBeNull();
  });

  it('says nothing to a member of an approved trade account, and still to one whose application waits', async () => {
    startSession({ user: TRADE_OWNER, token: 'trade-token', subscription: false });
    const trade = await renderPriced(priced('79.95'), {
      'GET /api/trade/account': { data: makeTradeAccount() },
      'GET /api/trade/prices': { data: [] },
    });
    // Trade prices are asked once the account is read as approved: the line has been decided for a trade member.
    await vi.waitFor(() => expect(trade.api.requestsTo('/api/trade/prices')).toHaveLength(1));
    expect(line()).toBeNull();
    trade.unmount();

    renderProduct('/product/AP-40', {
      'GET /api/products/AP-40': { data: priced('79.95') },
      'GET /api/trade/account': { data: makeTradeAccount({ status: 'pending' }) },
    });
    // $79.95 / 4 = $19.9875 → $19.99; this member sees prices ex. GST, so the line says the payments include it.
    expect(await findLine('or 4 interest-free payments of $19.99 with Afterpay (inc. GST)')).toBeTruthy();
  });
});

describe('product page stock by location (issue 41 §1)', () => {
  const location = (over: Record<string, unknown>) => ({
    streetAddress: '',
    suburb: '',
    state: 'NSW',
    postCode: '2161',
    phone: '',
    openingHours: {
      days: { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null },
      note: '',
    },
    readyMinutes: 60,
    dispatchDaysMin: 0,
    dispatchDaysMax: 1,
    active: true,
    ...over,
  });

  it('says where the product is: ready to collect at a store, and how soon it ships', async () => {
    renderProduct('/product/VC-NS70-680', {
      'GET /api/products/VC-NS70-680': { data: battery },
      'GET /api/products/:id/availability': {
        data: {
          locations: [
            location({
              id: 1,
              code: 'guildford',
              name: 'Guildford warehouse',
              ships: true,
              handsOver: true,
              sortOrder: 0,
            }),
            location({
              id: 2,
              code: 'penrith',
              name: 'Penrith counter',
              ships: false,
              handsOver: true,
              readyMinutes: 30,
              sortOrder: 1,
            }),
          ],
          stock_at: { '1': 40, '2': 0 },
          delivery_notes: [dangerousGoodText('8')],
        },
      },
    });
    expect(await screen.findByText('In stock at Guildford — ready in 1 hour')).toBeTruthy();
    expect(screen.getByText('Ships within 1 business day')).toBeTruthy();
    expect(screen.queryByText(/In stock at Penrith/)).toBeNull();
    // A battery's note under the delivery promise (issue 41 §3).
    expect(screen.getByText(dangerousGoodText('8'))).toBeTruthy();
  });
});
