import { beforeEach, describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/fixtures';
import {
  CART_STORAGE_KEY,
  addToCart,
  clearCart,
  dismissPriceChanges,
  getCartLines,
  getPriceChanges,
  refreshCartLines,
  removeFromCart,
  updateCartQuantity,
} from './cart-store';

beforeEach(() => clearCart());

describe('cart store (SPEC §4 cart actions)', () => {
  it('appends a new product and merges a repeat by increasing its quantity', () => {
    const globe = makeProduct({ id: 1, title: 'H4 Globe' });
    addToCart(globe);
    addToCart(globe, 3);
    addToCart(makeProduct({ id: 2, title: 'Battery' }));
    expect(getCartLines().map((l) => [l.id, l.quantity])).toEqual([
      [1, 4],
      [2, 1],
    ]);
  });

  it('keeps quantities between 1 and 100', () => {
    const p = makeProduct({ id: 3 });
    addToCart(p, 99);
    addToCart(p, 5);
    expect(getCartLines()[0]?.quantity).toBe(100);
    updateCartQuantity(3, 0);
    expect(getCartLines()[0]?.quantity).toBe(1);
  });

  it('persists the SPEC line fields under cartItems, and removes by id', () => {
    addToCart(makeProduct({ id: 4, sku: 'KL-H4' }));
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]');
    expect(Object.keys(stored[0]).sort()).toEqual(
      [
        'discount_data',
        'featured_image',
        'id',
        'permalink',
        'product_meta',
        'quantity',
        'sku',
        'title',
      ].sort(),
    );
    removeFromCart(4);
    expect(getCartLines()).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe('[]');
  });
});

describe('refreshCartLines (fresh prices from the catalog)', () => {
  const price = (value: string) => [{ option: '_price', value }];

  it("writes the catalog's fields into the asked-for lines and keeps the quantities", () => {
    addToCart(makeProduct({ id: 1, title: 'Old name', product_meta: price('79.95') }), 2);
    const fresh = makeProduct({
      id: 1,
      title: 'New name',
      permalink: 'new-name',
      featured_image: 'products/new.jpg',
      product_meta: price('79.95'),
      discount_data: { discounted_price: '71.96', discount_value: 10, discount_type: 0 },
    });

    const result = refreshCartLines([1], [fresh]);

    expect(getCartLines()).toEqual([
      expect.objectContaining({
        id: 1,
        quantity: 2,
        title: 'New name',
        permalink: 'new-name',
        featured_image: 'products/new.jpg',
        discount_data: fresh.discount_data,
      }),
    ]);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')[0].title).toBe('New name');
    expect(result.priceChanges).toEqual([{ id: 1, title: 'New name', fromCents: 7995, toCents: 7196 }]);
    expect(getPriceChanges()).toEqual(result.priceChanges);
  });

  it('removes lines no longer sold, but not lines added after the question', () => {
    addToCart(makeProduct({ id: 1, title: 'Gone' }));
    addToCart(makeProduct({ id: 2, title: 'Kept' }));
    addToCart(makeProduct({ id: 3, title: 'Added since' }));

    const result = refreshCartLines([1, 2], [makeProduct({ id: 2, title: 'Kept' })]);

    expect(result.removed.map((l) => l.title)).toEqual(['Gone']);
    expect(getCartLines().map((l) => l.id)).toEqual([2, 3]);
  });

  it('is idempotent: the same answer twice changes nothing the second time', () => {
    addToCart(makeProduct({ id: 1, product_meta: price('10.00') }));
    const fresh = makeProduct({ id: 1, product_meta: price('12.00') });
    refreshCartLines([1], [fresh]);
    const before = getCartLines();

    const again = refreshCartLines([1], [fresh]);

    expect(again).toEqual({ removed: [], priceChanges: [] });
    expect(getCartLines()).toBe(before);
    expect(getPriceChanges()).toEqual([{ id: 1, title: fresh.title, fromCents: 1000, toCents: 1200 }]);
  });

  it('keeps the first price seen across two changes, drops a change that is undone, and can be dismissed', () => {
    addToCart(makeProduct({ id: 1, product_meta: price('10.00') }));
    refreshCartLines([1], [makeProduct({ id: 1, product_meta: price('12.00') })]);
    refreshCartLines([1], [makeProduct({ id: 1, product_meta: price('15.00') })]);
    expect(getPriceChanges()).toMatchObject([{ fromCents: 1000, toCents: 1500 }]);

    refreshCartLines([1], [makeProduct({ id: 1, product_meta: price('10.00') })]);
    expect(getPriceChanges()).toEqual([]);

    refreshCartLines([1], [makeProduct({ id: 1, product_meta: price('11.00') })]);
    dismissPriceChanges();
    expect(getPriceChanges()).toEqual([]);
  });

  it("forgets a line's price change when the line is removed", () => {
    addToCart(makeProduct({ id: 1, product_meta: price('10.00') }));
    refreshCartLines([1], [makeProduct({ id: 1, product_meta: price('12.00') })]);
    removeFromCart(1);
    expect(getPriceChanges()).toEqual([]);
  });
});
