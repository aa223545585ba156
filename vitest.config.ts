import { defineConfig } from 'vitest/config';

// Request logs (info) and refused calls (warn) would drown the report; errors still show.
const env = { LOG_LEVEL: process.env.LOG_LEVEL ?? 'error' };

const dbProject = (name: string, timeout: number) => ({
  test: {
    name,
    include: [`tests/${name}/**/*.test.ts`],
    environment: 'node',
    env,
    setupFiles: ['tests/setup/console.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: timeout,
    hookTimeout: 60_000,
    // Two cores: files run in parallel on their own databases, but not more than the machine can take.
    maxWorkers: 2,
    // Files of one worker share its loaded modules instead of importing the server again for each file:
    // half the CPU of these suites. Each file has its own database and server, so no state is shared
    // through them; VITEST_ISOLATE=true brings back one fresh module graph per file to hunt a leak.
    isolate: process.env.VITEST_ISOLATE === 'true',
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          env,
          setupFiles: ['tests/setup/console.ts'],
        },
      },
      dbProject('integration', 30_000),
      dbProject('api', 60_000),
    ],
  },
});
