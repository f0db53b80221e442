/**
 * The one interface every file the store keeps goes through (issue 38 §1, decision 0061): product, brand, category
 * and home pictures with their WebP copies, imported and downloaded pictures (the public media store), and
 * customers' return attachments (the private store). Two implementations: a local folder (`local-file-store.ts`,
 * the embedded default) and an S3-compatible bucket (`s3-file-store.ts`); `open-file-stores.ts` picks them from
 * the configuration.
 *
 * A key is a relative path with `/` between segments, as the catalog stores it (`products/pad.jpg`,
 * `products/variants/pad.jpg-320w.webp`, `<uuid>.pdf`): it is the file's path under the folder and the object's
 * name in the bucket alike, so a media folder copied into a bucket keeps every stored path.
 */
import type { Readable } from 'node:stream';

/** What a store knows of one file. */
export interface StoredFileInfo {
  /** Bytes. */
  size: number;
  /**
   * The earliest moment the current content may have been written, ms since the epoch: the file's mtime; an
   * object's Last-Modified (whole seconds).
   */
  modifiedMs: number;
  /**
   * The latest moment the content may have changed, ms: the later of the file's mtime and ctime (ctime moves when
   * a copy that keeps an old mtime replaces it); an object's Last-Modified plus 999 ms, the rest of its second.
   * A file derived from this one is up to date when its `modifiedMs` is not before this (decision 0026).
   */
  changedMs: number;
}

/** One file being read: its bytes as a stream, and what an HTTP answer needs. */
export interface StoredFileStream {
  body: Readable;
  size: number;
  /** As stored (S3), else from the key's extension. */
  contentType: string;
  /** A strong validator of the content (S3's ETag, quoted), when the store has one. */
  etag: string | null;
  modifiedMs: number;
}

/** One file of a listing. */
export interface ListedFile {
  key: string;
  size: number;
}

export interface FileStore {
  /** Where the files are, for logs and command output: `folder /srv/data/uploads`, `bucket s3://shop-media`. */
  readonly description: string;
  /**
   * Stores `bytes` under `key`, replacing what is there; a reader never sees half a file. The content type
   * defaults to the key's extension's (`contentTypeOf`). Throws FileKeyError for a key that is not one, or the
   * storage's error (disk full, bucket refused).
   */
  put(key: string, bytes: Buffer, contentType?: string): Promise<void>;
  /** The whole file, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The file as a stream, opened before it resolves (a file that is gone is null, not a failed stream). */
  stream(key: string): Promise<StoredFileStream | null>;
  /** Size and dates, or null when there is no such file. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /** Removes the file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Every file whose key starts with `prefix` ('' for all), in no promised order. */
  list(prefix: string): AsyncIterable<ListedFile>;
}

/** The store's two stores, decorated on the app as `app.files`. */
export interface FileStores {
  /** Public: served at /media/ (or PUBLIC_MEDIA_URL) to anyone. */
  media: FileStore;
  /** Customers' files: read only through the back office's guarded routes, never served publicly. */
  private: FileStore;
  /** Ends the stores' connections (the S3 client's sockets). */
  close(): void;
}

/** A key that is not a relative path inside the store. */
export class FileKeyError extends Error {
  constructor(key: string, why: string) {
    super(`"${key}" is not a file key: ${why}`);
    this.name = 'FileKeyError';
  }
}

/**
 * Throws FileKeyError unless `key` is a relative path of non-empty segments joined by `/`: no leading `/`, no `.`
 * or `..` segment, no backslash or control character, at most 1,024 bytes (S3's limit). The same rule for both
 * stores, so that nothing written locally is refused by the bucket later, and no key leaves its folder.
 */
export function checkFileKey(key: string): void {
  if (key === '') throw new FileKeyError(key, 'it is empty');
  if (Buffer.byteLength(key) > 1024)
    throw new FileKeyError(key.slice(0, 40), 'it is longer than 1,024 bytes');
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(key))
    throw new FileKeyError(key, 'it has a backslash or control character');
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') {
      throw new FileKeyError(key, 'it has an empty, "." or ".." segment');
    }
  }
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  txt: 'text/plain',
};

/** The content type of a key by its extension (the pictures and attachments the store keeps), else binary. */
export function contentTypeOf(key: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
