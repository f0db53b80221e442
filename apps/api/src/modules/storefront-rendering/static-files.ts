/**
 * Serves the built SPA and the public media from the API's process and port (DESIGN §1): the media folder as
 * static files, or, when files are kept in a bucket (decision 0061), each /media/ file streamed from it;
 * hashed assets cached for a year, index.html revalidated, index.html for every SPA route of SPEC §2
 * (404 status for unknown paths, which the SPA renders as its 404 page), the SPEC's odd links redirected
 * to their canonical routes (DESIGN §7), and a 'product image not found' picture for missing media.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SHOP_ALL_PATH } from '@store/shared/paths';
import { ROUTE_ALIASES, isSpaRoute } from '@store/shared/routes';
import { applyTaxonomyChanges } from '@store/shared/taxonomy-redirects';
import {
  VEHICLE_COOKIE,
  VEHICLE_COOKIE_MAX_AGE_S,
  isCompleteVehicleChoice,
  readVehicleChoice,
  vehicleCookieValue,
} from '@store/shared/vehicle-choice';
import { vehicleCoversYear } from '@store/shared/vehicle-label';
import { movedFilters } from '../catalog/catalog-answers';
import { findVehicle } from '../vehicles/vehicle-service';
import { REPO_ROOT } from '../../env';
import { FileKeyError } from '../../storage/file-store';
import { MEDIA_MAX_AGE_S } from '../../storage/open-file-stores';
import { renderIndexHtml } from './render-index-html';
import { SERVER_RENDERED_ROUTES, isServerRenderedPage, loadPageRenderer } from './render-page';
import { startPrerendering, type PrerenderStatus, type Prerenderer } from './pre-render-pages';
import type { CachedPage } from './rendered-page-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server-rendered pages kept ready (decision 0027): null when the store does not render pages. */
    renderedPages: { status(): PrerenderStatus | null };
  }
}

const ONE_YEAR_S = 31_536_000;
const encodings = new Negotiator({ supportedValues: ['gzip'] });
/** How long a listing's 301 to a renamed category's new address may be kept (decision 0050). */
const MOVED_LISTING_MAX_AGE_S = 3_600;
export const PLACEHOLDER_IMAGE_FILE = path.join(
  REPO_ROOT,
  'apps/web/public/images/product-image-not-found.svg',
);

/** The `vehicle` cookie's value (decision 0034), if the request has one. */
function vehicleCookieOf(header: string | undefined): string | undefined {
  return header ? new RegExp(`(?:^|;\\s*)${VEHICLE_COOKIE}=([^;]*)`).exec(header)?.[1] : undefined;
}

/** True when the client takes gzip (`Accept-Encoding`, with a q-value above 0). */
function acceptsGzip(request: FastifyRequest): boolean {
  const accept = request.headers['accept-encoding'];
  return accept ? encodings.negotiate(accept) === 'gzip' : false;
}

/**
 * Sends a server-rendered page (decision 0027) as it was stored: gzipped, with its own ETag, revalidated at every
 * visit (a client that has it gets a 304 without a body). A client that does not take gzip (a script, not a
 * browser) gets it unzipped.
 */
function sendRenderedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  reply
    .header('cache-control', 'no-cache')
    // The `vehicle` cookie picks which rendering of a page is sent (decision 0034).
    .header('vary', 'accept-encoding, cookie')
    .header('etag', page.etag)
    .type('text/html; charset=utf-8');
  const has = request.headers['if-none-match'];
  if (has && has.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag))
    return reply.status(304).send();
  reply.status(200);
  if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(gunzipSync(page.gzip));
}

export default fp(async (app) => {
  const { webDistDir, mediaDir, publicMediaUrl } = app.config;
  const placeholder = existsSync(PLACEHOLDER_IMAGE_FILE) ? readFileSync(PLACEHOLDER_IMAGE_FILE) : null;
  // With a bucket, /media/ is answered even when pages link to a CDN (PUBLIC_MEDIA_URL absolute): links from
  // before the CDN keep working, and a CDN may take the store as its origin (decision 0061).
  const mediaPrefix = publicMediaUrl.startsWith('/') ? publicMediaUrl : app.config.s3 ? '/media/' : null;

  /** A media file that is not there: the "not found" picture for an image, else a JSON 404. */
  function mediaNotFound(reply: FastifyReply, pathname: string) {
    if (placeholder && /\.(svg|png|jpe?g|webp|avif|gif)$/i.test(pathname)) {
      return reply.status(404).header('cache-control', 'no-cache').type('image/svg+xml').send(placeholder);
    }
    return reply.status(404).send({ message: 'File not found' });
  }

  if (mediaPrefix && app.config.s3) {
    // Streamed from the bucket through the store, with the headers the folder's files have always had.
    app.get(`${mediaPrefix}*`, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const stored = await app.files.media.stream(key).catch((error: unknown) => {
        if (error instanceof FileKeyError) return null;
        throw error;
      });
      if (!stored) return mediaNotFound(reply, key);
      const has = request.headers['if-none-match'];
      if (stored.etag && has?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === stored.etag)) {
        stored.body.destroy();
        return reply.status(304).header('etag', stored.etag).send();
      }
      if (stored.etag) reply.header('etag', stored.etag);
      return reply
        .header('cache-control', `public, max-age=${MEDIA_MAX_AGE_S}`)
        .header('x-content-type-options', 'nosniff')
        .header('last-modified', new Date(stored.modifiedMs).toUTCString())
        .header('content-length', String(stored.size))
        .type(stored.contentType)
        .send(stored.body);
    });
  } else if (mediaPrefix) {
    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: mediaPrefix,
      decorateReply: false,
      index: false,
      // Uploaded files are data, not pages: never sniffed, never run as HTML.
      setHeaders: (res) => {
        res.header('cache-control', `public, max-age=${MEDIA_MAX_AGE_S}`);
        res.header('x-content-type-options', 'nosniff');
      },
    });
  }

  const indexFile = webDistDir ? path.join(webDistDir, 'index.html') : null;
  const hasSpa = indexFile !== null && existsSync(indexFile);
  const indexTemplate = hasSpa && indexFile ? readFileSync(indexFile, 'utf8') : null;
  if (hasSpa && webDistDir) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The server's own rendering code and the build's manifest (render-page.ts) are not served to browsers.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/') && !pathName.startsWith('/.vite/'),
      // The build writes each script, style and drawing brotli'd and gzipped beside itself (apps/web/vite.config.ts):
      // sent as they are, with `Vary: Accept-Encoding`; a file without them is sent as it is, and compressed by
      // @fastify/compress like any answer.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? `public, max-age=${ONE_YEAR_S}, immutable` : 'no-cache');
      },
    });
  } else {
    app.log.warn(`web app not built (${indexFile ?? 'WEB_DIST_DIR unset'} missing): run npm run build`);
  }
  const pageRenderer =
    hasSpa && webDistDir && app.config.serverRendering ? await loadPageRenderer(app, webDistDir) : null;
  // Every catalog page rendered ahead, in the background, once the store is up (decision 0027).
  let prerenderer: Prerenderer | null = null;
  if (pageRenderer && app.config.prerenderPages) {
    app.addHook('onReady', async () => {
      prerenderer = startPrerendering(app, pageRenderer, indexTemplate ?? '');
    });
    app.addHook('onClose', async () => prerenderer?.stop());
  }
  app.decorate('renderedPages', {
    status: () =>
      pageRenderer
        ? (prerenderer?.status() ?? {
            pages: pageRenderer.cache.size,
            bytes: pageRenderer.cache.bytes,
            prerendering: false,
          })
        : null,
  });

  /** Every address no route or file answers: pages of the web app, media placeholders, JSON 404s. */
  async function serveUnmatched(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, 'http://local');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return reply.status(400).send({ message: 'The address is not valid (bad % encoding).' });
    }
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send({ message: `No such API call: ${request.method} ${url.pathname}` });
    }
    if (mediaPrefix && pathname.startsWith(mediaPrefix)) return mediaNotFound(reply, pathname);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ message: `Not found: ${request.method} ${url.pathname}` });
    }
    const alias = ROUTE_ALIASES[pathname.replace(/\/$/, '')];
    if (alias) return reply.redirect(`${alias}${url.search}`, 301);
    const listingPath = pathname.replace(/\/$/, '');
    if (listingPath === '/shop' || listingPath === '/brand') {
      // A renamed or retired category, child category or brand (decision 0050): 301 to where it went, kept an
      // hour by browsers and caches (not for ever: an old address may be given to a new category later).
      const q = url.searchParams;
      const moved = movedFilters((await app.catalog.view()).taxonomy, {
        category: q.get('category') ?? undefined,
        child_category: q.get('child_category') ?? undefined,
        brand: q.get('brand') ?? undefined,
      });
      if (moved) {
        return reply
          .header('cache-control', `public, max-age=${MOVED_LISTING_MAX_AGE_S}`)
          .redirect(applyTaxonomyChanges(listingPath, q, moved), 301);
      }
    }
    // The vehicle selector's last step submitted without scripts (decision 0055): the vehicle is chosen as the
    // web app chooses it (its cookie), and the shopper lands on its parts. A choice the list does not have (a
    // make changed after the variant was picked, a stale address) renders the page, whose selector drops it.
    const choice = readVehicleChoice(url.searchParams);
    if (isCompleteVehicleChoice(choice)) {
      const vehicle = await findVehicle(app.db, choice.vehicle_id).catch(() => null);
      const same = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'accent' }) === 0;
      if (
        vehicle &&
        same(vehicle.make, choice.make) &&
        same(vehicle.model, choice.model) &&
        vehicleCoversYear(vehicle, choice.year)
      ) {
        const value = vehicleCookieValue({ vehicle_id: vehicle.id, year: choice.year });
        return reply
          .header(
            'set-cookie',
            `${VEHICLE_COOKIE}=${value}; Path=/; Max-Age=${VEHICLE_COOKIE_MAX_AGE_S}; SameSite=Lax`,
          )
          .header('cache-control', 'no-store')
          .redirect(SHOP_ALL_PATH, 303);
      }
    }
    if (!hasSpa) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build`, then reload.');
    }
    const status = pathname === '/' || isSpaRoute(pathname) ? 200 : 404;
    const template = indexTemplate ?? '';
    if (pageRenderer && status === 200 && isServerRenderedPage(pathname)) {
      const answer = await pageRenderer.render(
        template,
        `${url.pathname}${url.search}`,
        request.ip,
        vehicleCookieOf(request.headers.cookie),
      );
      if (answer && 'redirect' in answer)
        return reply.redirect(answer.redirect.location, answer.redirect.status);
      if (answer) return sendRenderedPage(request, reply, answer.page);
    }
    return reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await renderIndexHtml(app, template, pathname));
  }

  // The server-rendered pages are routes of their own, so that @fastify/compress (which hooks routes, not the
  // not-found handler) compresses them: such a page is 40-140 kB of HTML, several times smaller gzipped, which a
  // phone on a slow network feels as its first paint. Every other page is the small shell.
  if (hasSpa) for (const route of SERVER_RENDERED_ROUTES) app.get(route, serveUnmatched);
  app.setNotFoundHandler(serveUnmatched);
});
