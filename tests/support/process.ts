import { spawnServerIn, spawnWorkerIn, type TServerProcess, type TWorkerProcess } from './server-process.ts';
import { tempDir } from './tmp.ts';

export type { TServerProcess, TWorkerProcess };

/** The real server in its own process, with its data in a folder of this test file's (removed after it). */
export function spawnServer(env: Record<string, string>): Promise<TServerProcess> {
  return spawnServerIn(env, { dataDir: tempDir('proc-') });
}

/** `npm run worker` in its own process; it needs DATABASE_URL in `env`. */
export function spawnWorker(env: Record<string, string>): Promise<TWorkerProcess> {
  return spawnWorkerIn(env, tempDir('worker-'));
}
