import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { CSP_CONNECT_ORIGINS, CSP_IMG_ORIGINS } from '#shared/external.ts';
import { AppError } from '../errors.ts';
import { EMAIL_LOGO_PATH } from '../services/email/compose.ts';
import { APP_STARTER_CSP_SOURCE } from './app-starter.ts';
import { COLOR_SCHEME_CSP_SOURCE } from './color-scheme.ts';

/**
 * Helmet's headers, worked out once: they depend on nothing in the request, and helmet's twelve nested
 * middlewares re-derived them on every answer (bench/RESULTS.md, figures from code comments).
 */
export function securityHeaders(isProduction: boolean) {
  const headers = headersSetBy(helmetFor(isProduction));
  const assetHeaders = headers.filter(([name]) => FOR_SUBRESOURCES.has(name.toLowerCase()));
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const set = req.url?.startsWith('/assets/') ? assetHeaders : headers;
    for (const [name, value] of set) res.setHeader(name, value);
    // Webmail shows the emails' logo inside its own pages, another origin: same-origin would block it.
    if (req.url?.split('?')[0] === EMAIL_LOGO_PATH)
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    next();
  };
}

/**
 * What a built script or stylesheet needs of those headers. The rest (CSP, framing, referrer, COOP…) act on
 * documents only, and sent with each small chunk of a first page load they add up to a noticeable delay
 * on a slow phone connection (bench/RESULTS.md).
 */
const FOR_SUBRESOURCES = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
]);

/** Runs a request-independent middleware once against a recording response and answers what it set. */
function headersSetBy(middleware: (req: never, res: never, next: () => void) => void): [string, string][] {
  const set = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => set.set(name, value),
    removeHeader: (name: string) => set.delete(name),
  };
  let done = false;
  middleware({} as never, recorder as never, () => (done = true));
  if (!done) throw new Error('security headers: the middleware did not finish synchronously');
  return [...set];
}

function helmetFor(isProduction: boolean) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // The two inline scripts, each allowed by its hash: the page's colour scheme (color-scheme.ts) and
        // the starter of pages with a server-rendered first screen (app-starter.ts).
        scriptSrc: ["'self'", COLOR_SCHEME_CSP_SOURCE, APP_STARTER_CSP_SOURCE],
        // Mantine and Leaflet set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...CSP_IMG_ORIGINS],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...CSP_CONNECT_ORIGINS],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    strictTransportSecurity: isProduction,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const CROSS_SITE = 'Cross-site requests are not allowed';

/**
 * State-changing calls (docs/decisions.md#sessions): refuse what a browser marks as cross-site, an Origin that is not
 * ours, and bodies that are not JSON (a cross-site form can only send those). Null when the call may go on.
 */
export function unsafeRequestRefusal(req: IncomingMessage): AppError | null {
  if (!UNSAFE_METHODS.has(req.method ?? '')) return null;
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site') return new AppError('FORBIDDEN', CROSS_SITE);
  const origin = req.headers.origin;
  if (origin && origin !== 'null') {
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    if (host !== req.headers.host) return new AppError('FORBIDDEN', CROSS_SITE);
  } else if (origin === 'null') {
    return new AppError('FORBIDDEN', CROSS_SITE);
  }
  const hasBody =
    Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (hasBody && !type.startsWith('application/json')) {
    return new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Request bodies must be JSON (Content-Type: application/json)',
    );
  }
  return null;
}
