import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/** Which hops may tell us the caller's address and scheme: a reverse proxy on this machine (README). */
export const TRUST_PROXY = 'loopback';
const trusted = proxyaddr.compile(TRUST_PROXY);

/**
 * The caller's address as Express's `req.ip` works it out under the same `trust proxy` setting, for the
 * requests answered before Express (createApp in app.ts) and the context built for either.
 */
export function clientIp(req: IncomingMessage): string {
  return proxyaddr(req, trusted);
}

/** `http` or `https` as the caller sees us: X-Forwarded-Proto only from a trusted proxy (Express's `req.protocol`). */
export function requestProtocol(req: IncomingMessage): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  if (!trusted(req.socket.remoteAddress ?? '', 0)) return own;
  const header = req.headers['x-forwarded-proto'];
  const value = (Array.isArray(header) ? header[0] : header) ?? own;
  return value.split(',')[0]?.trim() || own;
}

/**
 * Where absolute links point: PUBLIC_URL when set, else the origin the caller reached us on (its Host,
 * with the scheme above). Pages, the sitemap and the iCal export URLs all use it.
 */
export function publicOrigin(req: IncomingMessage | undefined, configured: string | undefined): string {
  if (configured) return configured;
  const host = req?.headers.host;
  return req && host ? `${requestProtocol(req)}://${host}` : '';
}
