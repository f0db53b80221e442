import { useEffect } from 'react';
import { noteServerHead } from '@/lib/server-head';
import { useStoreConfig } from '@/lib/api/get-store-config';

/**
 * Puts this page's `description` in the document's one `<meta name="description">` while the calling page is
 * mounted (SPEC §1: meta texts; a content page's own summary beats the store's), and puts the store's
 * configured description back when it unmounts. The root layout writes the store's description when the store
 * config arrives, after this page's effect in that same commit; the page's text is written in a microtask,
 * which runs after every effect of the commit, so the page's description wins.
 */
export function useMetaDescription(description: string): void {
  const config = useStoreConfig();
  const fallback = config.data?.meta_description.trim() ?? '';
  const wanted = description.trim();
  if (wanted) noteServerHead({ description: wanted });
  useEffect(() => {
    const meta = document.querySelector('meta[name="description"]');
    if (!meta || !wanted) return;
    const before = meta.getAttribute('content') ?? '';
    let active = true;
    queueMicrotask(() => {
      if (active) meta.setAttribute('content', wanted);
    });
    return () => {
      active = false;
      meta.setAttribute('content', fallback || before);
    };
  }, [wanted, fallback]);
}
