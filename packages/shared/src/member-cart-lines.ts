/**
 * A member's cart line by line (issue 37 §5, decision 0060): how the browser's and the account's carts join at
 * sign-in (`addCartLines`) and how two devices' edits merge (`mergeCartEdits`), within the cart's 1-100 rule
 * (SPEC §5, §9). Kept apart from member-cart.ts, whose zod schemas the API checks bodies with: the cart runs
 * in every page's first script, which loads no schema library (issue 42, decision 0070).
 */
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES, MIN_LINE_QUANTITY } from './order-constants';

/** A line as saved: the product's id and how many. */
export interface CartQuantity {
  id: number;
  quantity: number;
}

const clamp = (q: number) => Math.min(MAX_LINE_QUANTITY, Math.max(MIN_LINE_QUANTITY, Math.trunc(q)));

/**
 * Sign-in (decision 0060): the browser's cart joins the account's. A product in both gets the two quantities
 * added, capped at the cart's 100; the account's lines keep their order and the browser's new ones follow.
 */
export function addCartLines(
  account: readonly CartQuantity[],
  browser: readonly CartQuantity[],
): CartQuantity[] {
  const merged = account.map((l) => ({ id: l.id, quantity: clamp(l.quantity) }));
  for (const line of browser) {
    const same = merged.find((m) => m.id === line.id);
    if (same) same.quantity = clamp(same.quantity + line.quantity);
    else merged.push({ id: line.id, quantity: clamp(line.quantity) });
  }
  return merged.slice(0, MAX_ORDER_LINES);
}

/**
 * Two devices changed the cart (decision 0060): `base` is the cart both last agreed with the server, `mine`
 * this browser's cart now, `theirs` the server's newer cart. Per line, the change made here wins (last write
 * wins per line): a line changed or removed here takes this browser's value, any other line the server's.
 * Lines come in the server's order, then the ones added here.
 */
export function mergeCartEdits(
  base: readonly CartQuantity[],
  mine: readonly CartQuantity[],
  theirs: readonly CartQuantity[],
): CartQuantity[] {
  const before = new Map(base.map((l) => [l.id, l.quantity]));
  const now = new Map(mine.map((l) => [l.id, l.quantity]));
  const editedHere = (id: number) => before.get(id) !== now.get(id);
  const merged: CartQuantity[] = [];
  for (const line of theirs) {
    if (!editedHere(line.id)) merged.push({ id: line.id, quantity: line.quantity });
    else if (now.has(line.id)) merged.push({ id: line.id, quantity: now.get(line.id) ?? line.quantity });
  }
  const kept = new Set(merged.map((l) => l.id));
  for (const line of mine) {
    if (!kept.has(line.id) && editedHere(line.id)) merged.push({ id: line.id, quantity: line.quantity });
  }
  return merged.slice(0, MAX_ORDER_LINES);
}

/** The quantities of a cart, to compare and save. */
export function cartQuantities(lines: readonly CartQuantity[]): CartQuantity[] {
  return lines.map((l) => ({ id: l.id, quantity: l.quantity }));
}

/** Whether two carts hold the same lines in the same order. */
export function sameCart(a: readonly CartQuantity[], b: readonly CartQuantity[]): boolean {
  return a.length === b.length && a.every((l, i) => l.id === b[i]?.id && l.quantity === b[i]?.quantity);
}
