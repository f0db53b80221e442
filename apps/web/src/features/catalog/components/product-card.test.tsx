import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { MediaBaseUrlContext, PRODUCT_IMAGE_FALLBACK } from '@/lib/media';
import { clearCart, getCartLines } from '@/stores/cart-store';
import { makeProduct } from '@/test/fixtures';
import { makeTestQueryClient } from '@/test/query-client';
import { ProductCard } from './product-card';

/** The card in a router and a query client that already holds the store's settings (GST 10 %, issue 18). */
function renderCard(ui: ReactNode, mediaBase: string | null = '/media/') {
  return render(
    <QueryClientProvider client={makeTestQueryClient()}>
      <MemoryRouter>
        <MediaBaseUrlContext value={mediaBase}>{ui}</MediaBaseUrlContext>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ProductCard', () => {
  it('shows the brand, a title linking to the encoded permalink and the price', () => {
    renderCard(<ProductCard product={makeProduct({ permalink: 'pads/front & rear' })} />);

    expect(screen.getByText('Bendix')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Ceramic Brake Pads Front' });
    expect(link.getAttribute('href')).toBe('/product/pads%2Ffront%20%26%20rear');
    // The shelf price `_price` includes GST and is shown as it is (issue 34).
    expect(screen.getByText('$79.95')).toBeTruthy();
    expect(screen.getByText('inc. GST')).toBeTruthy();
    expect(screen.queryByText(/^Save/)).toBeNull();
  });

  it('shows the discounted price, the struck-through original and "Save 15%" for a percent discount', () => {
    const product = makeProduct({
      discount_data: { discounted_price: '67.96', discount_value: 15, discount_type: 0 },
    });
    const { container } = renderCard(<ProductCard product={product} />);

    // Prices as the catalog has them, GST included (issue 34); a percent label stays.
    expect(screen.getByText('$67.96')).toBeTruthy();
    expect(container.querySelector('s')?.textContent).toBe('Original price $79.95');
    expect(screen.getByText('Save 15%')).toBeTruthy();
  });

  it('labels a fixed discount in dollars: "Save $10"', () => {
    const product = makeProduct({
      discount_data: { discounted_price: '69.95', discount_value: 10, discount_type: 1 },
    });
    const { container } = renderCard(<ProductCard product={product} />);

    // GST-inclusive prices as they are (issue 34): the label is what is shown taken off, $79.95 − $69.95.
    expect(screen.getByText('$69.95')).toBeTruthy();
    expect(container.querySelector('s')?.textContent).toContain('$79.95');
    expect(screen.getByText('Save $10')).toBeTruthy();
  });

  it('shows N/A when the product has no readable price', () => {
    renderCard(<ProductCard product={makeProduct({ product_meta: [] })} />);
    expect(screen.getByText('N/A')).toBeTruthy();
  });

  it('loads the image from the media base URL and swaps to the placeholder when it fails', () => {
    renderCard(<ProductCard product={makeProduct()} />, 'https://cdn.example.com.au/media/');

    const image = screen.getByRole('img', { name: 'Ceramic Brake Pads Front' });
    expect(image.getAttribute('src')).toBe('https://cdn.example.com.au/media/products/brake-pads.jpg');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('width')).toBe('300');
    expect(image.getAttribute('height')).toBe('300');

    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'Ceramic Brake Pads Front' }).getAttribute('src')).toBe(
      PRODUCT_IMAGE_FALLBACK,
    );
  });

  it('shows the placeholder straight away for a product without an image', () => {
    renderCard(<ProductCard product={makeProduct({ featured_image: null })} eagerImage />);

    const image = screen.getByRole('img', { name: 'Ceramic Brake Pads Front' });
    expect(image.getAttribute('src')).toBe(PRODUCT_IMAGE_FALLBACK);
    expect(image.getAttribute('loading')).toBe('eager');
  });

  it('requests no image until the media base URL is known', () => {
    renderCard(<ProductCard product={makeProduct()} />, null);
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('ProductCard badge, stock and add to cart', () => {
  beforeEach(() => clearCart());

  it('shows the badge when the product has one', () => {
    renderCard(<ProductCard product={makeProduct({ badge: 'Hot' })} />);
    expect(screen.getByText('Hot')).toBeTruthy();
  });

  it('adds one to the cart from the card', async () => {
    const user = userEvent.setup();
    renderCard(<ProductCard product={makeProduct({ id: 7 })} />);
    const button = screen.getByRole('button', { name: 'Add to cart: Ceramic Brake Pads Front' });
    await user.click(button);
    await user.click(button);
    expect(getCartLines().map((l) => [l.id, l.quantity])).toEqual([[7, 2]]);
    expect(JSON.parse(localStorage.getItem('cartItems') ?? '[]')).toHaveLength(1);
  });

  it("shows 'Out of stock' and cannot be added when _stock is '0'", () => {
    const product = makeProduct({
      product_meta: [
        { option: '_price', value: '79.95' },
        { option: '_stock', value: '0' },
      ],
    });
    renderCard(<ProductCard product={product} />);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Out of stock' });
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Add to cart/ })).toBeNull();
  });
});
