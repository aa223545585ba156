import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where media bytes live (DECISIONS 11). A local folder by default; an S3-compatible store can implement
 * the same interface so several server instances share one store.
 */
export interface TMediaEntry {
  name: string;
  /** Last write or touch; the garbage collector spares anything younger than its grace period. */
  modifiedAt: Date;
}

export interface TMediaStore {
  /**
   * Stores bytes under a content-hashed name and answers the public URL (`/media/<name>`). When the name
   * exists already its bytes are the same (content hash), so it is only touched.
   */
  put(name: string, bytes: Buffer): Promise<string>;
  has(name: string): Promise<boolean>;
  /** Marks a file as just used, so a garbage collection running meanwhile spares it. No-op when absent. */
  touch(name: string): Promise<void>;
  list(): Promise<TMediaEntry[]>;
  remove(name: string): Promise<void>;
  /** The local folder that `/media` serves, for the local store. */
  readonly dir: string;
}

export const MEDIA_URL_PREFIX = '/media/';

export function contentHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

export function mediaNameFromUrl(url: string): string | undefined {
  return url.startsWith(MEDIA_URL_PREFIX) ? url.slice(MEDIA_URL_PREFIX.length) : undefined;
}

export function localMediaStore(dir: string): TMediaStore {
  const safe = (name: string) => {
    if (!/^[A-Za-z0-9._-]+$/.test(name) || name.startsWith('.')) throw new Error(`unsafe media name ${name}`);
    return path.join(dir, name);
  };
  const touch = async (name: string) => {
    const now = new Date();
    await fs.utimes(safe(name), now, now).catch(() => undefined);
  };
  return {
    dir,
    async put(name, bytes) {
      const file = safe(name);
      await fs.mkdir(dir, { recursive: true });
      try {
        await fs.access(file);
        await touch(name);
      } catch {
        // Write then rename, so a reader never sees half a file.
        const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
        await fs.writeFile(tmp, bytes);
        await fs.rename(tmp, file);
      }
      return `${MEDIA_URL_PREFIX}${name}`;
    },
    async has(name) {
      try {
        await fs.access(safe(name));
        return true;
      } catch {
        return false;
      }
    },
    touch,
    async list() {
      let names: string[];
      try {
        names = (await fs.readdir(dir)).filter((n) => !n.endsWith('.tmp'));
      } catch {
        return [];
      }
      const entries = await Promise.all(
        names.map(async (name) => {
          const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
          return stat?.isFile() ? { name, modifiedAt: stat.mtime } : undefined;
        }),
      );
      return entries.filter((e) => e !== undefined);
    },
    async remove(name) {
      await fs.rm(safe(name), { force: true });
    },
  };
}
