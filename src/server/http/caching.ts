import { hash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

function etagOf(body: string | Buffer): string {
  return `W/"${hash('sha1', body, 'base64url').slice(0, 27)}"`;
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v === etag || v.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });
}

/**
 * Conditional GET for answers a shared cache may keep: a public 200 gets its ETag, and a bodiless 304 when
 * If-None-Match already holds it. Whether an answer is public was decided by its procedure's meta.
 */
export function withEtag(req: IncomingMessage, res: ServerResponse): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    const isPublic = String(res.getHeader('Cache-Control') ?? '').startsWith('public');
    if (
      !isPublic ||
      res.statusCode !== 200 ||
      res.headersSent ||
      !(typeof chunk === 'string' || Buffer.isBuffer(chunk))
    )
      return end(chunk, ...rest);
    const etag = etagOf(chunk);
    res.setHeader('ETag', etag);
    if (!matches(req.headers['if-none-match'], etag)) return end(chunk, ...rest);
    res.statusCode = 304;
    res.removeHeader('Content-Type');
    res.removeHeader('Content-Length');
    return end();
  }) as ServerResponse['end'];
}
