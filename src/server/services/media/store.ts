import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import fsSync from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where media bytes live (docs/decisions.md#media): a local folder by default, or an S3-compatible bucket
 * (`s3-store.ts`) that several server instances share. `/media` serves either through `open`.
 */
export interface TMediaEntry {
  name: string;
  /** Last write (or touch, where the store's listing shows it); the collector spares anything younger. */
  modifiedAt: Date;
}

/** One byte range of a file, as a `Range: bytes=…` header asks: `start-end`, `start-` or the last `suffix` bytes. */
export type TByteRange = { start: number; end?: number } | { suffix: number };

export interface TMediaObject {
  body: Readable;
  /** The whole file's size. */
  size: number;
  /** The bytes `body` carries, inclusive; the whole file unless a range was asked for. */
  start: number;
  end: number;
  contentType: string;
}

/** Thrown by `open` when a range lies outside the file (HTTP 416). */
export class RangeNotSatisfiableError extends Error {
  readonly size: number | undefined;
  constructor(size: number | undefined) {
    super('range not satisfiable');
    this.size = size;
  }
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
  /** When the file was last written or touched; undefined when it is gone. Read again just before removal. */
  lastUsed(name: string): Promise<Date | undefined>;
  remove(name: string): Promise<void>;
  /** The file's bytes (or one range of them) to serve; undefined when there is no such file. */
  open(name: string, range?: TByteRange): Promise<TMediaObject | undefined>;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  heic: 'image/heic',
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  ogv: 'video/ogg',
};

/** The type `/media` answers for a stored name, from the extension the upload pipeline gave it. */
export function mediaContentType(name: string): string {
  return CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** Names the stores accept: no path separators, no hidden files. */
export function isSafeMediaName(name: string): boolean {
  return /^[A-Za-z0-9._-]+$/.test(name) && !name.startsWith('.');
}

/** The inclusive bounds of `range` in a file of `size` bytes; throws when they fall outside it. */
export function resolveRange(range: TByteRange | undefined, size: number): { start: number; end: number } {
  if (!range) return { start: 0, end: Math.max(size - 1, 0) };
  if ('suffix' in range) {
    if (range.suffix === 0 || size === 0) throw new RangeNotSatisfiableError(size);
    return { start: Math.max(size - range.suffix, 0), end: size - 1 };
  }
  if (range.start >= size) throw new RangeNotSatisfiableError(size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
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
    if (!isSafeMediaName(name)) throw new Error(`unsafe media name ${name}`);
    return path.join(dir, name);
  };
  const touch = async (name: string) => {
    const now = new Date();
    await fs.utimes(safe(name), now, now).catch(() => undefined);
  };
  return {
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
    async lastUsed(name) {
      const stat = await fs.stat(safe(name)).catch(() => undefined);
      return stat?.mtime;
    },
    async remove(name) {
      await fs.rm(safe(name), { force: true });
    },
    async open(name, range) {
      const file = safe(name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      const { start, end } = resolveRange(range, stat.size);
      const body = fsSync.createReadStream(file, { start, end });
      return { body, size: stat.size, start, end, contentType: mediaContentType(name) };
    },
  };
}
