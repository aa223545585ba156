import { readEnv } from './env.ts';
import { log } from './logger.ts';
import { startServer } from './server.ts';

const env = readEnv();

// A stop asked for while the server starts is kept until the start is done, then carried out with the
// usual shutdown: Node's default for the signal would exit at once and leave the embedded PostgreSQL,
// which runs in its own process group, running.
let stopAsked: NodeJS.Signals | undefined;
const askEarly = (signal: NodeJS.Signals) => {
  stopAsked ??= signal;
};
process.on('SIGTERM', askEarly);
process.on('SIGINT', askEarly);

const server = await startServer(env).catch((err: unknown) => {
  log.error('start-up failed', { err: String(err instanceof Error ? err.message : err) });
  process.exit(1);
});
process.off('SIGTERM', askEarly);
process.off('SIGINT', askEarly);

let stopping = false;
function stop(signal: NodeJS.Signals): void {
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
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stop(signal));

if (stopAsked) {
  stop(stopAsked);
} else {
  const adminLine =
    env.adminPassword === 'admin123'
      ? `Demo admin login: ${env.adminUsername} / ${env.adminPassword}`
      : `Admin login: ${env.adminUsername} (password from ADMIN_PASSWORD)`;
  process.stdout.write(
    `\nStayHub is running at ${server.url}\n${adminLine}\nAPI reference: ${server.url}/api/docs\n\n`,
  );
}
