import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/** True from `beginHydration` until `endHydration`: the browser is hydrating the server's page (main.tsx). */
let hydrating = false;

/** main.tsx, just before `hydrateRoot`: what renders now starts from the server's HTML. */
export function beginHydration(): void {
  hydrating = true;
}

/** main.tsx, once the hydrating render has committed (its effects run): renders from now on are the browser's. */
export function endHydration(): void {
  hydrating = false;
}

/**
 * True while the server renders a page (entry-server.tsx) and while the browser hydrates that page's HTML;
 * false for anything the browser renders on its own afterwards. Components whose first render depends on the
 * browser (how near the viewport they are, what is stored) use it to start from what the server showed, so that
 * hydration matches (decision 0025).
 *
 * After hydration it turns false in a transition (decision 0070): React renders that in short slices a tap can
 * interrupt. Read straight from `useSyncExternalStore` (server snapshot true, browser snapshot false), the change
 * was a blocking re-render of every component using it, and of the whole page under the root layout, in one task
 * right after hydration (75 ms on this machine's Chromium, 300 ms of a Lighthouse phone's blocking time). The
 * store's own snapshot says `hydrating`, so React finds nothing changed once the hydration commits.
 */
export function useServerHtml(): boolean {
  const rendered = useSyncExternalStore(
    subscribeToNothing,
    () => hydrating,
    () => true,
  );
  const [serverHtml, setServerHtml] = useState(rendered);
  useEffect(() => {
    if (serverHtml) startTransition(() => setServerHtml(false));
  }, [serverHtml]);
  return serverHtml;
}

/**
 * `useSyncExternalStore` for what the browser knows and the server's HTML cannot (what is stored, who is signed
 * in, the window's width): the server's snapshot while `useServerHtml()` is true, the browser's from then on, so
 * the browser's value arrives in the transition after hydration. Read straight, a browser value that differs from
 * the server's makes React re-render that component, blocking, as it subscribes after hydration (decision 0070).
 * Later changes of the store re-render as `useSyncExternalStore` always does.
 */
export function useBrowserSnapshot<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot: () => T,
): T {
  const serverHtml = useServerHtml();
  return useSyncExternalStore(subscribe, serverHtml ? getServerSnapshot : getSnapshot, getServerSnapshot);
}
