/**
 * A local S3-compatible server for tests (issue 38 §1): s3rver on a free loopback port, keeping its objects in a
 * temporary folder that `close()` removes. Tests point the store at it with `settings(bucket)`, as S3_ENDPOINT,
 * S3_FORCE_PATH_STYLE=1 and s3rver's own keys would.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../src/env';
import { createS3Client } from '../src/storage/open-file-stores';

export interface S3TestServer {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  /** The store's S3 settings for `bucket` (and a private bucket, else the `private/` prefix). */
  settings(bucket: string, privateBucket?: string | null): S3Settings;
  /** Makes an empty bucket. */
  createBucket(name: string): Promise<void>;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  let address;
  try {
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  const settings = (bucket: string, privateBucket: string | null = null): S3Settings => ({
    bucket,
    privateBucket,
    endpoint,
    region: 'ap-southeast-2',
    // s3rver's only account.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  });
  return {
    endpoint,
    settings,
    async createBucket(name) {
      const client = await createS3Client(settings(name));
      try {
        await client.send(new CreateBucketCommand({ Bucket: name }));
      } finally {
        client.destroy();
      }
    },
    async close() {
      try {
        await server.close();
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
  };
}
