import { pipeline } from 'node:stream/promises';
import type { NextFunction, Request, Response } from 'express';
import { log } from '../logger.ts';
import {
  isSafeMediaName,
  RangeNotSatisfiableError,
  type TByteRange,
  type TMediaStore,
} from '../services/media/store.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** One `bytes=` range (a video seeks with one); several ranges are answered with the whole file, as RFC 9110 allows. */
export function parseRange(header: string | undefined): TByteRange | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m) return undefined;
  const [, from = '', to = ''] = m;
  if (from === '' && to === '') return undefined;
  if (from === '') return { suffix: Number(to) };
  const start = Number(from);
  const end = to === '' ? undefined : Number(to);
  if (end !== undefined && end < start) return undefined;
  return { start, end };
}

const notFound = (res: Response) => res.status(404).json({ message: 'Not found', code: 'NOT_FOUND' });

/**
 * `/media/<name>` from whichever store holds the files (a local folder or an S3-compatible bucket), so
 * URLs stay the same whatever the store and every instance serves every file. Names are content hashes:
 * the name itself is a strong ETag, and the answer may be cached for a year.
 */
export function mediaHandler(store: TMediaStore) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.replace(/^\//, '');
    if (!isSafeMediaName(name)) {
      notFound(res);
      return;
    }
    const etag = `"${name}"`;
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('ETag', etag);
    res.setHeader('Accept-Ranges', 'bytes');
    if (
      req.headers['if-none-match']?.split(/\s*,\s*/).some((t) => t === etag || t === `W/${etag}` || t === '*')
    ) {
      // Only when the file still exists: a 304 for a removed file would hide its removal.
      if (await store.has(name)) {
        res.status(304).end();
        return;
      }
    }
    const range = parseRange(req.headers.range);
    let file;
    try {
      file = await store.open(name, range);
    } catch (err) {
      if (err instanceof RangeNotSatisfiableError) {
        if (err.size !== undefined) res.setHeader('Content-Range', `bytes */${err.size}`);
        res.status(416).end();
        return;
      }
      throw err;
    }
    if (!file) {
      res.removeHeader('Cache-Control');
      res.removeHeader('ETag');
      notFound(res);
      return;
    }
    res.setHeader('Content-Type', file.contentType);
    const length = file.size === 0 ? 0 : file.end - file.start + 1;
    res.setHeader('Content-Length', String(length));
    if (range) {
      res.status(206);
      res.setHeader('Content-Range', `bytes ${file.start}-${file.end}/${file.size}`);
    }
    if (req.method === 'HEAD') {
      file.body.destroy();
      res.end();
      return;
    }
    try {
      await pipeline(file.body, res);
    } catch (err) {
      // A client that goes away mid-download is not an error worth more than a line.
      if (!res.writableEnded) log.warn('media stream ended early', { name, err: String(err) });
    }
  };
}
