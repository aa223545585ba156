/** A tiny structured logger: one JSON line per event on stderr, silenced by LOG_LEVEL=silent. */
const silent = process.env.LOG_LEVEL === 'silent';

function write(level: string, msg: string, extra?: Record<string, unknown>): void {
  if (silent && level !== 'error') return;
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...extra })}\n`);
}

export const log = {
  info: (msg: string, extra?: Record<string, unknown>) => write('info', msg, extra),
  warn: (msg: string, extra?: Record<string, unknown>) => write('warn', msg, extra),
  error: (msg: string, extra?: Record<string, unknown>) => write('error', msg, extra),
};
