import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientIp, publicOrigin, requestProtocol } from '../../src/server/http/client-address.ts';

const request = (remoteAddress: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress }, connection: { remoteAddress }, headers }) as unknown as IncomingMessage;

describe('the caller as a trusted proxy on loopback tells it (Express `trust proxy` "loopback")', () => {
  it('takes X-Forwarded-For and X-Forwarded-Proto from a proxy on loopback', () => {
    const req = request('127.0.0.1', {
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-proto': 'https, http',
    });
    expect(clientIp(req)).toBe('203.0.113.9');
    expect(requestProtocol(req)).toBe('https');
  });

  it('ignores them from anyone else', () => {
    const req = request('198.51.100.7', { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' });
    expect(clientIp(req)).toBe('198.51.100.7');
    expect(requestProtocol(req)).toBe('http');
  });

  it('builds links on PUBLIC_URL when set, else on the Host the caller reached', () => {
    const req = request('127.0.0.1', { host: 'stay.example:8080', 'x-forwarded-proto': 'https' });
    expect(publicOrigin(req, 'https://stayhub.example')).toBe('https://stayhub.example');
    expect(publicOrigin(req, undefined)).toBe('https://stay.example:8080');
    expect(publicOrigin(undefined, undefined)).toBe('');
  });
});
