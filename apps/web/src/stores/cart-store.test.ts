import { beforeEach, describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/fixtures';
import {
  CART_STORAGE_KEY,
  addToCart,
  clearCart,
  getCartLines,
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
