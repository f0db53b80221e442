/**
 * Server rendering of the storefront's catalog pages (issue 14, decision 0025): home, shop (and its category
 * and brand filters), brands, brand, search results and product pages arrive as HTML the shopper can read before
 * any JavaScript runs, with the data they show handed to the browser for hydration.
 *
 * The web build's server bundle (`<web dist>/ssr/entry-server.js`, built by `npm run build`) renders the page;
 * the API calls it makes are answered in this process by `app.inject` (no network, the same routes, schemas
 * and read model as every other caller), marked with a per-process secret so that the API's rate limit does not
 * count one page's calls against the server's own address. Without the bundle, for a page whose data could
 * not be read, or for a client over its budget of renders, the caller falls back to the browser-rendered shell
 * (render-index-html.ts).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { PAGES, type StorePage } from '@store/shared/paths';
import { routeRegex } from '@store/shared/routes';
import { isPageRendererModule, type RenderedPage } from '@store/shared/render-page-contract';
import { indexHtmlFill } from './render-index-html';
import { cutShell, fillShell, type CutShell } from './cut-shell';
import { BEST_SELLERS_MAX_AGE_MS } from '../catalog/best-sellers';
import {
  createCachedPage,
  createRenderedPageCache,
  pageCacheKey,
  type CachedPage,
  type PageStamps,
  type RenderedPageCache,
} from './rendered-page-cache';

/** The header that marks this process's own API calls while it renders a page. */
const INTERNAL_HEADER = 'x-store-render';
/** Its value: new at every start, never sent to a browser, so no client can claim it. */
const INTERNAL_TOKEN = randomBytes(24).toString('base64url');

/** The headers that mark an API call as this process's own (`app.inject` while rendering or pre-rendering). */
export function internalRenderHeaders(): Record<string, string> {
  return { [INTERNAL_HEADER]: INTERNAL_TOKEN };
}

/** True for the API calls this process makes while rendering a page (they are not a client's requests). */
export function isInternalRenderRequest(request: Pick<FastifyRequest, 'headers'>): boolean {
  return request.headers[INTERNAL_HEADER] === INTERNAL_TOKEN;
}

/** The run of `<link>`, `<meta>` and `<title>` elements at the start of React's output. */
const LEADING_HOISTABLES = /^(?:<(?:link|meta)\b[^>]*>|<title\b[^>]*>[^<]*<\/title>)+/;

/**
 * The pages rendered on the server (SPEC §2 catalog pages): those of the page table (@store/shared/paths) that
 * name the web app's module that renders them (apps/web/src/app/router.tsx): the build's manifest names the stylesheets and scripts of that module, which
 * the page links so it is styled before any script runs and hydrates without fetching them one after another.
 * Everything else stays browser-rendered.
 */
const SERVER_RENDERED_PAGES: readonly { path: RegExp; route: string; module: string }[] = Object.values(
  PAGES,
).flatMap((page: StorePage) =>
  page.module ? [{ path: routeRegex(page.path), route: page.path, module: page.module }] : [],
);

/** The server-rendered pages as Fastify route paths (`/product/:sku`). */
export const SERVER_RENDERED_ROUTES: readonly string[] = SERVER_RENDERED_PAGES.map((p) => p.route);

function serverRenderedModule(pathname: string): string | undefined {
  return SERVER_RENDERED_PAGES.find((p) => p.path.test(pathname))?.module;
}

/** True when `pathname` (decoded) is one of the server-rendered pages. */
export function isServerRenderedPage(pathname: string): boolean {
  return serverRenderedModule(pathname) !== undefined;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * The shell's entry script and module preloads replaced by `/boot.js` (apps/web/public/boot.js), which adds them
 * once the browser has painted the rendered page. Unchanged when the shell has no entry script.
 */
function deferScripts(template: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template);
  if (!entry) return template;
  const preloads: string[] = [];
  const withoutPreloads = template.replace(
    /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g,
    (_tag, href: string) => {
      preloads.push(href);
      return '';
    },
  );
  return withoutPreloads.replace(
    entry[0],
    `<script defer src="/boot.js" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}"></script>\n    `,
  );
}

/**
 * Holds a rendered page's first paint until its root element is parsed (decision 0088): the browser lays the page
 * out once, before it paints, instead of once for each part of the HTML it has read so far (five to seven layouts
 * of the growing page on a phone, each a task that blocks). Chromium 124+ honours it; other browsers paint as
 * before. The state and the scripts after the root are not waited for.
 */
export const FIRST_PAINT_AFTER_ROOT = '<link rel="expect" href="#root" blocking="render">';

/** A stylesheet's text as an inline `<style>` element (no `</style` inside can end it early). */
function styleElement(css: string): string {
  return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
}

/**
 * A page module's stylesheet inline, after a disabled `<link>` naming its file (decision 0070). The browser fetches
 * no disabled stylesheet; Vite's loader of the module's chunks, which adds a `<link rel="stylesheet">` for each CSS
 * file a lazily loaded chunk needs, skips a file such a link already names. Without it, starting the app loaded
 * every stylesheet of the page again, and each one's arrival re-styled and re-laid out the whole page (five times
 * on the home page) with nothing to change.
 */
function pageStyleElement(file: string, css: string): string {
  return `<link rel="stylesheet" href="/${file}" disabled>${styleElement(css)}`;
}

/**
 * The head of each server-rendered page's module: its stylesheets and those of every chunk it imports, inline
 * (`readCss(file)` reads one from the build), and the paths of its scripts, which /boot.js preloads with the
 * entry's (deferScripts), except what the entry (index.html) already loads. Inline, because a stylesheet link holds up the first paint by a round trip to the
 * server, which on a phone's network is most of the wait for a page that is otherwise already in the HTML.
 * Throws when the manifest lacks a page's module (the table above and the route table have drifted apart).
 */
function pageLinks(
  manifest: Record<string, ManifestChunk>,
  readCss: (file: string) => string,
): Map<string, { styles: string; scripts: string[] }> {
  const entry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const child of manifest[key]?.imports ?? []) walk(child, into);
  };
  walk('index.html', entry);
  const links = new Map<string, { styles: string; scripts: string[] }>();
  for (const { module } of SERVER_RENDERED_PAGES) {
    if (!manifest[module]) throw new Error(`the web build's manifest has no ${module}`);
    const chunks = new Set<string>();
    walk(module, chunks);
    const own = [...chunks].filter((key) => !entry.has(key)).map((key) => manifest[key]);
    const css = own.flatMap((chunk) => chunk?.css ?? []);
    const js = own.flatMap((chunk) => (chunk ? [chunk.file] : []));
    links.set(module, {
      styles: css.map((file) => pageStyleElement(file, readCss(file))).join(''),
      scripts: js.map((file) => `/${file}`),
    });
  }
  return links;
}

/** What `render` answers: the page to send, a redirect to follow instead, or null (the shell: see `render`). */
export type RenderAnswer = { page: CachedPage } | { redirect: { status: number; location: string } } | null;

export interface PageRenderer {
  /**
   * The page at `url` (path and query) as the gzipped document to send, built on `template` (the web build's
   * index.html): from the cache while what it shows is unchanged, else rendered (and kept). A redirect to
   * follow instead; or null when the page is left to the browser (its data failed, rendering threw: logged; or
   * the client is over its renders a minute). Never throws.
   */
  render(
    template: string,
    url: string,
    /** Who asks (the client's IP, `request.ip`): each may cause `rendersPerMinute` renders a minute. */
    client: string,
    /**
     * The request's `vehicle` cookie (`{id}-{year}`, decision 0034): the page is rendered for that vehicle and
     * kept apart from the same page for other vehicles. Ignored when it is not one of the vehicle list.
     */
    vehicleCookie?: string,
  ): Promise<RenderAnswer>;
  /**
   * Renders the page at `url` into the cache unless it is there from the current generation (the pre-renderer,
   * pre-render-pages.ts; no budget). Resolves to whether it rendered. Never throws.
   */
  prerender(template: string, url: string): Promise<boolean>;
  /** The cache of rendered pages (its size, for the pre-renderer and the readiness answer). */
  readonly cache: RenderedPageCache;
}

/**
 * Loads the server bundle from `webDistDir`; null (and a warning) when the build has none. Never throws for a
 * missing bundle; a bundle that fails to load is an error of the build and is thrown.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  webDistDir: string,
): Promise<PageRenderer | null> {
  const file = path.join(webDistDir, 'ssr', 'entry-server.js');
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  const missing = [file, manifestFile].find((f) => !existsSync(f));
  if (missing) {
    app.log.warn(`server rendering off: ${missing} is missing (npm run build makes it)`);
    return null;
  }
  const bundle: unknown = await import(pathToFileURL(file).href);
  if (!isPageRendererModule(bundle)) throw new Error(`${file} has no renderPage export`);
  const { renderPage } = bundle;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const readCss = (file: string) => readFileSync(path.join(webDistDir, file), 'utf8');
  const links = pageLinks(manifest, readCss);
  // Each page module's shell, cut where a page writes its own parts (cut-shell.ts): index.html with its stylesheets
  // and the module's inline, its scripts and the module's started by /boot.js after the first paint rather than
  // fetched and run before it, and without the shell's "this store needs JavaScript" note, which is not true of a
  // page that arrives rendered. One per build and module.
  const moduleShells = new Map<string, CutShell>();
  const moduleShell = (template: string, module: string | undefined): CutShell => {
    const key = `${module ?? ''}\n${template}`;
    let cut = moduleShells.get(key);
    if (cut === undefined) {
      const own = module ? links.get(module) : undefined;
      const scripts = own?.scripts.map((src) => `${src} `).join('') ?? '';
      cut = cutShell(
        deferScripts(
          template.replace(
            /<link rel="stylesheet"[^>]*?href="\/(assets\/[^"]+\.css)"[^>]*>/g,
            (_tag, file: string) => styleElement(readCss(file)),
          ),
        )
          .replace('data-preload="', () => `data-preload="${scripts}`)
          .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '')
          .replace('</head>', () => `${FIRST_PAINT_AFTER_ROOT}${own?.styles ?? ''}</head>`),
      );
      moduleShells.set(key, cut);
    }
    return cut;
  };

  async function fetchApi(url: string, init: RequestInit): Promise<Response> {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { accept: 'application/json', [INTERNAL_HEADER]: INTERNAL_TOKEN },
    });
    const status = answer.statusCode;
    // A Response cannot carry a body with these statuses.
    const body = status === 204 || status === 304 ? null : answer.rawPayload;
    return new Response(body, {
      status,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  }

  // A page missing from the cache costs its loaders and one React render. A client asking for page after page
  // nobody else asked for (a scraper walking every filter) gets the shell past its budget: the page still works,
  // it is rendered by its own browser, and this process's CPU stays with the other shoppers. Counted per
  // process, since what it protects is this process's CPU.
  const renders = new RateLimiterMemory({
    points: app.config.rateLimits.rendersPerMinute,
    duration: 60,
    keyPrefix: 'renders',
  });
  const withinBudget = (client: string) =>
    renders.consume(client).then(
      () => true,
      (answer: unknown) => {
        if (answer instanceof RateLimiterRes) return false;
        throw answer;
      },
    );

  const cache = createRenderedPageCache(app.config.renderedPagesMaxBytes);
  /** Renders under way, by key and stamp: a page asked for again while it renders is rendered once. */
  const pending = new Map<string, Promise<RenderAnswer>>();

  /**
   * What the page at `url` shows, as stamps (rendered-page-cache.ts): the store's settings, the catalog's
   * version (categories, brands, menus), the year and, for a product page, that product's row; for a listing, the stamp
   * of the whole catalog (any product's stock or price may move it). Null when either cannot be read: the page
   * is then rendered, or not, but never cached.
   */
  async function pageStamps(pathname: string): Promise<PageStamps | null> {
    const [view, settings] = await Promise.all([
      app.catalog.view().catch(() => null),
      app.storefrontSettings.read().catch(() => null),
    ]);
    if (!view || !settings) return null;
    // The footer's © year is the one thing a page shows that time alone changes.
    const year = new Date().getFullYear();
    // The home page alone shows the home content (slides, banners, featured order: decision 0051).
    const generation = `${settings.stamp}|${view.version}|${year}${pathname === '/' ? `|${settings.homeStamp}` : ''}`;
    const product = /^\/product\/([^/]+)\/?$/.exec(pathname)?.[1];
    if (product !== undefined) {
      // A product page shows its product, the categories, the store's settings and nothing else of the
      // catalog (its New Products carousel is loaded by the browser).
      let permalink: string;
      try {
        permalink = decodeURIComponent(product);
      } catch {
        permalink = product;
      }
      const entry = view.find(permalink);
      return { generation, stamp: `${generation}|p${entry ? `${entry.id}:${entry.changedMs}` : '-'}` };
    }
    // /best-selling also shows the order lines' ranking, which the API keeps for BEST_SELLERS_MAX_AGE_MS (issue 37).
    const sales = pathname === '/best-selling' ? `|b${Math.floor(Date.now() / BEST_SELLERS_MAX_AGE_MS)}` : '';
    return { generation, stamp: `${generation}|${view.stamp()}${sales}` };
  }

  /**
   * The vehicle a `vehicle` cookie names (`{id}-{year}`), when the vehicle list has it; null otherwise (a bad or
   * stale cookie renders the page as for no vehicle, and shares its cache entry).
   */
  async function cookieVehicle(cookie: string | undefined): Promise<{ id: number; year: number } | null> {
    const m = cookie ? /^(\d{1,9})-(\d{4})$/.exec(cookie) : null;
    if (!m) return null;
    const view = await app.catalog.view().catch(() => null);
    const id = Number(m[1]);
    return view?.fitments.hasVehicle(id) ? { id, year: Number(m[2]) } : null;
  }

  /** Renders `url` into a document (not cached); a redirect; or null (logged). */
  async function renderDocument(
    template: string,
    url: string,
    stamps: PageStamps | null,
    vehicle: { id: number; year: number } | null,
  ): Promise<RenderAnswer> {
    let page: RenderedPage;
    try {
      page = await renderPage(new URL(url, app.config.publicBaseUrl), {
        fetchApi,
        origin: app.config.publicBaseUrl,
        vehicle,
      });
    } catch (err) {
      // A page that cannot be rendered here is still a page: the browser renders it (and its error screen).
      app.log.error({ err, url }, 'server rendering failed; the page is left to the browser');
      return null;
    }
    if (page.redirect) return { redirect: page.redirect };
    if (page.failed) {
      app.log.info({ url, failed: page.failed }, 'page left to the browser: its data failed');
      return null;
    }
    if (page.unloaded)
      app.log.warn({ url, unloaded: page.unloaded }, 'page rendered without some of its data');
    const pathname = new URL(url, 'http://local').pathname;
    // React 19 puts the <link>, <meta> and <title> elements a page renders first, for the document's head,
    // where search engines read a canonical link and where hydration looks for them.
    const hoisted = LEADING_HOISTABLES.exec(page.html)?.[0] ?? '';
    const document = fillShell(moduleShell(template, serverRenderedModule(pathname)), {
      fill: await indexHtmlFill(app, pathname, page.head ?? null),
      head: hoisted,
      body: page.html.slice(hoisted.length),
      state: page.state,
    });
    return { page: await createCachedPage(document, stamps ?? { stamp: '', generation: '' }) };
  }

  /** The page from the cache, else rendered once however many ask at the same time (and cached). */
  async function cachedOrRendered(
    template: string,
    url: string,
    allowed: () => Promise<boolean>,
    /** The page's stamps when the caller has just read them (the pre-renderer). */
    known?: PageStamps,
    vehicle: { id: number; year: number } | null = null,
  ): Promise<{ answer: RenderAnswer; rendered: boolean }> {
    // The same page for another vehicle is another document.
    const key = vehicle ? `${pageCacheKey(url)} vehicle=${vehicle.id}-${vehicle.year}` : pageCacheKey(url);
    const stamps = known ?? (await pageStamps(new URL(url, 'http://local').pathname));
    const hit = stamps ? cache.get(key, stamps.stamp) : undefined;
    if (hit) return { answer: { page: hit }, rendered: false };
    const pendingKey = `${key} ${stamps?.stamp ?? ''}`;
    const running = pending.get(pendingKey);
    if (running) return { answer: await running, rendered: false };
    if (!(await allowed())) {
      app.log.info({ url }, 'page left to the browser: this client is over its renders a minute');
      return { answer: null, rendered: false };
    }
    // Another request may have started it while this one's budget was counted.
    const started = pending.get(pendingKey);
    if (started) return { answer: await started, rendered: false };
    const rendering = renderDocument(template, url, stamps, vehicle);
    pending.set(pendingKey, rendering);
    try {
      const answer = await rendering;
      if (stamps && answer && 'page' in answer) cache.set(key, answer.page);
      return { answer, rendered: true };
    } finally {
      pending.delete(pendingKey);
    }
  }

  return {
    cache,
    async render(template, url, client, vehicleCookie) {
      const vehicle = await cookieVehicle(vehicleCookie);
      return (await cachedOrRendered(template, url, () => withinBudget(client), undefined, vehicle)).answer;
    },
    async prerender(template, url) {
      const key = pageCacheKey(url);
      const stamps = await pageStamps(new URL(url, 'http://local').pathname);
      if (!stamps) return false;
      const stored = cache.peek(key);
      // A listing whose stamp moved within this generation waits until it is asked for: stock sold moves every
      // listing's stamp, and rendering them all again at each sale would be most of this process's work.
      if (
        stored?.generation === stamps.generation &&
        (stored.stamp === stamps.stamp || !url.startsWith('/product/'))
      )
        return false;
      return (await cachedOrRendered(template, url, async () => true, stamps)).rendered;
    },
  };
}
