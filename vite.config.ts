import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { cspMetaPlugin } from './vite-csp-plugin.ts';
import { enginePrefetch } from './vite-engine-prefetch-plugin.ts';

// The site is a static bundle: every path is relative to `base`, so it can be served from a
// sub-path. `trawl bundle --base-path` rebuilds with another base.
// `vite build --ssr` builds the server entry that `trawl build` pre-renders pages with
// (src/site/prerender/render-page.tsx → dist/server/render-page.js); `npm run build:site`
// builds both.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/site',
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
