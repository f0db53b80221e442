/**
 * The S3-compatible bucket store (issue 38 §1, decision 0061), through the AWS SDK v3: AWS S3, Cloudflare R2,
 * MinIO, s3rver and the like. A key is the object's name under the store's `prefix` (`''` for the public media,
 * `private/` for customers' files when they share the media bucket). Objects are written whole with one PutObject
 * (an object is never seen half-written), with their content type and the Cache-Control a CDN in front of the
 * bucket passes on.
 */
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  checkFileKey,
  contentTypeOf,
  FileKeyError,
  type FileStore,
  type StoredFileInfo,
  type StoredFileStream,
} from './file-store';

export interface S3FileStoreOptions {
  client: S3Client;
  bucket: string;
  /** Put before every key: '' or a folder ending in `/`. */
  prefix: string;
  /**
   * Keys this store must never hold (the media store's `private/` when customers' files share its bucket): writing
   * one throws, reading one finds nothing, listing skips them.
   */
  excludedPrefix?: string | undefined;
  /** Cache-Control stored with each object (what the bucket, and a CDN in front of it, answer with). */
  cacheControl: string;
}

/** The SDK's commands; already loaded by then (`createS3Client`), so this costs a resolved promise. */
const sdk = () => import('@aws-sdk/client-s3');

/** Last-Modified is whole seconds: the content may have changed until the end of that second. */
const LAST_MODIFIED_RESOLUTION_MS = 999;

/** True for the SDK's "no such object" answers (HeadObject's bare 404 is `NotFound`, GetObject's `NoSuchKey`). */
function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** A store over `bucket`/`prefix`. Throws FileKeyError for a key that is not one, else the SDK's errors. */
export function createS3FileStore(options: S3FileStoreOptions): FileStore {
  const { client, bucket, prefix, excludedPrefix, cacheControl } = options;
  const excluded = (key: string) => excludedPrefix !== undefined && key.startsWith(excludedPrefix);
  const objectKey = (key: string) => {
    checkFileKey(key);
    return `${prefix}${key}`;
  };

  async function getObject(key: string) {
    if (excluded(key)) {
      checkFileKey(key);
      return null;
    }
    try {
      const { GetObjectCommand } = await sdk();
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    } catch (error) {
      if (error instanceof FileKeyError || !isNotFound(error)) throw error;
      return null;
    }
  }

  return {
    description: `bucket s3://${bucket}/${prefix}`,

    async put(key, bytes, contentType) {
      if (excluded(key)) throw new FileKeyError(key, `${excludedPrefix} is kept for private files`);
      const { PutObjectCommand } = await sdk();
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: contentType ?? contentTypeOf(key),
          CacheControl: cacheControl,
        }),
      );
    },

    async get(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      const bytes = await object.Body.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },

    async stream(key): Promise<StoredFileStream | null> {
      const object = await getObject(key);
      if (!object?.Body) return null;
      return {
        // In Node the SDK's body is the HTTP response, a Readable.
        body: object.Body as Readable,
        size: object.ContentLength ?? 0,
        contentType: object.ContentType ?? contentTypeOf(key),
        etag: object.ETag ?? null,
        modifiedMs: object.LastModified?.getTime() ?? 0,
      };
    },

    async stat(key): Promise<StoredFileInfo | null> {
      if (excluded(key)) {
        checkFileKey(key);
        return null;
      }
      const { HeadObjectCommand } = await sdk();
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        const modifiedMs = head.LastModified?.getTime() ?? 0;
        return {
          size: head.ContentLength ?? 0,
          modifiedMs,
          changedMs: modifiedMs + LAST_MODIFIED_RESOLUTION_MS,
        };
      } catch (error) {
        if (error instanceof FileKeyError || !isNotFound(error)) throw error;
        return null;
      }
    },

    async delete(key) {
      if (excluded(key)) return checkFileKey(key);
      const { DeleteObjectCommand } = await sdk();
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async *list(keyPrefix) {
      const { ListObjectsV2Command } = await sdk();
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${prefix}${keyPrefix}`,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          const key = object.Key.slice(prefix.length);
          // A "folder" marker some tools make (`products/`) is no file.
          if (key === '' || key.endsWith('/') || excluded(key)) continue;
          yield { key, size: object.Size ?? 0 };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
