import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { FEED_URL_HTTP } from '#shared/messages.ts';
import { isSpecialAddress } from './special-addresses.ts';

/** A feed that could not be read: its message is stored as the feed's last error. */
export class FeedError extends Error {
  override name = 'FeedError';
}

export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;

/** Never fetched (SSRF): private, local and every other special-purpose address (special-addresses.ts). */
export const isBlockedAddress = isSpecialAddress;

const PRIVATE_HOST = 'The feed URL points to a private or local address';

/**
 * DNS lookup that refuses blocked addresses. It runs for the very connection being made, so a name
 * that resolves to a public address when checked and a private one when connecting cannot slip through.
 */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses;
      if (!allowPrivate && list.some((a) => isBlockedAddress(a.address)))
        return callback(new FeedError(PRIVATE_HOST), '', 0);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new FeedError(`Could not resolve ${hostname}`), '', 0);
      return callback(null, first.address, first.family);
    });
  };
}

/** Only http and https, and no private host unless allowed: checked on add and on every fetch. */
export function checkFeedUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FeedError(FEED_URL_HTTP);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedError(FEED_URL_HTTP);
  if (url.username || url.password) throw new FeedError('Feed URL must not carry a user name or password');
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase();
  if (
    !allowPrivate &&
    (net.isIP(host) ? isBlockedAddress(host) : host === 'localhost' || host.endsWith('.localhost'))
  )
    throw new FeedError(PRIVATE_HOST);
  return url;
}

export type TFetchResult =
  | { status: 'not-modified' }
  | { status: 'ok'; body: string; etag: string | null; lastModified: string | null };

interface TFetchOptions {
  etag: string | null;
  lastModified: string | null;
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

function once(url: URL, opts: TFetchOptions, deadline: number): Promise<{ redirect: string } | TFetchResult> {
  const maxBytes = opts.maxBytes ?? FEED_MAX_BYTES;
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = {
      accept: 'text/calendar, */*;q=0.5',
      'user-agent': 'StayHub-Calendar/1.0',
    };
    if (opts.etag) headers['if-none-match'] = opts.etag;
    if (opts.lastModified) headers['if-modified-since'] = opts.lastModified;
    const remaining = Math.max(1, deadline - Date.now());
    const req = client.get(
      url,
      { headers, lookup: guardedLookup(opts.allowPrivate), timeout: remaining },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && status !== 304 && res.headers.location) {
          res.resume();
          resolve({ redirect: new URL(res.headers.location, url).toString() });
          return;
        }
        if (status === 304) {
          res.resume();
          resolve({ status: 'not-modified' });
          return;
        }
        if (status !== 200) {
          res.resume();
          reject(new FeedError(`The feed answered HTTP ${status}`));
          return;
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          res.destroy();
          reject(new FeedError('The feed is larger than 2 MB'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(new FeedError('The feed is larger than 2 MB'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          const etag = res.headers.etag ?? null;
          const lastModified = res.headers['last-modified'] ?? null;
          resolve({ status: 'ok', body: Buffer.concat(chunks).toString('utf8'), etag, lastModified });
        });
        res.on('error', reject);
      },
    );
    const timer = setTimeout(
      () => req.destroy(new FeedError(`The feed did not answer within ${FEED_TIMEOUT_MS / 1000} s`)),
      remaining,
    );
    req.on('timeout', () =>
      req.destroy(new FeedError(`The feed did not answer within ${FEED_TIMEOUT_MS / 1000} s`)),
    );
    req.on('error', (err) =>
      reject(err instanceof FeedError ? err : new FeedError(`Could not fetch the feed: ${err.message}`)),
    );
    req.on('close', () => clearTimeout(timer));
  });
}

/**
 * GETs a feed under the import's limits (docs/features.md#operator-calendar): http/https only, no private hosts, conditional on its
 * ETag and Last-Modified, 10 s in all (redirects included), at most 2 MB.
 */
export async function fetchFeed(raw: string, opts: TFetchOptions): Promise<TFetchResult> {
  const deadline = Date.now() + (opts.timeoutMs ?? FEED_TIMEOUT_MS);
  let url = checkFeedUrl(raw, opts.allowPrivate);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const result = await once(url, opts, deadline);
    if (!('redirect' in result)) return result;
    url = checkFeedUrl(result.redirect, opts.allowPrivate);
  }
  throw new FeedError('The feed redirected too many times');
}
