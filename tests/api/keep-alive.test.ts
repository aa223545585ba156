import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TTestServer } from '../support/server.ts';

/**
 * An idle keep-alive connection outlives a client's pause between two calls: a server that closed it
 * after Node's default 5 s raced clients that reused it, which then saw ECONNRESET
 * (docs/resilience.md#http-keep-alive).
 */
let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

it('keeps an idle connection open across a pause of several seconds, and says for how long', async () => {
  const { port } = new URL(server.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  let closed = false;
  socket.on('data', (b: Buffer) => (received += b.toString('latin1')));
  socket.on('close', () => (closed = true));
  const ask = async () => {
    const before = received.length;
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    await expect.poll(() => received.slice(before), { timeout: 5_000 }).toMatch(/\r\n\r\n\{.*\}$/s);
    return received.slice(before);
  };
  expect(await ask()).toMatch(/^HTTP\/1\.1 200.*\r\nKeep-Alive: timeout=65\r\n/is);
  await new Promise((r) => setTimeout(r, 6_000));
  expect(closed).toBe(false);
  expect(await ask()).toMatch(/^HTTP\/1\.1 200/);
  socket.destroy();
}, 20_000);
