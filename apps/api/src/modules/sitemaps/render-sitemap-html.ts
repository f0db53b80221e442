/**
 * The sitemap pages a person sees in a browser (SPEC §2 "Sitemap index page" and "Sitemap detail page", §8
 * 'Error: {message}'; decision 0015): standalone HTML without the shop's header and footer, no script, styles
 * inline (the CSP allows inline styles). The same URLs as the XML crawlers get.
 */
import { SITEMAP_KIND_INFO } from '@store/shared/sitemap';
import { storeIconLinks } from '@store/shared/store-icons';
import { escapeMarkup } from './escape-markup';
import type { SitemapKindSummary, SitemapUrl } from './sitemap-service';

export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

/** The shop's palette and type (apps/web/src/styles/global.css), small enough to inline. */
const STYLES = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; background: #f3f5f8; color: #111827; line-height: 1.5;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif; }
main { max-width: 1100px; margin: 0 auto; padding: clamp(1rem, 3vw, 2rem); }
h1 { margin: 0 0 0.25rem; color: #0f1b2d; font-size: clamp(1.5rem, 5vw, 2rem); line-height: 1.2; overflow-wrap: anywhere; }
h2 { margin: 0; color: #0f1b2d; font-size: 1.125rem; }
a { color: #b4460a; }
a:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; border-radius: 2px; }
.lede, .count { margin: 0 0 1.5rem; color: #4b5563; }
.total { margin: 0 0 1rem; font-weight: 600; }
.button { display: inline-block; margin: 0 0 1.25rem; padding: 0.625rem 1.125rem; border-radius: 6px;
  background: #0f1b2d; color: #fff; font-weight: 600; text-decoration: none; }
.button:hover { background: #1c2f4a; }
.kinds { display: grid; gap: 1rem; margin: 0; padding: 0; list-style: none;
  grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); }
.kind { padding: 1.25rem; border: 1px solid #e2e6ec; border-radius: 10px; background: #fff;
  box-shadow: 0 1px 2px rgb(15 27 45 / 0.06); }
.kind .count { margin: 0.25rem 0 0.75rem; }
.files { margin: 0; padding: 0; list-style: none; }
.files li + li { margin-top: 0.25rem; }
.files a { overflow-wrap: anywhere; }
.files span { color: #4b5563; }
.table { overflow: hidden; border: 1px solid #e2e6ec; border-radius: 10px; background: #fff; }
table { width: 100%; border-collapse: collapse; table-layout: fixed; }
th, td { padding: 0.625rem 0.875rem; border-bottom: 1px solid #e2e6ec; text-align: left; vertical-align: top; }
tr:last-child td { border-bottom: 0; }
thead th { background: #f9fafb; color: #4b5563; font-size: 0.875rem; }
.date { width: 8.5rem; white-space: nowrap; }
td a { overflow-wrap: anywhere; }
.empty { margin: 0; padding: 1rem; border: 1px dashed #e2e6ec; border-radius: 10px; background: #fff; color: #4b5563; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
@media (max-width: 480px) {
  th, td { padding: 0.5rem 0.625rem; font-size: 0.875rem; }
  .date { width: 6.5rem; }
  th.date { white-space: normal; }
}
`;

function page(title: string, storeName: string, body: string): string {
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeMarkup(title)} | ${escapeMarkup(storeName)}</title>
${storeIconLinks()}
<style>${STYLES}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const SYDNEY_DATE = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Sydney',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** `2026-11-25T02:33:12Z` -> `25/11/2026` in Sydney (SPEC's dd/mm/yyyy); a bare date is shown as that day. */
export function displaySitemapDate(lastmod: string): string {
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(lastmod);
  if (bare) return `${bare[3]}/${bare[2]}/${bare[1]}`;
  const date = new Date(lastmod);
  return Number.isNaN(date.getTime()) ? lastmod : SYDNEY_DATE.format(date);
}

const urlCount = (n: number) => (n === 1 ? '1 URL' : `${n} URLs`);

/**
 * SPEC §2 Sitemap index page: Product, Category, Child Category, Brand and Other Pages, each with its URL
 * count and a link to its page (every part when a kind is split; the SPEC's folder when a kind is empty).
 */
export function renderSitemapIndexHtml(storeName: string, kinds: readonly SitemapKindSummary[]): string {
  const items = kinds.map(({ kind, urls, files }) => {
    const listed = files.length > 0 ? files : [{ folder: SITEMAP_KIND_INFO[kind].folder, urls: 0 }];
    const links = listed.map(
      (f) =>
        `<li><a href="/${escapeMarkup(f.folder)}.xml">/${escapeMarkup(f.folder)}.xml</a>` +
        `${listed.length > 1 ? ` <span>(${urlCount(f.urls)})</span>` : ''}</li>`,
    );
    return `<li class="kind">
<h2>${escapeMarkup(SITEMAP_KIND_INFO[kind].title)}</h2>
<p class="count">${urlCount(urls)}</p>
<ul class="files">${links.join('')}</ul>
</li>`;
  });
  return page(
    'Sitemap',
    storeName,
    `<h1>Sitemap</h1>
<p class="lede">Every page of ${escapeMarkup(storeName)} that search engines can find, by kind.</p>
<ul class="kinds">
${items.join('\n')}
</ul>`,
  );
}

/** SPEC §2 Sitemap detail page: '{FOLDER} Sitemap', Back to Sitemap, 'Total URLs: n', URLs opening in a new tab. */
export function renderSitemapPageHtml(
  storeName: string,
  folder: string,
  urls: readonly SitemapUrl[],
): string {
  const title = `${folder.toUpperCase()} Sitemap`;
  const list =
    urls.length === 0
      ? '<p class="empty">This sitemap has no URLs.</p>'
      : `<div class="table"><table>
<thead><tr><th scope="col">URL</th><th scope="col" class="date">Last modified</th></tr></thead>
<tbody>
${urls
  .map(
    (u) =>
      `<tr><td><a href="${escapeMarkup(u.loc)}" target="_blank" rel="noopener">${escapeMarkup(u.loc)}` +
      `<span class="visually-hidden"> (opens in a new tab)</span></a></td>` +
      `<td class="date"><time datetime="${escapeMarkup(u.lastmod)}">${escapeMarkup(displaySitemapDate(u.lastmod))}</time></td></tr>`,
  )
  .join('\n')}
</tbody>
</table></div>`;
  return page(
    title,
    storeName,
    `<a class="button" href="/sitemap.xml">Back to Sitemap</a>
<h1>${escapeMarkup(title)}</h1>
<p class="total">Total URLs: ${urls.length}</p>
${list}`,
  );
}

/** SPEC §8 'Error: {message}', for a sitemap page that could not be built; `message` is shown as given. */
export function renderSitemapErrorHtml(storeName: string, message: string): string {
  return page(
    'Sitemap',
    storeName,
    `<a class="button" href="/sitemap.xml">Back to Sitemap</a>
<h1>Sitemap</h1>
<p class="empty" role="alert">Error: ${escapeMarkup(message)}</p>`,
  );
}
