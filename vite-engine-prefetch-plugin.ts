import type { Plugin, ResolvedConfig } from 'vite';
import { ENGINE_START_ATTRIBUTE, ENGINE_WORKER_META } from './src/core/early-search.ts';

/** The engine worker's bundle and the SQLite wasm, by their emitted names (the worker first). */
const ENGINE_FILES = [/(^|\/)sqlite-engine\.worker-[^/]+\.js$/, /(^|\/)sqlite3-[^/]+\.wasm$/];

/**
 * The worker and its wasm are the longest part of opening the database, so the worker starts
 * before the app's JS asks for it, but only when the page will use it (decisions 0040, 0054):
 * index.html names the worker and the wasm in a `<meta name="trawl-engine">`, and the page's
 * early script (src/core/early-search.ts) prefetches both and starts the worker at the
 * visitor's first interaction, or once the page is parsed when it needs the database at once. Decision 0006 prefetched the worker and the wasm
 * on every load, which put 475 KB gzipped into every first visit.
 */
export function enginePrefetch(options: { startAtParse?: boolean } = {}): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'trawl:engine-prefetch',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (context.bundle === undefined) return [];
        const base = config?.base ?? '/';
        const files = Object.keys(context.bundle);
        const urls = ENGINE_FILES.map((pattern) => files.find((name) => pattern.test(name)));
        // Both or nothing: the early script takes the first for the worker.
        if (urls.some((file) => file === undefined)) return [];
        return [
          {
            tag: 'meta',
            attrs: {
              name: ENGINE_WORKER_META,
              content: urls.map((file) => `${base}${file}`).join(' '),
              // The worker at the parse, the database at the interaction (decision 0080).
              ...(options.startAtParse === true ? { [ENGINE_START_ATTRIBUTE]: 'parse' } : {}),
            },
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}
