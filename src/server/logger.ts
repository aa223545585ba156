import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Level, type LevelWithSilent } from 'pino';

const LEVELS: readonly LevelWithSilent[] = ['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/** LOG_LEVEL (default info); anything else is refused at start-up rather than logging nothing. */
export function logLevelFrom(value: string | undefined): LevelWithSilent {
  const level = (value?.trim().toLowerCase() || 'info') as LevelWithSilent;
  if (!LEVELS.includes(level))
    throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, got "${value}"`);
  return level;
}

/**
 * Secret path segments: manage-booking, password-reset and iCal tokens (≥ 128 bits, so ≥ 22 characters of
 * base64url or hex). A log line keeps the route's shape, never the token.
 */
const TOKEN_SEGMENT = /\/[A-Za-z0-9_-]{22,}(?=\.ics|\/|\?|$)/g;
export const redactUrl = (url: string) =>
  url.replace(TOKEN_SEGMENT, '/[token]').replace(/([?&](?:token|code|key)=)[^&]*/gi, '$1[redacted]');

/**
 * One JSON line per event on stderr (pino). Cookies, authorization headers, set-cookie answers and any
 * password or token field are redacted wherever they appear.
 */
export const logger = pino(
  {
    level: logLevelFrom(process.env.LOG_LEVEL),
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-metrics-token"]',
        'res.headers["set-cookie"]',
        'password',
        'token',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.token',
        '*.secret',
      ],
      censor: '[redacted]',
    },
  },
  pino.destination({ fd: 2, sync: true }),
);

type TExtra = Record<string, unknown> | undefined;
const at = (level: Level) => (msg: string, extra?: TExtra) => logger[level](extra ?? {}, msg);

/** The call sites' shape: `log.info('what happened', { details })`. */
export const log = { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };

/** Express rewrites `req.url` under a mount point; `originalUrl` is what the caller asked for. */
const fullUrl = (req: IncomingMessage) =>
  (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

const UNLOGGED = /^\/(healthz|readyz|metrics)\b/;

/**
 * Request logs: one line per answered request with its id, method, redacted URL, status and time, in
 * pino-http's shape (`req`, `res`, `responseTime`). The id is the caller's `X-Request-Id` when it looks
 * like one (a load balancer's), else a new UUID, and is sent back in `X-Request-Id`. Health checks and
 * metric scrapes are not logged.
 *
 * Written on pino directly rather than through pino-http: pino-http builds a child logger per request,
 * serialising and redacting the whole request into its bindings even when the level is off. That was
 * ~70 µs of CPU per request (GET /api/properties/{id}, 2026-11-23); here nothing is built unless the line
 * is written.
 */
export function requestLogger() {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', id);
    if (UNLOGGED.test(req.url ?? '')) return next();
    const started = Date.now();
    // 'close' follows 'finish', and also comes alone when the caller went away first.
    res.once('close', () => {
      const status = res.statusCode;
      const level: Level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const url = redactUrl(fullUrl(req));
      logger[level](
        {
          req: {
            id,
            method: req.method,
            url,
            userAgent: req.headers['user-agent'],
            remoteAddress: req.socket.remoteAddress,
          },
          res: { statusCode: status },
          ...(status >= 500 ? { err: new Error(`failed with status code ${status}`) } : {}),
          responseTime: Date.now() - started,
        },
        `${req.method} ${url} ${status}`,
      );
    });
    next();
  };
}
