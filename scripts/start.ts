/** `npm start`: builds the client when its sources are newer than the build, then starts the server. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const built = 'dist/client/index.html';
const sourcesChanged =
  !fs.existsSync(built) ||
  Math.max(newestMtime('src/client'), newestMtime('src/shared'), newestMtime('public')) >
    fs.statSync(built).mtimeMs;
if (sourcesChanged) {
  console.log('Building the client…');
  const res = spawnSync('vite', ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
await import('../src/server/main.ts');
