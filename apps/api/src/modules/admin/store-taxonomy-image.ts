/**
 * A brand's logo or cover, or a category's thumbnail, uploaded in the back office (issue 36 §2, decision 0050):
 * read from a multipart form (one file in `file`, at most TAXONOMY_IMAGE_MAX_BYTES), its type sniffed from the
 * bytes with file-type (JPEG, PNG, WebP, AVIF or GIF; never the name or the browser's Content-Type), decoded once
 * with sharp to be sure it is a picture, and written under the public media folder with a new name each time (so a
 * CDN never serves the old picture under the new one's address) in the media store, with its WebP copies by width
 * made by the catalog's image pipeline (decision 0082), so the storefront sends a phone a copy the size of the tile
 * it draws, not the owner's 5 MB original. Returns its key (the path relative to the media folder) and what the
 * pipeline measured, which is what the catalog stores.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  ADMIN_TAXONOMY_MESSAGES as M,
  TAXONOMY_IMAGE_FIELD,
  TAXONOMY_IMAGE_TYPES,
} from '@store/shared/admin-taxonomy';
import { HttpError } from '../../plugins/error-handling';
import type { PictureInfo } from '@store/shared/product';
import type { FileStore } from '../../storage/file-store';
import { createImagePreparer, pictureInfoOf } from '../catalog-import/prepare-product-images';

/** Largest side a picture may have (a logo or cover needs far less; bigger is a mistake or a decompression bomb). */
const MAX_SIDE_PX = 8_000;

/** Reads the one file of an upload form. Throws HttpError 400/413/415 naming `file`. */
export async function readImageUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new HttpError(415, M.notMultipart);
  let bytes: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== TAXONOMY_IMAGE_FIELD || bytes) {
        await part.toBuffer().catch(() => undefined);
        throw new HttpError(400, M.oneFile, [{ field: TAXONOMY_IMAGE_FIELD, message: M.oneFile }]);
      }
      bytes = await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, M.imageTooLarge);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new HttpError(400, M.oneFile, [{ field: TAXONOMY_IMAGE_FIELD, message: M.oneFile }]);
    throw new HttpError(400, `The upload could not be read (${code ?? 'malformed multipart body'}).`);
  }
  if (!bytes || bytes.length === 0)
    throw new HttpError(400, M.noFile, [{ field: TAXONOMY_IMAGE_FIELD, message: M.noFile }]);
  return bytes;
}

/** A stored taxonomy picture: its media key and what the image pipeline measured of it. */
export interface StoredTaxonomyImage {
  path: string;
  image_info: PictureInfo;
}

/**
 * Checks `bytes` are a picture of an allowed type, stores them as `<folder>/<name>-<random>.<ext>` in `media` and
 * makes its WebP copies (`<folder>/variants/...`). Throws HttpError 415 naming `file` when they are not a picture.
 */
export async function storeTaxonomyImage(
  media: FileStore,
  folder: 'brands' | 'categories',
  name: string,
  bytes: Buffer,
): Promise<StoredTaxonomyImage> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(TAXONOMY_IMAGE_TYPES as readonly string[]).includes(type.mime))
    throw new HttpError(415, M.imageType, [{ field: TAXONOMY_IMAGE_FIELD, message: M.imageType }]);
  const sharp = (await import('sharp')).default;
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height || meta.width > MAX_SIDE_PX || meta.height > MAX_SIDE_PX)
      throw new Error('size');
    // Decoding the whole picture, not only its header, finds a truncated or corrupt file.
    await sharp(bytes, { limitInputPixels: MAX_SIDE_PX * MAX_SIDE_PX }).stats();
  } catch {
    throw new HttpError(415, M.imageUnreadable, [
      { field: TAXONOMY_IMAGE_FIELD, message: M.imageUnreadable },
    ]);
  }
  const stored = `${folder}/${name}-${randomBytes(4).toString('hex')}.${type.ext}`;
  // The store writes it whole, so a reader never sees half a picture.
  await media.put(stored, bytes, type.mime);
  // Copies a picture cannot have (its copies could not be written) leave it with fewer widths: shown whole, as before.
  const prepared = await createImagePreparer({ media, concurrency: 1 }).prepare(stored);
  return { path: stored, image_info: pictureInfoOf(prepared) };
}
