/**
 * The shopper's cart (SPEC §3 Cart line, §4 Cart actions): lines kept in browser local storage under
 * `cartItems`, restored on load and shared by every component through `useCart()`. Quantities stay whole
 * numbers from 1 to 100 (SPEC §5, §9). Carts live in the browser, never on the server (DESIGN §3).
 */
import { useSyncExternalStore } from 'react';
import type { Product } from '@store/shared/product';

export const CART_STORAGE_KEY = 'cartItems';
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 100;

/** SPEC §3 cart line. */
export interface CartLine {
  id: number;
  title: string;
  permalink: string;
  featured_image: string | null;
  sku: string;
  quantity: number;
  product_meta: Product['product_meta'];
  discount_data: Product['discount_data'];
}

type Listener = () => void;
const listeners = new Set<Listener>();
let lines: CartLine[] = readStoredLines();

function clampQuantity(q: number): number {
  if (!Number.isFinite(q)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(q)));
}

function isCartLine(v: unknown): v is CartLine {
  if (typeof v !== 'object' || v === null) return false;
  const l = v as Record<string, unknown>;
  return (
    typeof l.id === 'number' &&
    typeof l.title === 'string' &&
    typeof l.sku === 'string' &&
    typeof l.quantity === 'number' &&
    Array.isArray(l.product_meta)
  );
}

/** Lines saved by an earlier visit; anything unreadable is dropped rather than breaking the page. */
function readStoredLines(): CartLine[] {
  try {
    const raw = globalThis.localStorage?.getItem(CART_STORAGE_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed)
      ? parsed.filter(isCartLine).map((l) => ({ ...l, quantity: clampQuantity(l.quantity) }))
      : [];
  } catch {
    return [];
  }
}

function commit(next: CartLine[]) {
  lines = next;
  try {
    globalThis.localStorage?.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Private mode or a full quota: the cart still works for this visit.
  }
  for (const l of listeners) l();
}

function toLine(product: Product, quantity: number): CartLine {
  return {
    id: product.id,
    title: product.title,
    permalink: product.permalink,
    featured_image: product.featured_image,
    sku: product.sku,
    quantity: clampQuantity(quantity),
    product_meta: product.product_meta,
    discount_data: product.discount_data,
  };
}

/** SPEC §4 add: merges into the line with the same id (quantity capped at 100), else appends. */
export function addToCart(product: Product, quantity = 1): void {
  const existing = lines.find((l) => l.id === product.id);
  if (existing) {
    commit(
      lines.map((l) =>
        l.id === product.id
          ? { ...toLine(product, l.quantity), quantity: clampQuantity(l.quantity + quantity) }
          : l,
      ),
    );
  } else {
    commit([...lines, toLine(product, quantity)]);
  }
}

export function removeFromCart(id: number): void {
  commit(lines.filter((l) => l.id !== id));
}

export function updateCartQuantity(id: number, quantity: number): void {
  commit(lines.map((l) => (l.id === id ? { ...l, quantity: clampQuantity(quantity) } : l)));
}

export function initializeCart(next: CartLine[]): void {
  commit(next.filter(isCartLine).map((l) => ({ ...l, quantity: clampQuantity(l.quantity) })));
}

export function clearCart(): void {
  commit([]);
}

export function getCartLines(): CartLine[] {
  return lines;
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  // Another tab changed the cart: follow it.
  const onStorage = (e: StorageEvent) => {
    if (e.key === CART_STORAGE_KEY) {
      lines = readStoredLines();
      listener();
    }
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

/** The cart's lines; re-renders on every change (this tab or another). */
export function useCartLines(): CartLine[] {
  return useSyncExternalStore(subscribe, getCartLines, getCartLines);
}

/** Number of items in the cart (sum of quantities), for the header icon. */
export function useCartCount(): number {
  const current = useCartLines();
  return current.reduce((n, l) => n + l.quantity, 0);
}
