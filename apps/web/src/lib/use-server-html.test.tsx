import { act, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { addToCart, clearCart, useCartLines } from '@/stores/cart-store';
import { makeProduct } from '@/test/fixtures';
import { hydrate } from '@/test/hydrate';
import { endHydration, useBrowserSnapshot, useServerHtml } from './use-server-html';

afterEach(() => endHydration());

/** Records what every render of it read. */
function Probe({ seen }: { seen: boolean[] }) {
  const serverHtml = useServerHtml();
  seen.push(serverHtml);
  return <p>{serverHtml ? 'as the server drew it' : "the browser's own"}</p>;
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
  });

  it('is false for what mounts after the hydration', async () => {
    const seen: boolean[] = [];
    const { unmount } = await hydrate(<p>page</p>);
    const later: boolean[] = [];
    render(<Probe seen={later} />);
    expect(later[0]).toBe(false);
    unmount();
    expect(seen).toEqual([]);
  });
});

describe('useBrowserSnapshot (decision 0070)', () => {
  let value = 'stored in this browser';
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  function Stored({ seen }: { seen: string[] }) {
    const shown = useBrowserSnapshot(
      subscribe,
      () => value,
      () => 'as the server drew it',
    );
    seen.push(shown);
    return <p>{shown}</p>;
  }

  it("hydrates with the server's value, then shows the browser's, then follows the store", async () => {
    const seen: string[] = [];
    const { container, recovered, unmount } = await hydrate(<Stored seen={seen} />);
    expect(recovered).toEqual([]);
    // On the server, then hydrating (the same, so nothing to recover from), then the browser's own.
    expect(seen.slice(0, 2)).toEqual(['as the server drew it', 'as the server drew it']);
    expect(container.textContent).toBe('stored in this browser');
    act(() => {
      value = 'changed';
      for (const listener of listeners) listener();
    });
    expect(container.textContent).toBe('changed');
    unmount();
  });

  it('reads the store from the first render of a page the browser draws itself', () => {
    value = 'stored in this browser';
    const seen: string[] = [];
    const { container } = render(<Stored seen={seen} />);
    expect(seen[0]).toBe('stored in this browser');
    expect(container.textContent).toBe('stored in this browser');
  });

  it("hydrates a stored cart as the server's empty one, then shows its lines", async () => {
    addToCart(makeProduct({ id: 7 }), 2);
    const renders: number[] = [];
    function CartCount({ count }: { count: number[] }) {
      const lines = useCartLines();
      count.push(lines.length);
      return <span>{lines.length}</span>;
    }
    const { container, recovered, unmount } = await hydrate(<CartCount count={renders} />);
    expect(recovered).toEqual([]);
    expect(renders.slice(0, 2)).toEqual([0, 0]);
    expect(container.textContent).toBe('1');
    unmount();
    clearCart();
  });
});
