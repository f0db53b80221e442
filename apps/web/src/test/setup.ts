import { cleanup, configure } from '@testing-library/react';
import { SESSION_STORAGE_KEYS } from '@store/shared/account-constants';
import { afterEach } from 'vitest';
import { MEMBER_CART_SYNC_KEY } from '@/features/cart/member-cart-sync';
import { resetSessionStoreForTests } from '@/stores/session-store';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// The member's session and cart sync live in local storage, shared by tabs (decision 0060): no test inherits them.
// Hooks run last-registered first, so this one runs after a test file's own: the store forgets, once more, any
// session it re-read from storage since the file's reset.
afterEach(() => {
  if (typeof localStorage === 'undefined') return;
  localStorage.removeItem(SESSION_STORAGE_KEYS.session);
  localStorage.removeItem(MEMBER_CART_SYNC_KEY);
  resetSessionStoreForTests();
});

// jsdom has no layout; the router's scroll restoration only needs the call to exist. (A file that runs in Node,
// `@vitest-environment node`, has no window: esbuild refuses jsdom's TextEncoder.)
if (typeof window !== 'undefined') window.scrollTo = () => {};

// A lazily loaded page is compiled on first import; on a busy 2-core CI machine that alone can pass the default
// 1 s of findBy*. Waiting longer changes nothing when the page is right, and a wrong page still fails.
configure({ asyncUtilTimeout: 5_000 });
