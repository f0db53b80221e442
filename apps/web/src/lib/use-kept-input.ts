import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useServerHtml } from './use-server-html';

/**
 * Keeps what a shopper typed or chose in a server-rendered control before the app took the page over (issue 37
 * §1, decision 0055). Hydration leaves a field's value as the shopper left it, but the next render of a
 * controlled field writes its state back over it, so a make chosen in the first seconds went back to "Select
 * make". Once, when the component first commits (the hydration), `adopt` receives the values of the fields that
 * differ from what was rendered; the component puts them in its state and acts on them as on a change.
 *
 * `fields`: the refs of the form's inputs and selects; `rendered`: their values as rendered, in the same order.
 * Only a hydration adopts anything: a page the browser renders itself has had no shopper yet (and a select whose
 * list is still loading reads '' there, which is no choice of the shopper's).
 */
export function useKeptInput(
  fields: readonly RefObject<HTMLInputElement | HTMLSelectElement | null>[],
  rendered: readonly string[],
  adopt: (values: string[]) => void,
): void {
  // The first commit's arguments: read once, so a later render never adopts what the component set itself.
  const hydrating = useServerHtml();
  const first = useRef({ fields, rendered, adopt, hydrating });
  useLayoutEffect(() => {
    const { fields: refs, rendered: was, adopt: keep } = first.current;
    if (!first.current.hydrating) return;
    const now = refs.map((ref, i) => ref.current?.value ?? was[i] ?? '');
    if (now.some((value, i) => value !== was[i])) keep(now);
  }, []);
}
