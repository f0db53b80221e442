import type { ShopAnswer } from '@store/shared/catalog-answers';
import { applyTaxonomyChanges } from '@store/shared/taxonomy-redirects';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Follows a listing whose category, child category or brand was renamed or retired (issue 36, decision 0050): when
 * the shop answer says where its filters `moved`, the address is replaced by the new one (no history entry), as the
 * server's 301 does for a page load. `answer` is the current (not placeholder) answer of the page's own address.
 */
export function useMovedListing(answer: ShopAnswer | undefined): void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const moved = answer?.moved;
  useEffect(() => {
    if (!moved) return;
    const next = applyTaxonomyChanges(pathname, new URLSearchParams(search), moved);
    if (next !== `${pathname}${search}`) void navigate(next, { replace: true });
  }, [moved, pathname, search, navigate]);
}
