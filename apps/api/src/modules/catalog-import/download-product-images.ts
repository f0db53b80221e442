/**
 * Downloads the product image URLs of Shopify and WooCommerce exports into the media store (issue 12), so a
 * store moving from either platform keeps its pictures. For the CLI and the back office's upload alike:
 * at most 4 downloads at a time (p-limit), 2 retries with backoff on network errors, timeouts and 5xx/429, a
 * per-image timeout (IMPORT_IMAGE_TIMEOUT_MS, default 10 s), a 10 MB cap counted while streaming (the download
 * is aborted past it), the content type checked twice (the header and the sniffed bytes: JPEG, PNG, WebP, GIF or
 * AVIF only; no SVG, which can carry script), http and https only, and only public unicast addresses unless allowed
 * (isPublicAddress: ipaddr.js's ranges, issue 43 §5; the upload must not become a way to read the store's own
 * network), checked on the URL's own address and on every address its name resolves to. A host that cannot be reached
 * is not asked again during the same import, so a file full of dead URLs still finishes promptly.
 * Nothing here throws for one image: each answers a stored path or why it is missing (a warning).
 */
import { createHash } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { fileTypeFromBuffer } from 'file-type';
import pLimit from 'p-limit';
import { slugify } from '@store/shared/slug';
import { imageDownloadEnv } from '../../env';
import type { FileStore } from '../../storage/file-store';
import { isPublicAddress } from './is-public-address';
import { imageFileName, PRODUCT_MEDIA_FOLDER, type ImageResolution } from './resolve-product-images';

/** Image types taken, by MIME type, with the extension the stored file gets. */
export const DOWNLOADABLE_IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};
export const IMAGE_DOWNLOAD_CONCURRENCY = 4;
export const IMAGE_DOWNLOAD_RETRIES = 2;
export const IMAGE_DOWNLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_DOWNLOAD_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

export interface ImageDownloadOptions {
  /** The public media store; files go to `products/`. */
  media: FileStore;
  concurrency?: number;
  retries?: number;
  /** Per attempt, connection to last byte (default: IMPORT_IMAGE_TIMEOUT_MS, else 10 s). */
  timeoutMs?: number;
  maxBytes?: number;
  /** First retry waits this long, the next twice as long (default 300 ms). */
  backoffMs?: number;
  /** Allow loopback and private addresses (tests' local server; default IMPORT_IMAGE_ALLOW_PRIVATE_HOSTS=1). */
  allowPrivateHosts?: boolean;
}

/** Whether `source` is a URL the downloader would try. */
export function isDownloadableUrl(source: string): boolean {
  try {
    const url = new URL(source.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A failed attempt: `retry` when trying again may help; `hostDown` when the host itself did not answer. */
class DownloadError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    readonly hostDown = false,
  ) {
    super(message);
  }
}

const NETWORK_CODES: Record<string, string> = {
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name does not resolve',
  ECONNREFUSED: 'the host refused the connection',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'the connection timed out',
};

/** Creates a downloader for one import; `download(url)` is cached per URL. */
export function createImageDownloader(options: ImageDownloadOptions) {
  const { media } = options;
  const overrides = imageDownloadEnv();
  const timeoutMs = options.timeoutMs ?? overrides.timeoutMs ?? IMAGE_DOWNLOAD_TIMEOUT_MS;
  const retries = options.retries ?? IMAGE_DOWNLOAD_RETRIES;
  const maxBytes = options.maxBytes ?? IMAGE_DOWNLOAD_MAX_BYTES;
  const backoffMs = options.backoffMs ?? 300;
  const allowPrivate = options.allowPrivateHosts ?? overrides.allowPrivateHosts;
  const limit = pLimit(options.concurrency ?? IMAGE_DOWNLOAD_CONCURRENCY);
  const cache = new Map<string, Promise<ImageResolution>>();
  /** Hosts that did not answer at all, with why. */
  const downHosts = new Map<string, string>();

  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      const safe = allowPrivate ? addresses : addresses.filter((a) => isPublicAddress(a.address));
      if (safe.length === 0) {
        const refused = Object.assign(new Error('private address'), { code: 'EPRIVATE' });
        return callback(refused, '', 4);
      }
      if (lookupOptions.all) return callback(null, safe as never);
      const first = safe[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };

  /** One GET of `url` with the time limit, following up to 3 redirects. Resolves the body and its MIME type. */
  function fetchOnce(url: URL, redirects = 0): Promise<{ bytes: Buffer; type: string }> {
    return new Promise((resolve, reject) => {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        reject(new DownloadError(`is not an http or https address`, false));
        return;
      }
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (!allowPrivate && isIP(host) !== 0 && !isPublicAddress(host)) {
        reject(new DownloadError('points to a private network address', false));
        return;
      }
      const client = url.protocol === 'https:' ? https : http;
      let settled = false;
      let connected = false;
      const done = () => {
        settled = true;
        clearTimeout(timer);
      };
      const fail = (error: DownloadError) => {
        if (settled) return;
        done();
        req.destroy();
        reject(error);
      };
      const req = client.get(url, { lookup, headers: { accept: 'image/*' }, agent: false }, (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          let next: URL;
          try {
            next = new URL(res.headers.location, url);
          } catch {
            fail(new DownloadError('redirects to an invalid address', false));
            return;
          }
          if (redirects >= MAX_REDIRECTS) {
            fail(new DownloadError('redirects too many times', false));
            return;
          }
          done();
          res.resume();
          fetchOnce(next, redirects + 1).then(resolve, reject);
          return;
        }
        if (status !== 200) {
          fail(new DownloadError(`answered HTTP ${status}`, status >= 500 || status === 429));
          return;
        }
        const type = (res.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        if (!DOWNLOADABLE_IMAGE_TYPES[type]) {
          fail(
            new DownloadError(
              `is not a JPEG, PNG, WebP, GIF or AVIF image (content type "${type || 'none'}")`,
              false,
            ),
          );
          return;
        }
        const tooBig = `is larger than ${maxBytes / 1024 / 1024} MB`;
        const announced = Number(res.headers['content-length']);
        if (Number.isFinite(announced) && announced > maxBytes) {
          fail(new DownloadError(tooBig, false));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          // Counted as it streams: the download stops at the cap, whatever the headers said.
          if (size > maxBytes) fail(new DownloadError(tooBig, false));
          else chunks.push(chunk);
        });
        res.on('end', () => {
          if (settled) return;
          done();
          resolve({ bytes: Buffer.concat(chunks), type });
        });
        res.on('error', (err) => fail(new DownloadError(`could not be fetched (${err.message})`, true)));
      });
      req.on('socket', (socket) => socket.once('connect', () => (connected = true)));
      // A host that never accepted the connection is down; one that is merely slow is not.
      const timer = setTimeout(
        () => fail(new DownloadError(`did not arrive within ${timeoutMs / 1000} s`, true, !connected)),
        timeoutMs,
      );
      req.on('error', (err: Error & { code?: string }) => {
        if (err.code === 'EPRIVATE') fail(new DownloadError('points to a private network address', false));
        else if (err.code && NETWORK_CODES[err.code]) {
          fail(new DownloadError(NETWORK_CODES[err.code] ?? err.message, err.code !== 'ENOTFOUND', true));
        } else fail(new DownloadError(`could not be fetched (${err.message})`, true));
      });
    });
  }

  /** The stored name of `url`: readable, and unique per URL (two shops' "image.jpg" do not overwrite each other). */
  function storedBase(url: URL): string {
    const name = imageFileName(url.href) ?? 'image';
    const stem = slugify(name.replace(/\.[a-z0-9]{2,5}$/i, '')).slice(0, 60) || 'image';
    const hash = createHash('sha256').update(url.href).digest('hex').slice(0, 10);
    return `${stem}-${hash}`;
  }

  async function existing(base: string): Promise<string | null> {
    for (const ext of new Set(Object.values(DOWNLOADABLE_IMAGE_TYPES))) {
      if (await media.stat(`${PRODUCT_MEDIA_FOLDER}/${base}.${ext}`)) return `${base}.${ext}`;
    }
    return null;
  }

  async function downloadOnce(source: string): Promise<ImageResolution> {
    let url: URL;
    try {
      url = new URL(source.trim());
    } catch {
      return { missing: 'is not a valid address' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return { missing: 'is not an http or https address' };
    }
    const base = storedBase(url);
    // Imported before: not fetched again.
    const already = await existing(base);
    if (already) return { path: `${PRODUCT_MEDIA_FOLDER}/${already}` };

    for (let attempt = 0; ; attempt++) {
      const down = downHosts.get(url.host);
      if (down) return { missing: `could not be downloaded: ${down}` };
      try {
        const { bytes, type } = await fetchOnce(url);
        const sniffed = await fileTypeFromBuffer(bytes);
        if (!sniffed || !DOWNLOADABLE_IMAGE_TYPES[sniffed.mime]) {
          return {
            missing: `could not be downloaded: its bytes are not a JPEG, PNG, WebP, GIF or AVIF image (sent as ${type})`,
          };
        }
        const key = `${PRODUCT_MEDIA_FOLDER}/${base}.${DOWNLOADABLE_IMAGE_TYPES[sniffed.mime]}`;
        // Stored whole (the store never shows half a file), so it never looks like an earlier import's.
        await media.put(key, bytes, sniffed.mime);
        return { path: key };
      } catch (error) {
        const e =
          error instanceof DownloadError
            ? error
            : new DownloadError(`could not be fetched (${(error as Error).message})`, true);
        if (!e.retry || attempt >= retries) {
          if (e.hostDown) downHosts.set(url.host, e.message);
          return { missing: `could not be downloaded: ${e.message}` };
        }
        await new Promise((r) => setTimeout(r, backoffMs * 2 ** attempt));
      }
    }
  }

  return {
    /** Downloads one image URL (once per URL per import). Never rejects. */
    download(source: string): Promise<ImageResolution> {
      let pending = cache.get(source);
      if (!pending) {
        pending = limit(() => downloadOnce(source)).catch((error: unknown) => ({
          missing: `could not be downloaded: ${(error as Error).message}`,
        }));
        cache.set(source, pending);
      }
      return pending;
    },
  };
}
