/**
 * schema.org structured data as inline JSON-LD (issue 14: what crawlers read in the HTML as sent). The
 * `<script type="application/ld+json">` is a data block, not executed, so the CSP's `script-src 'self'` needs no
 * exception; `<` is escaped so no value can close the element.
 */
import { STORE_TOUCH_ICON } from '@store/shared/store-icons';

/** JSON for an inline `<script type="application/ld+json">`: `<` escaped so no text can close the script. */
export function jsonLdScriptText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** One JSON-LD block, rendered where it is placed (body or head; search engines read both). */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScriptText(data) }} />;
}

/** A breadcrumb trail's step: its label and, except for the current page, its path (`/shop?page=1&…`). */
export interface BreadcrumbStep {
  label: string;
  to?: string;
}

/**
 * schema.org `BreadcrumbList` for the trail a page shows, with absolute URLs on `origin`
 * (`https://shop.example.com.au`). The current page (no `to`) is the last item, without a URL, as schema.org
 * allows.
 */
export function breadcrumbListJsonLd(steps: BreadcrumbStep[], origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.label,
      ...(step.to === undefined ? {} : { item: new URL(step.to, `${origin}/`).href }),
    })),
  };
}

/** schema.org `Organization` for the home page: the store's name, address on the web and logo. */
export function organizationJsonLd(
  store: { name: string; description?: string },
  origin: string,
): Record<string, unknown> {
  const url = `${origin}/`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: store.name,
    url,
    logo: new URL(STORE_TOUCH_ICON.path, url).href,
    ...(store.description ? { description: store.description } : {}),
  };
}
