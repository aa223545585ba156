import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Level, type LevelWithSilent } from 'pino';
import { pinoHttp } from 'pino-http';

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

/** The request's id (see requestLogger), sent back in `X-Request-Id`. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * Request logs (pino-http): one line per answered request with its id, method, redacted URL, status and
 * time. The id is the caller's `X-Request-Id` when it looks like one (a load balancer's), else a new UUID,
 * and is sent back in `X-Request-Id`. Health checks and metric scrapes are not logged.
 *
 * pino-http binds the request to a child logger on every request, even when nothing is logged. Two
 * options keep that cheap (~10 KiB of garbage a request less, 2026-11-23): the serializers read the raw
 * request and response (`wrapSerializers: false`: pino-std-serializers' full copy with every header is
 * never built), and this logger's redaction has no wildcard path, so the `req` binding is stringified as
 * it is, not by a redactor that clones it and re-parses every path. Its lines need no more: the request
 * serializer emits no header but the user agent, the URL's tokens are already redacted, and the response
 * serializer emits the status only.
 */
export function requestLogger() {
  // At LOG_LEVEL=silent no line can be written, so the child logger would be bound for nothing: the
  // request only gets its id (bench bookings: ~0.03 ms of server CPU a request less, 2026-11-26).
  if (logger.level === 'silent')
    return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
      requestId(req, res);
      next();
    };
  return pinoHttp({
    logger,
    wrapSerializers: false,
    redact: { paths: ['err.password', 'err.token', 'err.secret'], censor: '[redacted]' },
    genReqId: requestId,
    autoLogging: { ignore: (req) => /^\/(healthz|readyz|metrics)\b/.test(req.url ?? '') },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    customSuccessMessage: (req, res) => `${req.method} ${redactUrl(fullUrl(req))} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${redactUrl(fullUrl(req))} ${res.statusCode}`,
    serializers: {
      // Bound when the request arrives (this logger runs first), so `url` is still the URL as sent.
      req: (req: IncomingMessage & { id: unknown }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(fullUrl(req)),
        userAgent: req.headers['user-agent'],
        remoteAddress: req.socket?.remoteAddress,
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
  });
}
