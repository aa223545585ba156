import type { EntityManager } from '@mikro-orm/postgresql';
import { log } from '../../logger.ts';
import { referencedMediaUrls } from '../../repositories/media-references.ts';
import { MEDIA_URL_PREFIX, type TMediaStore } from './store.ts';

/**
 * Files younger than this are never collected: an upload stores its files before the transaction that
 * references them commits, and the same content-hashed file may be reused (touched) by a request in
 * flight. Requests time out after 2 minutes, so half an hour is a wide margin.
 */
export const MEDIA_GC_GRACE_MS = 30 * 60 * 1000;

/** Names this pipeline writes: `<32 hex>.<ext>` and the image variants `<32 hex>-<width>.webp`. */
const HASHED_NAME_RE = /^([a-f0-9]{32})(?:-\d+)?\.[a-z0-9]+$/;

/** The content hashes of every media URL still referenced anywhere (archived properties included). */
async function referencedHashes(em: EntityManager): Promise<Set<string>> {
  const hashes = new Set<string>();
  for (const url of await referencedMediaUrls(em, MEDIA_URL_PREFIX)) {
    const m = HASHED_NAME_RE.exec(url.slice(MEDIA_URL_PREFIX.length));
    if (m?.[1]) hashes.add(m[1]);
  }
  return hashes;
}

/**
 * Removes the stored media no property, review or category uses any more, sparing files younger than
 * the grace period and any name this pipeline did not write. Answers the removed names.
 *
 * The references are read before the store is listed, so a file written or touched after the read is
 * young by the time it is listed and is spared.
 */
export async function collectUnusedMedia(
  em: EntityManager,
  store: TMediaStore,
  opts: { graceMs?: number; now?: Date } = {},
): Promise<string[]> {
  const graceMs = opts.graceMs ?? MEDIA_GC_GRACE_MS;
  const referenced = await referencedHashes(em);
  const cutoff = (opts.now ?? new Date()).getTime() - graceMs;
  const removed: string[] = [];
  for (const entry of await store.list()) {
    const hash = HASHED_NAME_RE.exec(entry.name)?.[1];
    if (!hash || referenced.has(hash) || entry.modifiedAt.getTime() > cutoff) continue;
    // A touch may not show in the listing (S3's LastModified), and may have come after it: ask again.
    const lastUsed = await store.lastUsed(entry.name);
    if (!lastUsed || lastUsed.getTime() > cutoff) continue;
    await store.remove(entry.name);
    removed.push(entry.name);
  }
  return removed;
}

/** The collection after an update or a delete: its failure is logged, never the caller's failure. */
export async function collectUnusedMediaQuietly(em: EntityManager, store: TMediaStore): Promise<void> {
  try {
    const removed = await collectUnusedMedia(em, store);
    if (removed.length > 0) log.info('unused media removed', { count: removed.length });
  } catch (err) {
    log.error('media collection failed', { err: String(err) });
  }
}
