import type { Plugin, ResolvedConfig } from 'vite';

/** The engine worker's bundle and the SQLite wasm, by their emitted names. */
const ENGINE_FILES = [/(^|\/)sqlite-engine\.worker-[^/]+\.js$/, /(^|\/)sqlite3-[^/]+\.wasm$/];

/**
 * The worker and the wasm are the longest part of opening the database: index.html asks the
 * browser to fetch both while it parses the page (`rel="prefetch"`), instead of once the app's
 * JS has run. They are hashed assets cached for ever, so the worker, started by database.ts,
 * gets them from the HTTP cache (decision 0006). `rel="preload"` would start them as early,
 * but Chrome warns that a preloaded fetch was not used, since the worker, not the page, uses
 * them.
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
        return ENGINE_FILES.flatMap((pattern) => {
          const file = files.find((name) => pattern.test(name));
          return file === undefined
            ? []
            : [
                {
                  tag: 'link',
                  attrs: { rel: 'prefetch', href: `${base}${file}` },
                  injectTo: 'head' as const,
                },
              ];
        });
      },
    },
  };
}
