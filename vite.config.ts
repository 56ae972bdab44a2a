import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { cspMetaPlugin } from './vite-csp-plugin.ts';
import { enginePrefetch } from './vite-engine-prefetch-plugin.ts';
import { engineAliases, engineFromEnv, engineStartFromEnv } from './vite-engine-switch.ts';

// The site is a static bundle: every path is relative to `base`, so it can be served from a
// sub-path. `trawl bundle --base-path` rebuilds with another base.
// `vite build --ssr` builds the server entry that `trawl build` pre-renders pages with
// (src/site/prerender/render-page.tsx → dist/server/render-page.js); `npm run build:site`
// builds both.
// `TRAWL_ENGINE=own` builds the worker with Trawl's own SQLite wasm (decision 0080) in place of
// the official build, so one process can A/B both sites (bench:start-ab); the official build
// stays the default.
const ENGINE = engineFromEnv();
// `TRAWL_ENGINE_START=parse` starts the worker once a pre-rendered page is parsed, the database
// still opened at the first interaction (decision 0080).
const ENGINE_START = engineStartFromEnv();

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/site',
  resolve: {
    alias: engineAliases(ENGINE),
  },
  base: process.env.TRAWL_BASE_PATH ?? '/',
  publicDir: 'public',
  plugins: [react(), enginePrefetch({ startAtParse: ENGINE_START === 'parse' }), cspMetaPlugin()],
  build: isSsrBuild
    ? {
        outDir: '../../dist/server',
        emptyOutDir: true,
        target: 'node20',
        copyPublicDir: false,
        rollupOptions: { input: 'src/site/prerender/render-page.tsx' },
      }
    : {
        outDir: '../../dist/site',
        emptyOutDir: true,
        target: 'es2022',
        sourcemap: true,
      },
  worker: { format: 'es' },
}));
