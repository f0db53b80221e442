/**
 * The store's two file stores from its configuration (issue 38 §1, decision 0061):
 * - no S3_BUCKET: the local folders, as always: public media in MEDIA_DIR (./data/uploads), customers' files in
 *   PRIVATE_UPLOADS_DIR (./data/private-uploads, made 0700 here as the store starts, issue 43 §5);
 * - S3_BUCKET: public media as objects named by their stored paths in S3_BUCKET; customers' files in
 *   S3_PRIVATE_BUCKET, else under `private/` in S3_BUCKET, a prefix the media store can neither write nor serve.
 */
import { mkdir } from 'node:fs/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { AppConfig, S3Settings } from '../env';
import type { FileStores } from './file-store';
import { createLocalFileStore } from './local-file-store';
import { preparePrivateUploadsDir } from './private-uploads-dir';
import { createS3FileStore } from './s3-file-store';

/** The prefix of customers' files in the media bucket when S3_PRIVATE_BUCKET is unset. */
export const PRIVATE_PREFIX = 'private/';
/** How long browsers and CDNs keep a public media file, s (as /media/ has always answered). */
export const MEDIA_MAX_AGE_S = 86_400;

/** An S3 client for `s3`: its endpoint, region, path style and credentials (else the SDK's default chain). */
export async function createS3Client(s3: S3Settings): Promise<S3Client> {
  // Loaded only for a bucket (a dynamic import of the package itself stays lazy in the bundled server, decision
  // 0024): the SDK would cost a store on its folders about 22 MiB of RSS and 0.45 s of start-up.
  const { S3Client } = await import('@aws-sdk/client-s3');
  return new S3Client({
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
    // The SDK's default CRC checksums on every request are refused by some S3-compatible servers; AWS itself
    // needs them only where an operation requires one.
    ...(s3.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
    // A bucket that does not answer fails the request in seconds rather than holding it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

/**
 * Opens the stores `config` names. The local private folder is made (or set) 0700 first: throws an Error naming
 * PRIVATE_UPLOADS_DIR when it cannot be. A bucket is not contacted here: a bucket that cannot be reached fails the
 * requests that need it (and `npm run media:copy-to-bucket` says so first).
 */
export async function openFileStores(
  config: Pick<AppConfig, 's3' | 'mediaDir' | 'privateUploadsDir'>,
): Promise<FileStores> {
  const s3 = config.s3;
  if (!s3) {
    await preparePrivateUploadsDir(config.privateUploadsDir);
    // The media folder exists from the start, so /media/ serves from it before the first picture is stored.
    await mkdir(config.mediaDir, { recursive: true });
    return {
      media: createLocalFileStore({ root: config.mediaDir }),
      private: createLocalFileStore({ root: config.privateUploadsDir, private: true }),
      close: () => undefined,
    };
  }
  const client = await createS3Client(s3);
  const privateCacheControl = 'private, no-store';
  return {
    media: createS3FileStore({
      client,
      bucket: s3.bucket,
      prefix: '',
      excludedPrefix: s3.privateBucket ? undefined : PRIVATE_PREFIX,
      cacheControl: `public, max-age=${MEDIA_MAX_AGE_S}`,
    }),
    private: s3.privateBucket
      ? createS3FileStore({ client, bucket: s3.privateBucket, prefix: '', cacheControl: privateCacheControl })
      : createS3FileStore({
          client,
          bucket: s3.bucket,
          prefix: PRIVATE_PREFIX,
          cacheControl: privateCacheControl,
        }),
    close: () => client.destroy(),
  };
}
