import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';

/** Writes `.br` and `.gz` beside each text asset once per build; the server sends them as they are. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'stayhub-precompress',
    apply: 'build',
    // The server's bundle is read from disk by the server, never sent.
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const full = path.join(dir, e.name);
          return e.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|html)$/.test(file)) continue;
        const bytes = fs.readFileSync(file);
        if (bytes.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

// CLIENT_OUT_DIR lets parallel builds (and their e2e servers) keep separate outputs.
const clientOutDir = process.env.CLIENT_OUT_DIR
  ? path.resolve(process.env.CLIENT_OUT_DIR)
  : here('./dist/client');

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
    precompress(),
  ],
  build: {
    outDir: clientOutDir,
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
  // `vite build` builds both: the browser's app, then the server's entry into it, whose markup is each
  // page's first screen (docs/decisions.md#first-response). In that order: the client's build empties
  // the folder the server's bundle goes into.
  builder: {
    buildApp: async (builder) => {
      for (const name of ['client', 'ssr']) {
        const environment = builder.environments[name];
        if (!environment) throw new Error(`vite.config.ts: no ${name} environment to build`);
        await builder.build(environment);
      }
    },
  },
  environments: {
    ssr: {
      // Every dependency inside the bundle: it lives in the client's folder (CLIENT_DIR), which has no
      // node_modules of its own to resolve from. Inside a dot-named folder, which the static files
      // middleware never serves.
      resolve: { noExternal: true },
      // React's production build, as the browser's: the development one checks and warns on every render.
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: path.join(clientOutDir, '.ssr'),
        copyPublicDir: false,
        emptyOutDir: true,
        // The entry's name changes with its content, and the manifest names it: a rebuild is a new module
        // to the running server, which imports it afresh (its chunks import the entry by that name too).
        manifest: true,
        rolldownOptions: {
          input: here('./src/client/first-screen/server-entry.tsx'),
          output: { entryFileNames: 'assets/[name]-[hash].js' },
        },
      },
    },
    client: {
      build: {
        // The benchmark reads it to report JavaScript per route; the server, each route's code and styles.
        manifest: true,
        rolldownOptions: {
          output: {
            // Seven hash characters, not eight (the fewest rolldown accepts for this many chunks): the entry
            // names every chunk a lazy route may need (its preload map), so each name is bytes of the first
            // screen's JavaScript. 42 bits still tell one build's file from the next.
            chunkFileNames: 'assets/[name]-[hash:7].js',
            assetFileNames: 'assets/[name]-[hash:7][extname]',
            // V8's explicit compile hint on the chunks every first screen evaluates at once: their functions
            // are compiled on a background thread while the file streams in, instead of on the main thread
            // when first called (React DOM's whole body is one function, called as its chunk evaluates).
            // After minification, which would drop the comment.
            postBanner: (chunk) =>
              /^(react|mantine|libs|first-screen)$/.test(chunk.name) ? '//# allFunctionsCalledOnLoad' : '',
            // Everything the entry imports statically goes into four chunks, evaluated in that order, a task
            // each (src/client/boot): React DOM, Mantine, the libraries, then the app's own code. Left to
            // itself, rolldown split it into ~45 small shared chunks (each also used by some lazy route): on
            // a phone's 150 ms round trip over HTTP/1.1's six connections, that was about a second of queued
            // requests before the app could start, and ~15 KiB more gzip than one file. Each stage's module
            // goes with its chunk, so its top-level await ends that chunk's evaluation.
            codeSplitting: {
              groups: [
                {
                  name: 'react',
                  tags: ['$initial'],
                  test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]boot[\\/](after-react|next-task)\.ts$/,
                  priority: 4,
                },
                {
                  name: 'mantine',
                  tags: ['$initial'],
                  test: /node_modules[\\/]@mantine[\\/]|[\\/]boot[\\/]after-mantine\.ts$/,
                  priority: 3,
                },
                {
                  name: 'libs',
                  tags: ['$initial'],
                  test: /node_modules[\\/]|[\\/]boot[\\/]after-libs\.ts$/,
                  priority: 2,
                },
                // The entry module itself stays in the entry chunk, which index.html loads.
                {
                  name: 'first-screen',
                  tags: ['$initial'],
                  test: (id) => !/[\\/]src[\\/]client[\\/](main\.tsx|index\.html)/.test(id),
                  priority: 1,
                },
                // Popovers' positioning code on its own: left to itself, rolldown put it in one chunk with
                // Mantine's tiny DirectionProvider, so every page using the latter (a property's rating)
                // loaded 15 KiB of floating-ui with it.
                { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/ },
                // The back office's zod-free words (docs/decisions.md, "A first render builds no schemas"):
                // one small chunk, not one each, since every chunk a lazy route needs is named in the entry.
                {
                  name: 'admin-terms',
                  test: /[\\/]src[\\/]shared[\\/]schemas[\\/](task-labels|message-limits|report-terms)\.ts$/,
                },
              ],
            },
          },
        },
      },
    },
  },
  server: {
    port: 3000,
    proxy: { '/api': apiTarget, '/trpc': apiTarget, '/media': apiTarget },
  },
});
