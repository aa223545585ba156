import type { TEnv } from '../../env.ts';
import { s3MediaStore } from './s3-store.ts';
import { localMediaStore, type TMediaStore } from './store.ts';

/** The S3-compatible bucket when S3_BUCKET is set, else the local folder (the default). */
export function mediaStoreFromEnv(env: Pick<TEnv, 's3' | 'mediaDir'>): TMediaStore {
  return env.s3 ? s3MediaStore(env.s3) : localMediaStore(env.mediaDir);
}
