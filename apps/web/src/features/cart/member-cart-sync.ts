/**
 * A member's cart kept with the account (issue 37 §5, decision 0060). While a member is signed in, this browser's
 * cart (stores/cart-store.ts) and the account's (`/api/cart`) are kept in step:
 *
 * - at sign-in (`mergeCartAtSignIn`) the browser's cart joins the account's, quantities added (capped at 100);
 * - a change here is saved about a second later (`SAVE_DELAY_MS`), built on the version last agreed with the
 *   server; when another device saved meanwhile (409) the two are merged line by line, the change made here
 *   winning its own lines (`mergeCartEdits`), and saved again;
 * - the account's cart is read again when the page loads signed in and whenever the tab comes back into view;
 * - signing out saves what is pending, then empties this browser's cart: it stays with the account.
 *
 * What was last agreed (`version` and its lines, `base`) is kept in local storage under `memberCartSync`, shared
 * by the browser's tabs as the cart itself is. One sync runs at a time in a tab. A failed call changes nothing
 * here: the next change, load or return to the tab tries again.
 */
import type { Product } from '@store/shared/product';
import type { MemberCart } from '@store/shared/member-cart';
import {
  addCartLines,
  cartQuantities,
  mergeCartEdits,
  sameCart,
  type CartQuantity,
} from '@store/shared/member-cart-lines';
import { useEffect } from 'react';
import {
  cartLineOf,
  clearCart,
  getCartLines,
  initializeCart,
  subscribeToCart,
  type CartLine,
} from '@/stores/cart-store';
import { getSession, subscribeToSession } from '@/stores/session-store';
import { fetchMemberCart, saveMemberCart } from './api/member-cart-api';

export const MEMBER_CART_SYNC_KEY = 'memberCartSync';
/** How long a change waits for the next one before it is saved (a stepper pressed five times is one save). */
export const SAVE_DELAY_MS = 800;
/** Saves tried in a row while other devices keep winning, before waiting for the next change. */
const MAX_ATTEMPTS = 4;

interface SyncState {
  userId: number;
  version: number;
  base: CartQuantity[];
}

function readSyncState(userId: number): SyncState | null {
  try {
    const raw = globalThis.localStorage?.getItem(MEMBER_CART_SYNC_KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Partial<SyncState>;
    if (s.userId !== userId || typeof s.version !== 'number' || !Array.isArray(s.base)) return null;
    return { userId, version: s.version, base: cartQuantities(s.base) };
  } catch {
    return null;
  }
}

function writeSyncState(state: SyncState | null) {
  try {
    if (state) globalThis.localStorage?.setItem(MEMBER_CART_SYNC_KEY, JSON.stringify(state));
    else globalThis.localStorage?.removeItem(MEMBER_CART_SYNC_KEY);
  } catch {
    // Storage blocked: the next sync starts again from the server's cart.
  }
}

/** Lays `wanted` over the cart: lines already here keep their catalog fields, new ones take the server's product. */
function commitQuantities(wanted: readonly CartQuantity[], products: ReadonlyMap<number, Product>) {
  const here = new Map(getCartLines().map((l) => [l.id, l]));
  const next: CartLine[] = [];
  for (const { id, quantity } of wanted) {
    const product = products.get(id);
    const line = product ? cartLineOf(product, quantity) : here.get(id);
    if (line) next.push({ ...line, quantity });
  }
  // Also when the quantities are the same: the server's products are today's catalog.
  initializeCart(next);
}

const productsOf = (cart: MemberCart) => new Map(cart.lines.map((l) => [l.product.id, l.product]));
const quantitiesOf = (cart: MemberCart) =>
  cart.lines.map((l) => ({ id: l.product.id, quantity: l.quantity }));

/**
 * Brings the server's cart and this browser's together and saves the result when it differs. `joining`: the
 * browser's cart is a guest's joining the account (quantities added) rather than this member's edited copy.
 */
async function reconcile(userId: number, server: MemberCart, joining: boolean): Promise<void> {
  let theirs = server;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const state = readSyncState(userId);
    const mine = cartQuantities(getCartLines());
    const serverLines = quantitiesOf(theirs);
    const wanted =
      joining || !state ? addCartLines(serverLines, mine) : mergeCartEdits(state.base, mine, serverLines);
    if (sameCart(wanted, serverLines)) {
      adopt(userId, theirs, mine);
      return;
    }
    const answer = await saveMemberCart(theirs.version, wanted);
    if (answer.saved) {
      adopt(userId, answer.cart, mine);
      return;
    }
    // Another device saved first: the same merge again, over its cart.
    theirs = answer.cart;
  }
}

/**
 * The server's cart is the agreed one now. When this browser's cart changed while the call was out (`sent` is
 * what it was), those changes are kept over it and saved next.
 */
function adopt(userId: number, cart: MemberCart, sent: readonly CartQuantity[]) {
  const agreed = quantitiesOf(cart);
  writeSyncState({ userId, version: cart.version, base: agreed });
  const now = cartQuantities(getCartLines());
  if (sameCart(now, sent)) {
    commitQuantities(agreed, productsOf(cart));
    return;
  }
  commitQuantities(mergeCartEdits(sent, now, agreed), productsOf(cart));
  scheduleSave();
}

let running: Promise<void> = Promise.resolve();
/** Runs `task` after the sync already running in this tab; a failure is logged and changes nothing. */
function serially(task: () => Promise<void>): Promise<void> {
  running = running.then(task).catch((error: unknown) => {
    console.error('Cart: the account could not be updated', error);
  });
  return running;
}

/** Saves this browser's cart when it differs from the one last agreed with the server. */
function pushChanges(): Promise<void> {
  return serially(async () => {
    const session = getSession();
    if (!session) return;
    const userId = session.user.id;
    const state = readSyncState(userId);
    if (!state) {
      await reconcile(userId, await fetchMemberCart(), true);
      return;
    }
    const mine = cartQuantities(getCartLines());
    if (sameCart(mine, state.base)) return;
    const answer = await saveMemberCart(state.version, mine);
    if (answer.saved) adopt(userId, answer.cart, mine);
    else await reconcile(userId, answer.cart, false);
  });
}

/** Reads the account's cart and brings this browser's into step with it (page load, tab back in view). */
export function pullMemberCart(): Promise<void> {
  return serially(async () => {
    const session = getSession();
    if (!session) return;
    const userId = session.user.id;
    await reconcile(userId, await fetchMemberCart(), readSyncState(userId) === null);
  });
}

/** Right after sign-in or sign-up: the browser's cart joins the account's (quantities added, at most 100). */
export function mergeCartAtSignIn(): Promise<void> {
  writeSyncState(null);
  return pullMemberCart();
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;
function scheduleSave() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    saveTimer = undefined;
    void pushChanges();
  }, SAVE_DELAY_MS);
}

/** Before signing out: the change waiting to be saved is saved now (while the token still works). */
export async function flushMemberCart(): Promise<void> {
  if (saveTimer !== undefined) {
    clearTimeout(saveTimer);
    saveTimer = undefined;
    await pushChanges();
  }
  await running;
}

/** Signed out: the cart stays with the account, this browser forgets it. */
function forgetMemberCart() {
  clearTimeout(saveTimer);
  saveTimer = undefined;
  writeSyncState(null);
  clearCart();
}

/**
 * Keeps a signed-in member's cart in step with the account while the app runs (mounted once, by the shell):
 * reads it on load and when the tab comes back into view, saves changes made here, forgets it at sign-out.
 */
export function useMemberCartSync(): void {
  useEffect(() => {
    let signedInAs = getSession()?.user.id ?? null;
    if (signedInAs !== null) void pullMemberCart();
    const offCart = subscribeToCart(() => {
      // The tab in view saves; the others follow the shared local storage.
      if (getSession() && globalThis.document?.visibilityState !== 'hidden') scheduleSave();
    });
    const offSession = subscribeToSession(() => {
      const now = getSession()?.user.id ?? null;
      if (signedInAs !== null && now === null) forgetMemberCart();
      signedInAs = now;
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible' && getSession()) void pullMemberCart();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      offCart();
      offSession();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
}
