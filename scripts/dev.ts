/** `npm run dev`: the API server on :3001 and Vite's dev server on :3000 proxying to it. */
import { spawn } from 'node:child_process';

const api = spawn('node', ['--watch-path=src/server', '--watch-path=src/shared', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: process.env.API_PORT ?? '3001' },
});
const vite = spawn('vite', [], { stdio: 'inherit' });
const stop = () => {
  api.kill('SIGTERM');
  vite.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', stop);
vite.on('exit', stop);
