import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * True while the server renders a page (entry-server.tsx) and while the browser hydrates that page's HTML;
 * false for anything the browser renders on its own afterwards (React reads the server snapshot exactly then).
 * Components whose first render depends on the browser (how near the viewport they are, what is stored) use it
 * to start from what the server showed, so that hydration matches (decision 0025).
 */
export function useServerHtml(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}
