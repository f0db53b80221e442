import { act, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { clearCart, useCartLines } from '@/stores/cart-store';
import { beginHydration, endHydration, useServerHtml } from './use-server-html';

afterEach(() => endHydration());

/** Records what every render of it read. */
function Probe({ seen }: { seen: boolean[] }) {
  const serverHtml = useServerHtml();
  seen.push(serverHtml);
  return <p>{serverHtml ? 'as the server drew it' : "the browser's own"}</p>;
}

/** Hydrates `element` over its own server HTML as main.tsx does; answers the container and what React recovered from. */
async function hydrate(element: React.ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.appendChild(container);
  const recovered: unknown[] = [];
  beginHydration();
  const root = await act(async () =>
    hydrateRoot(container, element, { onRecoverableError: (err) => recovered.push(err) }),
  );
  endHydration();
  return { container, recovered, unmount: () => act(() => root.unmount()) };
}

describe('useServerHtml (decision 0025, 0070)', () => {
  it('is true on the server', () => {
    const seen: boolean[] = [];
    expect(renderToString(<Probe seen={seen} />)).toContain('as the server drew it');
    expect(seen).toEqual([true]);
  });

  it('is false from the first render of a page the browser draws itself', () => {
    const seen: boolean[] = [];
    const { container } = render(<Probe seen={seen} />);
    expect(container.textContent).toBe("the browser's own");
    expect(seen.every((value) => !value)).toBe(true);
  });

  it('hydrates as the server drew it, then turns false', async () => {
    const seen: boolean[] = [];
    const { container, recovered, unmount } = await hydrate(<Probe seen={seen} />);
    expect(recovered).toEqual([]);
    expect(seen[0]).toBe(true);
    expect(container.textContent).toBe("the browser's own");
    unmount();
    container.remove();
  });

  it('is false for what mounts after the hydration', async () => {
    const seen: boolean[] = [];
    const { container, unmount } = await hydrate(<p>page</p>);
    const later: boolean[] = [];
    render(<Probe seen={later} />);
    expect(later[0]).toBe(false);
    unmount();
    container.remove();
    expect(seen).toEqual([]);
  });
});

describe('an empty cart at hydration (decision 0070)', () => {
  it('re-renders nothing: the stored empty cart is the same as the server drew', async () => {
    clearCart();
    const renders: number[] = [];
    function CartCount({ count }: { count: number[] }) {
      const lines = useCartLines();
      count.push(lines.length);
      return <span>{lines.length}</span>;
    }
    const { container, unmount } = await hydrate(<CartCount count={renders} />);
    expect(container.textContent).toBe('0');
    // Once on the server, once hydrating: no re-render after it.
    expect(renders).toEqual([0, 0]);
    unmount();
    container.remove();
  });
});
