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
// The worker runs Trawl's own SQLite wasm (decisions 0080, 0081); `TRAWL_ENGINE=official` builds
// it with the official build instead, so one process can A/B both sites (bench:start-ab).
const ENGINE = engineFromEnv();
// The worker starts once a pre-rendered page is parsed, the database still opened at the first
// interaction (decision 0081); `TRAWL_ENGINE_START=interaction` waits for the interaction.
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
