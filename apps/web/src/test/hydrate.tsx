import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { beginHydration, endHydration } from '@/lib/use-server-html';

/** What `hydrate` answers: the container, what React recovered from, and the unmount that also removes it. */
export interface Hydrated {
  container: HTMLDivElement;
  recovered: unknown[];
  unmount: () => void;
}

/**
 * Hydrates `element` over its own server HTML as main.tsx does (`beginHydration`, `hydrateRoot`,
 * `endHydration`). `meanwhile` runs right after `hydrateRoot` is called, before React has rendered anything:
 * what a shopper does while a slow phone is still hydrating.
 */
export async function hydrate(element: ReactElement, meanwhile?: () => void): Promise<Hydrated> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.appendChild(container);
  const recovered: unknown[] = [];
  beginHydration();
  const root = await act(async () => {
    const created = hydrateRoot(container, element, { onRecoverableError: (err) => recovered.push(err) });
    meanwhile?.();
    return created;
  });
  endHydration();
  return {
    container,
    recovered,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}
