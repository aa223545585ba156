import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';

export default defineConfig({
  root: here('./src/client'),
  publicDir: here('./public'),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('./src/client/routes'),
      generatedRouteTree: here('./src/client/routeTree.gen.ts'),
      quoteStyle: 'single',
      // NodeNext resolution (tsconfig) needs the extensions, or every route type in the tree is unresolved.
      addExtensions: true,
    }),
    react(),
  ],
  build: {
    // CLIENT_OUT_DIR lets parallel builds (and their e2e servers) keep separate outputs.
    outDir: process.env.CLIENT_OUT_DIR ? path.resolve(process.env.CLIENT_OUT_DIR) : here('./dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    // The benchmark reads it to report JavaScript per route.
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 3000,
    proxy: { '/api': apiTarget, '/trpc': apiTarget, '/media': apiTarget },
  },
});
