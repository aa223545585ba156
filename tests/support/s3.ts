import S3rver from 's3rver';
import type { TS3Config } from '../../src/server/services/media/s3-store.ts';
import { tempDir } from './tmp.ts';

export interface TS3Server {
  config: TS3Config;
  /** The same store as environment variables, for a server in its own process. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver: the S3 REST protocol over HTTP, files on disk) with one empty bucket. */
export async function startS3Server(bucket = 'stayhub-media', prefix = 'media/'): Promise<TS3Server> {
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: tempDir('s3-'),
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts its own well-known key pair.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    config: { bucket, endpoint, region: 'us-east-1', credentials, prefix, forcePathStyle: true },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_PREFIX: prefix,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    close: () => server.close(),
  };
}
