import type { Plugin, ResolvedConfig } from 'vite';
import { ENGINE_FILES_META } from './src/core/early-search.ts';

/** The engine worker's bundle and the SQLite wasm, by their emitted names. */
const ENGINE_FILES = [/(^|\/)sqlite-engine\.worker-[^/]+\.js$/, /(^|\/)sqlite3-[^/]+\.wasm$/];

/**
 * The worker and the wasm are the longest part of opening the database, so they are fetched
 * before the app's JS asks for them, but only when the page will use them (decision 0040):
 * index.html lists them in a `<meta name="trawl-engine">`, and the page's early script
 * (src/core/early-search.ts) prefetches them at the visitor's first interaction, or once the
 * page is parsed when it needs the database at once (decision 0006 prefetched them on every
 * load, which put 475 KB gzipped into every first visit). They are hashed assets cached for
 * ever, so the worker, started by database.ts, gets them from the HTTP cache.
 */
export function enginePrefetch(): Plugin {
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
        const urls = ENGINE_FILES.flatMap((pattern) => {
          const file = files.find((name) => pattern.test(name));
          return file === undefined ? [] : [`${base}${file}`];
        });
        return urls.length === 0
          ? []
          : [
              {
                tag: 'meta',
                attrs: { name: ENGINE_FILES_META, content: urls.join(' ') },
                injectTo: 'head' as const,
              },
            ];
      },
    },
  };
}
