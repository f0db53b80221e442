import type { Product } from '@store/shared/product';
import { useCallback } from 'react';
import { addToCart } from '@/stores/cart-store';

/** SPEC §9: the add-to-cart toast stays 3 seconds (other toasts use the library's 5 s default). */
export const ADD_TO_CART_TOAST_MS = 3000;

/** SPEC §4: the message shown after a successful add. */
export function addedToCartMessage(title: string): string {
  return `${title} added to cart!`;
}

/**
 * Adds a product to the cart (merging into its line, SPEC §4) and shows '{title} added to cart!' for
 * 3 seconds. Product cards call it with quantity 1 (the default); the product page passes its stepper's value.
 * Throttling the button (SPEC §9, one click a second) is the caller's job.
 */
export function useAddToCart(): (product: Product, quantity?: number) => void {
  return useCallback((product: Product, quantity = 1) => {
    addToCart(product, quantity);
    // Loaded on first use, so the toast library stays out of the first page's JavaScript.
    void import('react-toastify').then(({ toast }) =>
      toast.success(addedToCartMessage(product.title), { autoClose: ADD_TO_CART_TOAST_MS }),
    );
  }, []);
}
