import { useEffect, useState, type RefObject } from 'react';
import { useServerHtml } from '@/lib/use-server-html';

/**
 * True once the element has come within `margin` of the viewport (and stays true). Below-the-fold sections
 * use it to render their placeholders first, so the first page's JavaScript does less work before a phone
 * can respond (Total Blocking Time). Without IntersectionObserver (old browsers, jsdom) it is true at once, and so
 * it is on a server-rendered page: the server shows the section, and hydration starts from what it showed —
 * unless `onServer` is false, for a section not worth its server cost (the product page's New Products): the
 * server shows the placeholder, and the browser fills it in when the shopper nears it.
 */
export function useNearViewport(
  ref: RefObject<Element | null>,
  margin = '400px',
  { onServer = true }: { onServer?: boolean } = {},
): boolean {
  const serverHtml = useServerHtml();
  const [near, setNear] = useState(() =>
    serverHtml ? onServer : typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
