import path from 'node:path';
import type { TEnv } from '../../env.ts';
import { s3MediaStore } from './s3-store.ts';
import { localMediaStore, type TMediaStore } from './store.ts';

/**
 * Where private files live (guests' ID photos, docs/privacy.md): a folder beside the data, never under
 * MEDIA_DIR, or the `private/` prefix of the S3 bucket. `/media` cannot reach either: it serves only the
 * public store, and its names cannot hold a `/`. The public store's collector never lists them either.
 */
const stores = new WeakMap<object, TMediaStore>();

export function privateMediaStore(env: Pick<TEnv, 's3' | 'dataDir'>): TMediaStore {
  let store = stores.get(env);
  if (!store) {
    store = env.s3
      ? s3MediaStore({ ...env.s3, prefix: `${env.s3.prefix}private/` })
      : localMediaStore(path.join(env.dataDir, 'private-media'));
    stores.set(env, store);
  }
  return store;
}
