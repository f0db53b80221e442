import { useEffect } from 'react';
import { noteServerHead } from '@/lib/server-head';

/**
 * Page titles. A page calls `usePageTitle('Shop')` and the tab reads 'Shop | {store name}'; pages that set
 * none (the home page) show the store name alone. The root layout owns `document.title` (it knows the store
 * name, SPEC §1) and reads the current page's title from here.
 */

type Listener = () => void;
const listeners = new Set<Listener>();
/** Titles of the mounted pages, latest last: the latest one wins, and unmounting reveals the one before. */
let stack: { title: string }[] = [];

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function currentPageTitle(): string | null {
  return stack.at(-1)?.title ?? null;
}

/**
 * Calls `apply` with the current page's title (or null) now and after every change, until the returned function is
 * called. A subscription rather than a hook that re-renders: the root layout owns the title, and a page's title
 * set in its first effects re-rendered the whole layout, blocking, right after hydration (decision 0070).
 */
export function followPageTitle(apply: (pageTitle: string | null) => void): () => void {
  const onChange = () => apply(currentPageTitle());
  onChange();
  return subscribe(onChange);
}

/** 'Shop' + 'Southside Auto Parts' -> 'Shop | Southside Auto Parts'; no page title -> the store name. */
export function documentTitle(pageTitle: string | null, storeName: string): string {
  const page = pageTitle?.trim();
  return page ? `${page} | ${storeName}` : storeName;
}

/**
 * Sets this page's part of the document title while the calling component is mounted:
 * `usePageTitle('Shop')` -> 'Shop | Southside Auto Parts'. Pass null or '' while the title is not known yet
 * (e.g. a product still loading) to show the store name alone.
 */
export function usePageTitle(title: string | null | undefined): void {
  const wanted = title?.trim() ?? '';
  if (wanted) noteServerHead({ pageTitle: wanted });
  useEffect(() => {
    if (!wanted) return;
    const entry = { title: wanted };
    stack = [...stack, entry];
    emit();
    return () => {
      stack = stack.filter((e) => e !== entry);
      emit();
    };
  }, [wanted]);
}
