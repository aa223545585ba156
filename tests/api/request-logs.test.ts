import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logger, requestLogger } from '../../src/server/logger.ts';
import { createTestDatabase, type TTestDb } from '../support/db.ts';
import { spawnServer, type TServerProcess } from '../support/process.ts';

let db: TTestDb;
let server: TServerProcess;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await spawnServer({ DATABASE_URL: db.url, LOG_LEVEL: 'info' });
});
afterAll(async () => {
  await server.kill();
  await db.drop();
});

/** The JSON log lines the server wrote for requests whose id is `id`. */
const linesFor = (id: string) =>
  server
    .stderr()
    .split('\n')
    .filter((l) => l.includes(id))
    .map((l) => JSON.parse(l) as Record<string, unknown> & { req?: Record<string, unknown> });

describe('request logs (pino-http)', () => {
  it('one JSON line per request with its id, method, URL and status; cookies and tokens never appear', async () => {
    const secretCookie = 'stayhub_session=do-not-log-this-session-token';
    const res = await fetch(`${server.url}/api/categories`, {
      headers: {
        cookie: secretCookie,
        authorization: 'Bearer do-not-log-this',
        'x-request-id': 'lb-req-0001',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('lb-req-0001');
    const token = 'Qm9va2luZ1Rva2VuMTIzNDU2Nzg5MA';
    const manage = await fetch(`${server.url}/api/manage/${token}`, {
      headers: { 'x-request-id': 'lb-req-0002' },
    });
    expect(manage.status).toBe(404);

    await server.logged(/lb-req-0002/);
    const [line] = linesFor('lb-req-0001');
    expect(line).toMatchObject({
      level: 'info',
      msg: 'GET /api/categories 200',
      req: { id: 'lb-req-0001', method: 'GET', url: '/api/categories' },
      res: { statusCode: 200 },
    });
    expect(line?.responseTime).toEqual(expect.any(Number));
    const [refused] = linesFor('lb-req-0002');
    expect(refused).toMatchObject({ level: 'warn', req: { url: '/api/manage/[token]' } });
    expect(server.stderr()).not.toContain('do-not-log-this');
    expect(server.stderr()).not.toContain(token);
  });

  it('makes up an id when the caller sends none (or a malformed one)', async () => {
    const a = await fetch(`${server.url}/api/config`);
    const b = await fetch(`${server.url}/api/config`, { headers: { 'x-request-id': 'bad id with spaces' } });
    for (const r of [a, b]) expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });
});

describe('request ids at LOG_LEVEL=silent (no request logger bound)', () => {
  it('still echoes a valid id and makes one up otherwise', async () => {
    const level = logger.level;
    logger.level = 'silent';
    const step = requestLogger();
    logger.level = level;
    const app = http.createServer((req, res) => step(req, res, () => res.end('ok')));
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(app.address() as AddressInfo).port}/`;
    try {
      const given = await fetch(url, { headers: { 'x-request-id': 'lb-req-0003' } });
      const bad = await fetch(url, { headers: { 'x-request-id': 'bad id with spaces' } });
      expect(given.headers.get('x-request-id')).toBe('lb-req-0003');
      expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await new Promise((resolve) => app.close(resolve));
    }
  });
});
