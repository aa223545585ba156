import { readEnv } from './env.ts';
import { log } from './logger.ts';
import { startServer } from './server.ts';

const env = readEnv();
const server = await startServer(env).catch((err: unknown) => {
  log.error('start-up failed', { err: String(err instanceof Error ? err.message : err) });
  process.exit(1);
});

const adminLine =
  env.adminPassword === 'admin123'
    ? `Demo admin login: ${env.adminUsername} / ${env.adminPassword}`
    : `Admin login: ${env.adminUsername} (password from ADMIN_PASSWORD)`;
process.stdout.write(
  `\nStayHub is running at ${server.url}\n${adminLine}\nAPI reference: ${server.url}/api/docs\n\n`,
);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // The listener closes synchronously inside close(); logging after it means anyone who reads this line
    // can rely on new connections being refused.
    const closing = server.close();
    log.info('shutting down', { signal });
    closing
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        log.error('shutdown failed', { err: String(err) });
        process.exit(1);
      });
  });
}
