import { useEffect } from 'react';

/**
 * Puts `description` in the page's one `<meta name="description">` while the calling page is mounted, and
 * puts `fallback` (the store's own description) back afterwards. The root layout writes the store's
 * description when the store config arrives; `fallback` changes then too, and this hook writes again after
 * it (a microtask runs after every effect of that commit), so the page's description wins.
 */
export function useMetaDescription(description: string, fallback: string | undefined): void {
  useEffect(() => {
    const meta = document.querySelector('meta[name="description"]');
    if (!meta || !description) return;
    const before = meta.getAttribute('content') ?? '';
    let active = true;
    queueMicrotask(() => {
      if (active) meta.setAttribute('content', description);
    });
    return () => {
      active = false;
      meta.setAttribute('content', fallback?.trim() || before);
    };
  }, [description, fallback]);
}
