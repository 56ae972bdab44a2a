import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Plugin, ResolvedConfig } from 'vite';
import { patchSqliteWorker } from './sqlite-worker-patch.ts';

const WORKER_URL_IMPORT = /[/\\]sql\.js-httpvfs[/\\]dist[/\\]sqlite\.worker\.js\?url$/;
const DEV_PATH = '@trawl/sqlite.worker.js';

/**
 * Serves sql.js-httpvfs's worker patched for the chunk-boundary bug (see
 * docs/decisions/0002-worker-chunk-boundary-patch.md). It takes over
 * `import workerUrl from 'sql.js-httpvfs/dist/sqlite.worker.js?url'`: the build emits the
 * patched worker as a hashed asset, the dev server serves it from memory. A worker that does
 * not have the code the patch expects fails the build.
 */
export function sqliteWorkerPatch(): Plugin {
  let config: ResolvedConfig | undefined;
  let patched: Promise<string> | undefined;
  const patchedSource = (file: string): Promise<string> => {
    patched ??= readFile(file, 'utf8').then((source) => patchSqliteWorker(source, { quiet: true }));
    return patched;
  };
  const workerFile = createRequire(import.meta.url).resolve('sql.js-httpvfs/dist/sqlite.worker.js');

  return {
    name: 'trawl:sqlite-worker-patch',
    enforce: 'pre',
    configResolved(resolved) {
      config = resolved;
    },
    async load(id) {
      if (!WORKER_URL_IMPORT.test(id)) return null;
      const source = await patchedSource(workerFile);
      if (config?.command === 'build') {
        const reference = this.emitFile({ type: 'asset', name: 'sqlite.worker.js', source });
        return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
      }
      return `export default ${JSON.stringify(`${config?.base ?? '/'}${DEV_PATH}`)};`;
    },
    // The worker and the wasm are the longest part of opening the database: have the browser
    // fetch both while it parses index.html, instead of once the app's JS has run. They are
    // hashed assets cached for ever, so the worker (created by database.ts as soon as the app
    // starts) gets them from the HTTP cache.
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (context.bundle === undefined) return [];
        const base = config?.base ?? '/';
        const files = Object.keys(context.bundle);
        const worker = files.find((file) => /(^|\/)sqlite\.worker-[^/]+\.js$/.test(file));
        const wasm = files.find((file) => /(^|\/)sql-wasm-[^/]+\.wasm$/.test(file));
        return [worker, wasm].flatMap((file) =>
          file === undefined
            ? []
            : [
                {
                  tag: 'link',
                  attrs: { rel: 'prefetch', href: `${base}${file}` },
                  injectTo: 'head' as const,
                },
              ],
        );
      },
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        if (!path.endsWith(`/${DEV_PATH}`)) {
          next();
          return;
        }
        patchedSource(workerFile).then(
          (source) => {
            res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
            res.end(source);
          },
          (error: unknown) => next(error),
        );
      });
    },
  };
}
