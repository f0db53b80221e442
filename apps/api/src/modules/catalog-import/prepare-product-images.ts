/**
 * Measures each product picture an import stores and makes its WebP copies (issue 14, decision 0026), with sharp:
 * the intrinsic width and height of every picture (SVG included, from its width/height or viewBox), and for the
 * raster formats browsers show (JPEG, PNG, WebP, GIF, AVIF) a WebP copy at each width of `PRODUCT_IMAGE_WIDTHS`
 * up to the picture's own, stored as `products/variants/<name>-<width>w.webp` (`productImageVariantPath`).
 *
 * Made once: a copy is kept when it exists and was written after the original last changed (the store's
 * `StoredFileInfo`: locally its mtime is not older than the original's mtime and ctime, ctime moving whenever the
 * file's content is replaced, even by a copy that keeps an old mtime; in a bucket its Last-Modified second is
 * after the original's), so re-importing the same pictures writes nothing. The pictures are read from and the
 * copies written to the media store (decision 0061). A picture sharp cannot read, or whose copies cannot be
 * written, is never an error: it is answered with a `problem` (the import turns it into a warning) and whatever
 * was learnt. At most `concurrency` pictures are worked on at a time.
 */
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import type { PictureInfo } from '@store/shared/product';
import { productImageVariantPath, productImageVariantWidths } from '@store/shared/product-image';
import type { FileStore } from '../../storage/file-store';

/** Formats a browser shows that get WebP copies (sharp's names; AVIF reads as `heif` with AV1 compression). */
const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
/**
 * WebP settings of the copies: sharp's default quality (80), and effort 2 instead of its default 4, which took
 * twice the time here for files 0-5 % smaller (decision 0026).
 */
const WEBP_OPTIONS = { quality: 80, effort: 2 } as const;

/**
 * sharp, loaded on first use: libvips costs the running store about 30 MiB of RSS, and the bundled server keeps
 * a package import static unless it is a dynamic `import()` of the package itself.
 */
let sharpModule: Promise<(input: Buffer, options?: SharpOptions) => Sharp> | null = null;
function loadSharp() {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
}

/** What an import keeps of a stored picture. */
export interface PreparedImage {
  /** Intrinsic size as shown (EXIF orientation applied; one frame of an animation); null when unreadable. */
  width: number | null;
  height: number | null;
  /** Widths of the WebP copies that exist, ascending. */
  widths: number[];
  /** Why the picture is unmeasured or lacks copies: for the import's warnings. */
  problem?: string;
}

export interface ImagePreparerOptions {
  /** The public media store; stored paths are its keys. */
  media: FileStore;
  /** Pictures worked on at once (default: the machine's cores; sharp uses one thread per picture here). */
  concurrency?: number;
}

/**
 * What the storefront is told of a picture the pipeline prepared (its intrinsic size in px and its copies'
 * widths), for a home picture's `image_info` and a category's or brand's `*_image_info` alike (decisions 0081,
 * 0082). Its width and height are null when the picture could not be read.
 */
export function pictureInfoOf(prepared: PreparedImage): PictureInfo {
  return { width: prepared.width, height: prepared.height, widths: prepared.widths };
}

/** Counts of what `prepare` did, for tests and the decision's measurements. */
export interface ImagePreparerStats {
  measured: number;
  copiesWritten: number;
  copiesKept: number;
}

/** Creates a preparer for one import; `prepare(path)` is worked out once per stored path. */
export function createImagePreparer(options: ImagePreparerOptions) {
  const limit = pLimit(Math.max(1, options.concurrency ?? availableParallelism()));
  const cache = new Map<string, Promise<PreparedImage>>();
  const stats: ImagePreparerStats = { measured: 0, copiesWritten: 0, copiesKept: 0 };

  async function prepareOnce(storedPath: string): Promise<PreparedImage> {
    const { media } = options;
    const sharp = await loadSharp();
    // Its date before its bytes: a picture replaced while it is read gets its copies made again next time.
    const original = await media.stat(storedPath);
    const file = original ? await media.get(storedPath) : null;
    if (!original || !file) {
      return {
        width: null,
        height: null,
        widths: [],
        problem: 'could not be read as an image (it is not there)',
      };
    }
    let metadata: Metadata;
    try {
      metadata = await sharp(file).metadata();
    } catch (error) {
      return {
        width: null,
        height: null,
        widths: [],
        problem: `could not be read as an image (${reason(error)})`,
      };
    }
    stats.measured++;
    const animated = (metadata.pages ?? 1) > 1 && metadata.format !== 'heif';
    const width = metadata.autoOrient.width;
    const height = animated && metadata.pageHeight ? metadata.pageHeight : metadata.autoOrient.height;
    if (!(width > 0 && height > 0)) {
      return {
        width: null,
        height: null,
        widths: [],
        problem: 'could not be read as an image (it has no size)',
      };
    }
    const measured = { width, height };
    const raster =
      RASTER_FORMATS.has(metadata.format) && (metadata.format !== 'heif' || metadata.compression === 'av1');
    if (!raster) return { ...measured, widths: [] };

    const widths: number[] = [];
    for (const w of productImageVariantWidths(width)) {
      const target = productImageVariantPath(storedPath, w);
      const existing = await media.stat(target);
      if (existing && existing.modifiedMs >= original.changedMs) {
        stats.copiesKept++;
        widths.push(w);
        continue;
      }
      // The store writes it whole, so an interrupted import never leaves half a copy under the real name.
      try {
        const copy = await sharp(file, { animated, autoOrient: true })
          .resize({ width: w, withoutEnlargement: true })
          .webp(WEBP_OPTIONS)
          .toBuffer();
        await media.put(target, copy, 'image/webp');
      } catch (error) {
        return { ...measured, widths, problem: `could not be made smaller (${reason(error)})` };
      }
      stats.copiesWritten++;
      widths.push(w);
    }
    return { ...measured, widths };
  }

  return {
    /**
     * Measures the picture stored at `storedPath` (relative to the media folder) and makes its missing copies.
     * Never rejects.
     */
    prepare(storedPath: string): Promise<PreparedImage> {
      let pending = cache.get(storedPath);
      if (!pending) {
        pending = limit(() => prepareOnce(storedPath)).catch((error: unknown) => ({
          width: null,
          height: null,
          widths: [],
          problem: `could not be read as an image (${reason(error)})`,
        }));
        cache.set(storedPath, pending);
      }
      return pending;
    },
    stats,
  };
}

/** sharp's message without its trailing period or line breaks. */
function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]?.replace(/\.$/, '').trim() || 'unknown error';
}
