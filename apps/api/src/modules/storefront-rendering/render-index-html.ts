/**
 * Fills the built index.html for one page load: the configured store name in <title> and the first paint,
 * the store's meta description, and a preload of the image that will be the page's largest paint (the first
 * hero slide on the home page, the product's picture on a product page, with its WebP copies as the product
 * page offers them, decision 0026), so phones start fetching it with the HTML instead of after the JavaScript
 * has run. Everything else is still rendered by the SPA.
 */
import type { FastifyInstance } from 'fastify';
import { storeNameOrFallback } from '@store/shared/store-name';
import type { Product } from '@store/shared/product';
import type { RenderedPageHead } from '@store/shared/render-page-contract';
import { PRODUCT_PAGE_IMAGE_SIZES, productImageOf, productImageSrcSet } from '@store/shared/product-image';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Escapes text for HTML content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function mediaUrl(base: string, imagePath: string): string {
  return /^https?:\/\//.test(imagePath) ? imagePath : `${base}${imagePath.replace(/^\//, '')}`;
}

interface LeadImage {
  path: string;
  alt: string;
  width: number;
  height: number;
  /** How wide the first paint draws it at most (CSS). */
  maxWidth: string;
  /** A product picture's WebP copies and the page's `sizes` for them (decision 0026). */
  srcset?: { candidates: string; sizes: string } | undefined;
}

/**
 * The picture that will be the page's largest paint, or null: the first hero slide on the home page, the
 * product's main picture on a product page. Never throws: a failed lookup only loses the head start.
 */
async function leadImage(
  app: FastifyInstance,
  pathname: string,
  hero: { image: string; title: string } | undefined,
): Promise<LeadImage | null> {
  if (pathname === '/') {
    return hero ? { path: hero.image, alt: hero.title, width: 1600, height: 640, maxWidth: '100%' } : null;
  }
  const product = /^\/product\/([^/]+)\/?$/.exec(pathname);
  if (product?.[1]) {
    let key: string;
    try {
      key = decodeURIComponent(product[1]);
    } catch {
      return null;
    }
    const view = await app.catalog.view().catch(() => null);
    const entry = view?.find(key);
    const [json] = entry && view ? await view.jsons.jsonsOf([entry]).catch(() => []) : [];
    // Our own JSON, written by the presenter from the shared product schema.
    const found = json ? (JSON.parse(json.toString()) as Product) : null;
    const path = found?.featured_image ?? found?.gallery_media?.split(',')[0];
    if (!found || !path) return null;
    // The gallery's main picture offers the same copies with the same sizes: the browser uses what it preloaded.
    const image = productImageOf(found, path);
    const candidates = image
      ? productImageSrcSet(image, (p) => mediaUrl(app.config.publicMediaUrl, p))
      : undefined;
    return {
      path,
      alt: found.title,
      width: image?.width && image.height ? image.width : 800,
      height: image?.width && image.height ? image.height : 800,
      maxWidth: '600px',
      srcset: candidates ? { candidates, sizes: PRODUCT_PAGE_IMAGE_SIZES } : undefined,
    };
  }
  return null;
}

/** The shell's `<title>`, which each page load fills. */
export const TITLE_ELEMENT = /<title>[^<]*<\/title>/;
/** The shell's meta description, which each page load fills when the store or the page has one. */
export const DESCRIPTION_ELEMENT = /<meta name="description" content="[^"]*"\s*\/?>/;
/** The shell's empty root: where the browser-rendered shell's first paint, or a rendered page's HTML, goes. */
export const EMPTY_ROOT = '<div id="root"></div>';

/** What one page load writes into index.html, as HTML ready to insert (escaped). */
export interface IndexHtmlFill {
  /** The `<title>` element. */
  title: string;
  /** The meta description element, or null to leave the shell's. */
  description: string | null;
  /** The lead picture's `<link rel="preload">`, or '' (a server-rendered page preloads its own). */
  preload: string;
  /**
   * What the root shows until the browser-rendered app mounts: the header bar and the lead picture; '' for a
   * server-rendered page, whose root holds the page itself.
   */
  firstPaint: string;
}

/**
 * What a load of `pathname` writes into index.html (see renderIndexHtml). With the `head` of a server-rendered
 * page, its title and description, and no preload. Never throws: settings that cannot be read give the fallback
 * store name.
 */
export async function indexHtmlFill(
  app: FastifyInstance,
  pathname: string,
  head: RenderedPageHead | null = null,
): Promise<IndexHtmlFill> {
  const read = await app.storefrontSettings.read().catch(() => null);
  const settings = read?.settings;
  const name = escapeHtml(storeNameOrFallback(settings?.storeName));
  const pageDescription = head?.description ?? settings?.metaDescription;
  const description = pageDescription ? escapeHtml(pageDescription) : null;
  // A server-rendered page (`head` given) already preloads its main picture (React's own preload) and shows it:
  // the shell's preload would be the same request written twice, and its lookup work for nothing.
  const image = head ? null : await leadImage(app, pathname, read?.home.hero_slides[0]);
  const src = image ? escapeHtml(mediaUrl(app.config.publicMediaUrl, image.path)) : null;
  const srcset = image?.srcset
    ? ` imagesrcset="${escapeHtml(image.srcset.candidates)}" imagesizes="${escapeHtml(image.srcset.sizes)}"`
    : '';
  const preload = src ? `<link rel="preload" as="image" href="${src}"${srcset} fetchpriority="high" />` : '';
  // What the shopper sees before the JavaScript runs: the header bar with the store's name and the page's
  // main picture. React replaces it all when it mounts. Not for a server-rendered page: its root is the page.
  const firstPaint = head
    ? ''
    : `<div class="boot-header" style="background:#0f1b2d;color:#fff;min-height:64px;display:flex;align-items:center;` +
      `padding:0 16px;font:700 1.25rem/1.2 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">${name}</div>` +
      (image && src
        ? `<img src="${src}"${srcset.replace(/ image(srcset|sizes)=/g, ' $1=')} alt="${escapeHtml(image.alt)}" ` +
          `width="${image.width}" height="${image.height}" fetchpriority="high" ` +
          `style="display:block;width:100%;max-width:${image.maxWidth};height:auto;margin:0 auto" />`
        : '');

  const title = head ? escapeHtml(head.title) : name;
  return {
    title: `<title>${title}</title>`,
    description: description ? `<meta name="description" content="${description}" />` : null,
    preload,
    firstPaint,
  };
}

/**
 * `template` (index.html) with `fill` written in: the first `<title>`, the first meta description, the preload
 * before `</head>` and the first paint in an empty root. Replacers are functions, so a `$` in a store's name or
 * description is written as it is.
 */
export function fillIndexHtml(template: string, fill: IndexHtmlFill): string {
  let html = template.replace(TITLE_ELEMENT, () => fill.title);
  const description = fill.description;
  if (description) html = html.replace(DESCRIPTION_ELEMENT, () => description);
  return html
    .replace('</head>', () => `${fill.preload}</head>`)
    .replace(EMPTY_ROOT, () => `<div id="root">${fill.firstPaint}</div>`);
}

/** index.html filled for one load of `pathname` (indexHtmlFill, fillIndexHtml). */
export async function renderIndexHtml(
  app: FastifyInstance,
  template: string,
  pathname: string,
  head: RenderedPageHead | null = null,
): Promise<string> {
  return fillIndexHtml(template, await indexHtmlFill(app, pathname, head));
}
