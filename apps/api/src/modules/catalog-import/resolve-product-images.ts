/**
 * Product images named in a catalog (URLs or file names) -> files in the media store. Catalog URLs are not
 * fetched (the store may have no internet); the file is taken from the `--images` folder by its name.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import type { FileStore } from '../../storage/file-store';

/** Media sub-folder of product images; stored paths look like `products/<file name>`. */
export const PRODUCT_MEDIA_FOLDER = 'products';

/**
 * The file name an image source refers to: the last path segment of a URL (query and fragment stripped,
 * percent-decoding applied) or of a local path. Returns null when there is no usable name.
 */
export function imageFileName(source: string): string | null {
  let pathname = source.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(pathname)) {
    try {
      pathname = new URL(pathname).pathname;
    } catch {
      return null;
    }
  } else {
    pathname = pathname.replace(/[?#].*$/, '');
  }
  let name = pathname.split(/[/\\]/).pop() ?? '';
  try {
    name = decodeURIComponent(name);
  } catch {
    // Keep the raw name when it is not valid percent-encoding.
  }
  name = name.trim();
  // eslint-disable-next-line no-control-regex
  if (name === '' || name === '.' || name === '..' || /[/\\\u0000-\u001f]/.test(name)) return null;
  return name;
}

/**
 * Names looked up at once. A catalog names hundreds of pictures; against a bucket each look-up is a request, and
 * the S3 client's 50 sockets must stay free for the downloads and copies running beside it (decision 0061).
 */
const RESOLVE_CONCURRENCY = 8;

/** Where one image source ends up. */
export type ImageResolution = { path: string } | { missing: string };

/**
 * Resolves image sources to stored media paths (`products/<name>`), copying each file from `imagesDir` to
 * `products/<name>` in the media store unless identical bytes are already there. A name not found in `imagesDir`
 * but already in the store (an earlier import) is used as it is. Otherwise the result says why it is missing
 * (the caller turns that into a warning). Each distinct name is looked up and copied once.
 */
export function createImageResolver(options: { imagesDir?: string | undefined; media: FileStore }) {
  const { media } = options;
  const cache = new Map<string, Promise<ImageResolution>>();
  const limit = pLimit(RESOLVE_CONCURRENCY);

  async function resolveName(name: string): Promise<ImageResolution> {
    const key = `${PRODUCT_MEDIA_FOLDER}/${name}`;
    const stored = { path: key };
    if (options.imagesDir) {
      const source = path.join(options.imagesDir, name);
      const sourceStat = await stat(source).catch(() => null);
      if (sourceStat?.isFile()) {
        const target = await media.stat(key);
        // Same size, then same bytes: an unchanged picture is not written again (its WebP copies stay fresh).
        const bytes = await readFile(source);
        if (target?.size !== sourceStat.size || !(await media.get(key))?.equals(bytes)) {
          await media.put(key, bytes);
        }
        return stored;
      }
    }
    if (await media.stat(key)) return stored;
    return {
      missing: options.imagesDir
        ? `not found in ${options.imagesDir}`
        : 'not found (no images folder was given)',
    };
  }

  return {
    /** Resolves one source (URL or file name). */
    resolve(source: string): Promise<ImageResolution> {
      const name = imageFileName(source);
      if (!name) return Promise.resolve({ missing: 'has no file name' });
      let pending = cache.get(name);
      if (!pending) {
        pending = limit(() => resolveName(name));
        cache.set(name, pending);
      }
      return pending;
    },
  };
}
