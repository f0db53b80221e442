/**
 * Product images named in a catalog (URLs or file names) -> files under the media folder. Catalog URLs are not
 * fetched (the store may have no internet); the file is taken from the `--images` folder by its name.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

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

/** Where one image source ends up. */
export type ImageResolution = { path: string } | { missing: string };

/**
 * Resolves image sources to stored media paths (`products/<name>`), copying each file from `imagesDir` to
 * `<mediaDir>/products/` unless an identical file is already there. A name not found in `imagesDir` but already
 * present in the media folder (an earlier import) is used as it is. Otherwise the result says why it is missing
 * (the caller turns that into a warning). Each distinct name is looked up and copied once.
 */
export function createImageResolver(options: { imagesDir?: string | undefined; mediaDir: string }) {
  const targetDir = path.join(options.mediaDir, PRODUCT_MEDIA_FOLDER);
  const cache = new Map<string, Promise<ImageResolution>>();

  async function resolveName(name: string): Promise<ImageResolution> {
    const target = path.join(targetDir, name);
    const stored = { path: `${PRODUCT_MEDIA_FOLDER}/${name}` };
    if (options.imagesDir) {
      const source = path.join(options.imagesDir, name);
      const sourceStat = await stat(source).catch(() => null);
      if (sourceStat?.isFile()) {
        if (!(await sameFile(source, target, sourceStat.size))) {
          await mkdir(targetDir, { recursive: true });
          await copyFile(source, target);
        }
        return stored;
      }
    }
    const existing = await stat(target).catch(() => null);
    if (existing?.isFile()) return stored;
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
        pending = resolveName(name);
        cache.set(name, pending);
      }
      return pending;
    },
  };
}

async function sameFile(a: string, b: string, sizeA: number): Promise<boolean> {
  const statB = await stat(b).catch(() => null);
  if (!statB?.isFile() || statB.size !== sizeA) return false;
  const [ha, hb] = await Promise.all(
    [readFile(a), readFile(b)].map(async (p) =>
      createHash('sha256')
        .update(await p)
        .digest('hex'),
    ),
  );
  return ha === hb;
}
