import zlib from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import vary from 'vary';
import type { NextFunction, Request, Response } from 'express';

/** Any encoding `compression` could use; without one it would only ever answer identity. */
const ENCODABLE = /\b(br|gzip|deflate)\b|\*/;

/**
 * Brotli (quality 4: fast enough per request) or gzip for HTML and JSON answers over 1 KiB. A caller that
 * accepts no encoding (API clients, health checkers) skips the middleware, which would otherwise wrap every
 * answer's write, end and headers only to send it as it is (~40 µs of CPU per request, 2026-11-23); the
 * answer still says it varies by Accept-Encoding.
 */
export function dynamicCompression() {
  const compress = compression({
    threshold: 1024,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    filter: (req, res) => {
      const type = String(res.getHeader('Content-Type') ?? '');
      return (
        /^(text\/html|application\/json|application\/xml|text\/plain)/.test(type) &&
        compression.filter(req, res)
      );
    },
  });
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (ENCODABLE.test(req.headers['accept-encoding'] ?? '')) {
      // Connect middleware: it reads Node's request and answer only; its types name Express's.
      compress(req as Request, res as Response, next);
      return;
    }
    vary(res, 'Accept-Encoding');
    next();
  };
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.html': 'text/html; charset=utf-8',
};

/**
 * Serves the `.br` / `.gz` siblings that `vite build` wrote beside each text asset, when the browser accepts
 * them: compressed once at build time at the highest level, never per request.
 */
export function precompressedStatic(root: string) {
  const base = path.resolve(root);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const type = TYPES[path.extname(req.path)];
    if (!type) return next();
    const accept = String(req.headers['accept-encoding'] ?? '');
    const file = path.join(base, decodeURIComponent(req.path));
    if (!file.startsWith(base + path.sep)) return next();
    const choice = /\bbr\b/.test(accept)
      ? ['br', '.br']
      : /\bgzip\b/.test(accept)
        ? ['gzip', '.gz']
        : undefined;
    res.vary('Accept-Encoding');
    if (!choice || !fs.existsSync(file + choice[1])) return next();
    res.setHeader('Content-Encoding', choice[0] ?? '');
    res.type(type);
    // Relative to `root`, so a client folder under a dot-named parent (bench/.work) is still served.
    res.sendFile(path.relative(base, file) + choice[1], {
      root: base,
      immutable: true,
      maxAge: '365d',
      headers: { 'Content-Type': type },
    });
  };
}
