import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { cspMetaPlugin } from './vite-csp-plugin.ts';
import { sqliteWorkerPatch } from './vite-sqlite-worker-plugin.ts';

// The site is a static bundle: every path is relative to `base`, so it can be served from a
// sub-path. `trawl bundle --base-path` rebuilds with another base.
export default defineConfig({
  root: 'src/site',
  base: process.env.TRAWL_BASE_PATH ?? '/',
  publicDir: 'public',
  plugins: [react(), sqliteWorkerPatch(), cspMetaPlugin()],
  build: {
    outDir: '../../dist/site',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
  },
  worker: { format: 'es' },
});
