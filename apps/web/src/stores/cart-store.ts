/**
 * The shopper's cart (SPEC §3 Cart line, §4 Cart actions): lines kept in browser local storage under
 * `cartItems`, restored on load and shared by every component through `useCart()`. Quantities stay whole
 * numbers from 1 to 100 (SPEC §5, §9). A guest's cart lives in this browser only; a member's is also kept with
 * the account (features/cart/member-cart-sync.ts, decision 0060).
 */
import { unitPriceCentsOf } from '@store/shared/checkout-totals';
import type { Product, ProductImage } from '@store/shared/product';
import { featuredProductImage } from '@store/shared/product-image';
import { useSyncExternalStore } from 'react';
import { useBrowserSnapshot } from '@/lib/use-server-html';

export const CART_STORAGE_KEY = 'cartItems';
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 100;

/** SPEC §3 cart line. */
export interface CartLine {
  id: number;
  title: string;
  permalink: string;
  featured_image: string | null;
  /**
   * The featured image's size and WebP widths (decision 0026), for the line's thumbnail. Not in the SPEC's line:
   * added when known (a line stored without it shows the original picture until the cart is re-read).
   */
  image?: ProductImage | null;
  sku: string;
  quantity: number;
  product_meta: Product['product_meta'];
  discount_data: Product['discount_data'];
  /**
   * Issue 39: the signed-in trade customer's unit price when the server sent one (`/api/cart-products`, or merged
   * into the product added); what the cart charges (`unitPriceCentsOf`). Not in the SPEC's line.
   */
  trade_price?: Product['trade_price'];
}

/** A line whose unit price moved when the catalog was re-read (SPEC §9 prices in cents AUD). */
export interface CartPriceChange {
  id: number;
  title: string;
  /** Unit price the shopper last saw, cents. */
  fromCents: number;
  /** Unit price now, cents. */
  toCents: number;
}

/** What `refreshCartLines` did to the cart. */
export interface CartRefresh {
  /** Lines dropped because their product is no longer sold. */
  removed: CartLine[];
  /** Lines whose unit price changed. */
  priceChanges: CartPriceChange[];
}

type Listener = () => void;
const listeners = new Set<Listener>();
/**
 * An empty cart, and what a server-rendered page shows (the cart lives in the browser, so the server knows none
 * of it). An empty stored cart reads as this same array, so hydrating a page for a shopper with an empty cart
 * finds nothing changed and re-renders nothing (decision 0070).
 */
const NO_LINES: CartLine[] = [];

// Read from local storage at the first use, not as the module loads: a page's first read of local storage opens
// it, tens of milliseconds on a phone, and the app's start keeps that out of its first task (decision 0070).
let lines: CartLine[] | undefined;
function storedLines(): CartLine[] {
  lines ??= readStoredLines();
  return lines;
}
// Price changes are news for this visit only: kept in memory, never in local storage.
let priceChanges: CartPriceChange[] = [];
// How many adds this tab has seen (`addToCart`, or another tab's cart growing): what opens the cart sidebar.
// Counted where an add happens rather than read from the item count rising, which also rises when the stored cart
// first shows on a server-rendered page and when a member's saved cart is merged in.
let adds = 0;

function itemCount(of: readonly CartLine[]): number {
  return of.reduce((n, l) => n + l.quantity, 0);
}

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
    if (!raw) return NO_LINES;
    const parsed: unknown = JSON.parse(raw);
    const stored = Array.isArray(parsed)
      ? parsed.filter(isCartLine).map((l) => ({ ...l, quantity: clampQuantity(l.quantity) }))
      : [];
    return stored.length > 0 ? stored : NO_LINES;
  } catch {
    return NO_LINES;
  }
}

function commit(next: CartLine[]) {
  lines = next.length > 0 ? next : NO_LINES;
  try {
    globalThis.localStorage?.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Private mode or a full quota: the cart still works for this visit.
  }
  for (const l of listeners) l();
}

/** A cart line for `product` (its catalog fields as answered) with `quantity` kept within 1-100. */
export function cartLineOf(product: Product, quantity: number): CartLine {
  return toLine(product, quantity);
}

function toLine(product: Product, quantity: number): CartLine {
  return {
    id: product.id,
    title: product.title,
    permalink: product.permalink,
    featured_image: product.featured_image,
    image: featuredProductImage(product) ?? undefined,
    sku: product.sku,
    quantity: clampQuantity(quantity),
    product_meta: product.product_meta,
    discount_data: product.discount_data,
    ...(product.trade_price ? { trade_price: product.trade_price } : {}),
  };
}

/** SPEC §4 add: merges into the line with the same id (quantity capped at 100), else appends. */
export function addToCart(product: Product, quantity = 1): void {
  adds += 1;
  const existing = storedLines().find((l) => l.id === product.id);
  if (existing) {
    commit(
      storedLines().map((l) =>
        l.id === product.id
          ? { ...toLine(product, l.quantity), quantity: clampQuantity(l.quantity + quantity) }
          : l,
      ),
    );
  } else {
    commit([...storedLines(), toLine(product, quantity)]);
  }
}

/** SPEC §4 remove by id (its price-change notice goes with it). */
export function removeFromCart(id: number): void {
  priceChanges = priceChanges.filter((c) => c.id !== id);
  commit(storedLines().filter((l) => l.id !== id));
}

/** SPEC §4 update quantity by id, kept within 1-100. */
export function updateCartQuantity(id: number, quantity: number): void {
  commit(storedLines().map((l) => (l.id === id ? { ...l, quantity: clampQuantity(quantity) } : l)));
}

/** SPEC §4 initialize from a list (unreadable lines dropped, quantities kept within 1-100). */
export function initializeCart(next: CartLine[]): void {
  commit(next.filter(isCartLine).map((l) => ({ ...l, quantity: clampQuantity(l.quantity) })));
}

/** SPEC §4 clear (after a successful order). */
export function clearCart(): void {
  priceChanges = [];
  commit([]);
}

/** The fields of a line that come from the catalog (everything but id and quantity). */
function catalogFields(l: CartLine | Product) {
  const image = 'images' in l ? featuredProductImage(l) : (l.image ?? null);
  return JSON.stringify([
    l.title,
    l.permalink,
    l.featured_image,
    image,
    l.sku,
    l.product_meta,
    l.discount_data,
    l.trade_price ?? null,
  ]);
}

/** Adds a change to the notices: a second change of the same line keeps the price first seen. */
function notePriceChange(change: CartPriceChange) {
  const earlier = priceChanges.find((c) => c.id === change.id);
  const merged = earlier ? { ...change, fromCents: earlier.fromCents } : change;
  priceChanges = [
    ...priceChanges.filter((c) => c.id !== change.id),
    ...(merged.fromCents === merged.toCents ? [] : [merged]),
  ];
}

/**
 * Writes the catalog as it is now into the stored lines (issue: prices re-read when the cart is shown).
 * `requestedIds` are the ids that were asked for and `products` the answer: each asked-for line takes the
 * product's title, permalink, image, sku, product_meta and discount_data; an asked-for line whose product is
 * missing from the answer is no longer sold and is removed. Lines added since the question are left alone.
 * Unit price changes are returned and kept for `useCartPriceChanges()`. Stores (and notifies) only when
 * something changed, so calling it twice with the same answer is harmless.
 */
export function refreshCartLines(requestedIds: readonly number[], products: readonly Product[]): CartRefresh {
  const asked = new Set(requestedIds);
  const byId = new Map(products.map((p) => [p.id, p]));
  const removed: CartLine[] = [];
  const changes: CartPriceChange[] = [];
  let changed = false;
  const next: CartLine[] = [];
  for (const line of storedLines()) {
    if (!asked.has(line.id)) {
      next.push(line);
      continue;
    }
    const product = byId.get(line.id);
    if (!product) {
      removed.push(line);
      changed = true;
      continue;
    }
    if (catalogFields(line) === catalogFields(product)) {
      next.push(line);
      continue;
    }
    const fromCents = unitPriceCentsOf(line);
    const toCents = unitPriceCentsOf(product);
    if (fromCents !== null && toCents !== null && fromCents !== toCents) {
      changes.push({ id: line.id, title: product.title, fromCents, toCents });
    }
    next.push(toLine(product, line.quantity));
    changed = true;
  }
  if (!changed) return { removed, priceChanges: changes };
  const gone = new Set(removed.map((l) => l.id));
  priceChanges = priceChanges.filter((c) => !gone.has(c.id));
  for (const change of changes) notePriceChange(change);
  commit(next);
  return { removed, priceChanges: changes };
}

/** Forgets the price-change notices (the shopper has read them). */
export function dismissPriceChanges(): void {
  if (priceChanges.length === 0) return;
  priceChanges = [];
  for (const l of listeners) l();
}

/** The price-change notices now, outside React. */
export function getPriceChanges(): CartPriceChange[] {
  return priceChanges;
}

/** The cart's lines now, outside React. */
export function getCartLines(): CartLine[] {
  return storedLines();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  // Another tab changed the cart: follow it.
  const onStorage = (e: StorageEvent) => {
    if (e.key === CART_STORAGE_KEY) {
      const before = itemCount(lines ?? NO_LINES);
      lines = readStoredLines();
      // A product added there is an add here too (decision 0008): the sidebar shows it when the shopper is back.
      if (itemCount(lines) > before) adds += 1;
      listener();
    }
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

/** Calls `listener` after every change of the cart (this tab or another); answers the unsubscribe. */
export const subscribeToCart = subscribe;

const NO_PRICE_CHANGES: CartPriceChange[] = [];

/**
 * The cart's lines; re-renders on every change (this tab or another). Empty on the server and while a
 * server-rendered page hydrates, then the stored lines (so the first render matches the HTML).
 */
export function useCartLines(): CartLine[] {
  return useBrowserSnapshot(subscribe, getCartLines, () => NO_LINES);
}

/** Unit price changes found since the cart was last shown, oldest first (SPEC §9 cents). */
export function useCartPriceChanges(): CartPriceChange[] {
  return useBrowserSnapshot(subscribe, getPriceChanges, () => NO_PRICE_CHANGES);
}

/**
 * How many adds this tab has seen since it loaded: each `addToCart` (also when the line was already at 100) and
 * each time another tab's cart grew. 0 on the server and while a page hydrates, so it rises only for a shopper's
 * add; the stored cart appearing and a member's saved cart merged in do not count (decision 0008: the cart
 * sidebar opens on an add, never on a load).
 */
export function useCartAdds(): number {
  return useSyncExternalStore(subscribe, getAdds, noAdds);
}
const getAdds = () => adds;
const noAdds = () => 0;

/** Number of items in the cart (sum of quantities), for the header icon. */
export function useCartCount(): number {
  return itemCount(useCartLines());
}
