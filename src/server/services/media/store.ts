import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where media bytes live (DECISIONS 11). A local folder by default; an S3-compatible store can implement
 * the same interface so several server instances share one store.
 */
export interface TMediaStore {
  /** Stores bytes under a content-hashed name and answers the public URL (`/media/<name>`). */
  put(name: string, bytes: Buffer): Promise<string>;
  has(name: string): Promise<boolean>;
  list(): Promise<string[]>;
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
  return {
    dir,
    async put(name, bytes) {
      const file = safe(name);
      await fs.mkdir(dir, { recursive: true });
      try {
        await fs.access(file);
      } catch {
        // Write then rename, so a reader never sees half a file.
        const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
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
    async list() {
      try {
        return (await fs.readdir(dir)).filter((n) => !n.endsWith('.tmp'));
      } catch {
        return [];
      }
    },
    async remove(name) {
      await fs.rm(safe(name), { force: true });
    },
  };
}
