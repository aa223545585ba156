import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from '../../src/server/services/media/images.ts';
import { localMediaStore } from '../../src/server/services/media/store.ts';
import { startTestServer, type TTestServer } from '../support/server.ts';

let srv: TTestServer;
let mediaUrl: string;

beforeAll(async () => {
  srv = await startTestServer();
  const clientDir = path.join(srv.env.dataDir, 'client');
  fs.mkdirSync(clientDir, { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>t</title>');
  fs.copyFileSync('public/email-logo.png', path.join(clientDir, 'email-logo.png'));
  fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'assets', 'chunk-abc123.js'), 'export const x = 1;\n');
  srv.env.clientDir = clientDir;
  await srv.close();
  srv = await startTestServer({ clientDir, dataDir: srv.env.dataDir, mediaDir: srv.env.mediaDir });
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  mediaUrl = await storeImage(localMediaStore(srv.env.mediaDir), png);
});
afterAll(async () => {
  await srv.close();
});

function expectSecurityHeaders(h: Headers): void {
  const csp = h.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain('tile.openstreetmap.org');
  expect(csp).toContain('nominatim.openstreetmap.org');
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(h.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(h.get('x-powered-by')).toBeNull();
}

describe('security headers on every kind of response', () => {
  it('HTML (the single-page app, including its fallback)', async () => {
    // A listing that does not exist answers 404 with the same page (docs/decisions.md#first-response).
    for (const [p, status] of [
      ['/', 200],
      ['/admin', 200],
      ['/property/1', 404],
    ] as const) {
      const res = await fetch(`${srv.url}${p}`);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toContain('text/html');
      expectSecurityHeaders(res.headers);
    }
  });

  it('JSON, success and error alike', async () => {
    for (const p of ['/api/categories', '/api/properties/abc', '/api/nope', '/trpc/categories.list']) {
      const res = await fetch(`${srv.url}${p}`);
      expect(res.headers.get('content-type')).toContain('application/json');
      expectSecurityHeaders(res.headers);
    }
  });

  it('built scripts: only the headers that act on a subresource, none of the document-only ones', async () => {
    const res = await fetch(`${srv.url}/assets/chunk-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('x-frame-options')).toBeNull();
  });

  it("the emails' logo, which webmail loads from its own origin", async () => {
    const res = await fetch(`${srv.url}/email-logo.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    // Every other file keeps same-origin.
    const other = await fetch(`${srv.url}/assets/chunk-abc123.js`);
    expect(other.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('media, with an immutable cache header and the right type', async () => {
    const res = await fetch(`${srv.url}${mediaUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(res.headers);
    const missing = await fetch(`${srv.url}/media/${'0'.repeat(32)}.jpg`);
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing.headers);
  });
});
