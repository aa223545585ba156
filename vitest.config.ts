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
    // The files of a worker share its process and modules: about half the CPU of a fresh process and
    // module graph per file (bench/RESULTS.md). Each file still gets its own database and server.
    // VITEST_ISOLATE=true gives each file its own process again.
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
