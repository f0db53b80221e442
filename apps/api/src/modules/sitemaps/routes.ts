/**
 * Sitemaps and robots.txt (issue 11; SPEC §2 sitemap pages, §7 /sitemap-map and /sitemap.xml; decision 0015).
 *
 *   GET /robots.txt               what crawlers may read, and where the sitemap index is
 *   GET /sitemap.xml              the index (`<sitemapindex>`), or the index page for a browser
 *   GET /{folder}.xml             a sitemap file (`<urlset>`: product-sitemap, product-sitemap-2 ...), or its page;
 *                                 any other name: 404 with an empty list
 *   GET /api/sitemap-map          every URL grouped as SPEC §3 names the groups (JSON)
 *   GET /api/sitemap.xml          every URL in one `<urlset>` (the SPEC's raw feed; not split, not for crawlers)
 *
 * Registered before the SPA fallback, so these paths never answer index.html. Absolute URLs use
 * PUBLIC_BASE_URL, never the Host header. The XML routes are limited per IP and cached like catalog GETs.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FALLBACK_STORE_NAME, storeNameOrFallback } from '@store/shared/store-name';
import { parseSitemapFolderName, sitemapMapSchema } from '@store/shared/sitemap';
import { getStoreSettings } from '../content/content-service';
import { DATABASE_RETRY_AFTER_S } from '../../plugins/error-handling';
import httpCaching from '../../plugins/http-caching';
import { perMinute } from '../../plugins/rate-limit';
import {
  HTML_CONTENT_TYPE,
  renderSitemapErrorHtml,
  renderSitemapIndexHtml,
  renderSitemapPageHtml,
} from './render-sitemap-html';
import { XML_CONTENT_TYPE, renderSitemapIndexXml, renderUrlsetXml } from './render-sitemap-xml';
import { robotsTxt } from './robots-txt';
import { listAllSitemapUrls, loadSitemapFile, loadSitemapMap, summarizeSitemaps } from './sitemap-service';
import { SITEMAP_VARY, wantsSitemapPage } from './wants-sitemap-page';

/** Requests per client IP per minute on each sitemap route: a crawler needs a handful, a scraper is slowed. */
export const SITEMAP_REQUESTS_PER_MINUTE = 60;
/** Seconds browsers may reuse a sitemap answer (shared caches five times as long, as http-caching.ts does). */
export const SITEMAP_CACHE_S = 300;
const ROBOTS_CACHE_S = 3600;

/** The 503 page's message (SPEC §8 'Error: {message}'): nothing internal, the request id to quote. */
export const SITEMAP_UNAVAILABLE_MESSAGE =
  'The sitemap could not be loaded right now. Please try again in a minute.';

const sharedCacheControl = (s: number) =>
  `public, max-age=${s}, s-maxage=${s * 5}, stale-while-revalidate=${s * 10}`;

interface NegotiatedAnswer {
  status: 200 | 404;
  xml: () => string;
  page: (storeName: string) => string;
}

/**
 * Answers XML, or the HTML page to a browser (wantsSitemapPage). A failure becomes the SPEC's 'Error: ...' page
 * for a browser (503, logged with its request id) and the house 500 for everyone else.
 */
async function negotiate(
  request: FastifyRequest,
  reply: FastifyReply,
  build: () => Promise<NegotiatedAnswer>,
): Promise<FastifyReply> {
  const html = wantsSitemapPage(request.headers);
  reply.header('vary', SITEMAP_VARY);
  try {
    const answer = await build();
    reply.status(answer.status);
    if (answer.status === 200) {
      // The page is never kept by a shared cache, so a CDN that ignores Vary can only ever hand out the XML.
      reply.header('cache-control', html ? 'private, no-cache' : sharedCacheControl(SITEMAP_CACHE_S));
    }
    if (!html) return reply.type(XML_CONTENT_TYPE).send(answer.xml());
    const settings = await getStoreSettings(request.server.db);
    return reply.type(HTML_CONTENT_TYPE).send(answer.page(storeNameOrFallback(settings.storeName)));
  } catch (err) {
    if (!html) throw err;
    request.log.error({ err }, 'sitemap page could not be built');
    return reply
      .status(503)
      .header('cache-control', 'no-store')
      .header('retry-after', String(DATABASE_RETRY_AFTER_S))
      .type(HTML_CONTENT_TYPE)
      .send(
        renderSitemapErrorHtml(
          FALLBACK_STORE_NAME,
          `${SITEMAP_UNAVAILABLE_MESSAGE} (Reference: ${request.id})`,
        ),
      );
  }
}

const sitemapRoutes: FastifyPluginAsyncZod = async (app) => {
  // ETags and 304s for these routes too (the /api scope has its own registration).
  await app.register(httpCaching);
  const base = app.config.publicBaseUrl;
  const rateLimit = perMinute(SITEMAP_REQUESTS_PER_MINUTE);

  app.get('/robots.txt', { config: { cache: ROBOTS_CACHE_S }, schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(base)),
  );

  app.get('/sitemap.xml', { config: { rateLimit }, schema: { hide: true } }, (request, reply) =>
    negotiate(request, reply, async () => {
      const kinds = await summarizeSitemaps(app.db, base);
      return {
        status: 200,
        xml: () =>
          renderSitemapIndexXml(
            kinds.flatMap((k) =>
              k.files.map((f) => ({ loc: `${base}/${f.folder}.xml`, lastmod: f.lastmod })),
            ),
          ),
        page: (storeName) => renderSitemapIndexHtml(storeName, kinds),
      };
    }),
  );

  app.get(
    '/:folder.xml',
    { config: { rateLimit }, schema: { hide: true, params: z.object({ folder: z.string() }) } },
    (request, reply) =>
      negotiate(request, reply, async () => {
        const { folder } = request.params;
        const file = parseSitemapFolderName(folder);
        const urls = file ? await loadSitemapFile(app.db, base, file.kind, file.part) : null;
        return {
          status: urls ? 200 : 404,
          xml: () => renderUrlsetXml(urls ?? []),
          page: (storeName) => renderSitemapPageHtml(storeName, folder, urls ?? []),
        };
      }),
  );

  await app.register(
    async (api) => {
      const tags = ['sitemaps'];
      const config = { rateLimit, cache: SITEMAP_CACHE_S };
      api.get(
        '/sitemap-map',
        {
          config,
          schema: {
            tags,
            summary: 'Every sitemap URL with its last-modified date, grouped by kind',
            response: { 200: sitemapMapSchema },
          },
        },
        async () => loadSitemapMap(app.db, base),
      );
      api.get(
        '/sitemap.xml',
        {
          config,
          schema: {
            tags,
            summary: 'Every sitemap URL in one <urlset> (XML: loc and lastmod), products first',
            response: { 200: z.string().describe('application/xml: a sitemaps.org <urlset>') },
          },
        },
        async (_req, reply) =>
          reply.type(XML_CONTENT_TYPE).send(renderUrlsetXml(await listAllSitemapUrls(app.db, base))),
      );
    },
    { prefix: '/api' },
  );
};

export default sitemapRoutes;
