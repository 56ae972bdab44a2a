import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { cspMetaPlugin } from './vite-csp-plugin.ts';
import { enginePrefetch } from './vite-engine-prefetch-plugin.ts';

// The site is a static bundle: every path is relative to `base`, so it can be served from a
// sub-path. `trawl bundle --base-path` rebuilds with another base.
// `vite build --ssr` builds the server entry that `trawl build` pre-renders pages with
// (src/site/prerender/render-page.tsx → dist/server/render-page.js); `npm run build:site`
// builds both.
// `TRAWL_ENGINE=own` builds the worker with Trawl's own SQLite wasm (decision 0080) in place of
// the official build, so one process can A/B both sites (bench:start-ab); the official build
// stays the default.
const ENGINE = process.env.TRAWL_ENGINE ?? 'official';
if (ENGINE !== 'official' && ENGINE !== 'own') {
  throw new Error(`TRAWL_ENGINE must be 'official' or 'own', not '${ENGINE}'`);
}
/** Each module the switch replaces, by its import, with its `-own` twin. */
const OWN_ENGINE_MODULES = ['worker-engine', 'engine-wasm-url'].map((name) => ({
  find: new RegExp(`^\\./${name}\\.ts$`),
  replacement: fileURLToPath(new URL(`./src/site/data/${name}-own.ts`, import.meta.url)),
}));

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/site',
  resolve: {
    alias: ENGINE === 'own' ? OWN_ENGINE_MODULES : [],
  },
  base: process.env.TRAWL_BASE_PATH ?? '/',
  publicDir: 'public',
  plugins: [react(), enginePrefetch(), cspMetaPlugin()],
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
