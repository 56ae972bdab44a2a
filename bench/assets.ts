/**
 * The benchmark's two pages, built with Vite into its own folders (never `dist/`, which the
 * tests share): the real site's production build and the query-level bench page. Also the
 * page's JS/CSS/wasm sizes, raw and gzipped, and what each request weighs served compressed.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { sqliteWorkerPatch } from './legacy/vite-sqlite-worker-plugin.ts';
import { PAGES_FOLDER } from '../src/builder/publish/publish.ts';
import type { Mount } from '../src/builder/serve/serve.ts';
import { pageFileFor } from '../src/builder/publish/version-pages.ts';
import { latestSchema } from '../src/core/site-config.ts';
import { isDatabaseChunk, pathOf, type TrafficEntry } from './traffic.ts';
import { engineAliases, type EngineBuild } from '../vite-engine-switch.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '..');

/**
 * Builds the site for production (the project's vite.config.ts) into `outDir`, and its server
 * entry beside it (`<outDir>/../server`), as `npm run build:site` does: `trawl build --site`
 * pre-renders the pages with it. `engine`: the worker's SQLite (decision 0080).
 */
export async function buildSite(outDir: string, engine: EngineBuild = 'own'): Promise<void> {
  const common = {
    configFile: resolve(REPO_ROOT, 'vite.config.ts'),
    root: resolve(REPO_ROOT, 'src/site'),
    logLevel: 'warn',
  } as const;
  // The project's config picks the engine from TRAWL_ENGINE as it loads, for each build; an alias
  // given here would only add to its own.
  const before = process.env.TRAWL_ENGINE;
  process.env.TRAWL_ENGINE = engine;
  try {
    await build({ ...common, build: { outDir, emptyOutDir: true } });
    await build({
      ...common,
      build: { ssr: true, outDir: join(outDir, '..', 'server'), emptyOutDir: true },
    });
  } finally {
    if (before === undefined) delete process.env.TRAWL_ENGINE;
    else process.env.TRAWL_ENGINE = before;
  }
}

/**
 * Builds bench/page (the query-level page) into `outDir`, with the site's worker patch, its
 * engine's worker built with `engine` (decision 0080).
 */
export async function buildBenchPage(outDir: string, engine: EngineBuild = 'own'): Promise<void> {
  await build({
    configFile: false,
    root: resolve(REPO_ROOT, 'bench/page'),
    resolve: { alias: engineAliases(engine) },
    base: '/',
    logLevel: 'warn',
    plugins: [sqliteWorkerPatch()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
    worker: { format: 'es' },
  });
}

/** Gzip level of a typical host (nginx and most CDNs use 6 or close to it). */
const GZIP_LEVEL = 6;

/** Types a host compresses; images, audio and database chunks go as they are. */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.wasm',
  '.map',
  '.txt',
]);

const gzipCache = new Map<string, number>();

/** Bytes of a file gzipped at a host's usual level (cached per file). */
export function gzipBytes(file: string): number {
  const known = gzipCache.get(file);
  if (known !== undefined) return known;
  const size = gzipSync(readFileSync(file), { level: GZIP_LEVEL }).length;
  gzipCache.set(file, size);
  return size;
}

/** One kind of asset of the built site: raw and gzipped bytes. */
export interface AssetSize {
  kind: 'app-js' | 'worker-js' | 'wasm' | 'css' | 'html';
  files: string[];
  bytes: number;
  gzipBytes: number;
}

function kindOf(name: string): AssetSize['kind'] | null {
  if (name.endsWith('.map')) return null;
  if (name.endsWith('.wasm')) return 'wasm';
  if (name.endsWith('.css')) return 'css';
  // The library's own worker and OPFS proxy are emitted with it but never loaded (decision 0016).
  if (/^sqlite3-(worker1|opfs-async-proxy)-/.test(name)) return null;
  if (name.endsWith('.js')) {
    return /^sqlite(-engine)?\.worker/.test(name) ? 'worker-js' : 'app-js';
  }
  return null;
}

/** The built site's JS (app and worker), wasm, CSS and index.html, raw and gzipped. */
export async function assetSizes(siteDir: string): Promise<AssetSize[]> {
  const sizes = new Map<AssetSize['kind'], AssetSize>();
  const add = (kind: AssetSize['kind'], file: string, name: string): void => {
    const entry = sizes.get(kind) ?? { kind, files: [], bytes: 0, gzipBytes: 0 };
    entry.files.push(name);
    entry.bytes += statSync(file).size;
    entry.gzipBytes += gzipBytes(file);
    sizes.set(kind, entry);
  };
  for (const name of (await readdir(join(siteDir, 'assets'))).sort()) {
    const kind = kindOf(name);
    if (kind) add(kind, join(siteDir, 'assets', name), name);
  }
  add('html', join(siteDir, 'index.html'), 'index.html');
  const order: AssetSize['kind'][] = ['app-js', 'worker-js', 'wasm', 'css', 'html'];
  return order.flatMap((kind) => sizes.get(kind) ?? []);
}

/** The pre-rendered page a `pagesFrom` mount answers `path` with (serve.ts), if any. */
function pageFor(mount: Mount, path: string): string | undefined {
  if (mount.pagesFrom === undefined) return undefined;
  let latest;
  try {
    latest = latestSchema.safeParse(
      JSON.parse(readFileSync(join(mount.pagesFrom, 'latest.json'), 'utf8')),
    );
  } catch {
    return undefined;
  }
  if (!latest.success) return undefined;
  const pages = join(mount.pagesFrom, latest.data.latest, PAGES_FOLDER);
  const page = pageFileFor(`/${path.slice(mount.prefix.length)}`);
  if (page !== undefined && existsSync(join(pages, page))) return join(pages, page);
  // A route without a page (an unknown episode or path) is answered with the 404 page.
  const notFound = join(pages, '404.html');
  return extname(path) === '' && existsSync(notFound) ? notFound : undefined;
}

/** The file a mount list serves for a URL path (its page, or the SPA's index.html for routes). */
export function fileFor(mounts: readonly Mount[], url: string): string | undefined {
  const path = decodeURIComponent(pathOf(url));
  for (const mount of mounts) {
    if (!path.startsWith(mount.prefix)) continue;
    const page = pageFor(mount, path);
    if (page !== undefined) return page;
  }
  for (const mount of mounts) {
    if (!path.startsWith(mount.prefix)) continue;
    const root = resolve(mount.dir);
    const candidate = resolve(join(root, path.slice(mount.prefix.length)));
    if (candidate !== root && !candidate.startsWith(root + sep)) continue;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    const index = join(candidate, 'index.html');
    if (existsSync(index)) return index;
  }
  const spa = mounts.find((mount) => mount.spaFallback && path.startsWith(mount.prefix));
  return spa && extname(path) === '' ? join(resolve(spa.dir), 'index.html') : undefined;
}

/**
 * What a request would weigh from a host that gzips text, JSON and wasm and never the database
 * chunks (they must arrive byte for byte). Computed from the served file; headers not counted.
 */
export function compressedSizer(mounts: readonly Mount[]): (entry: TrafficEntry) => number {
  return (entry) => {
    if (entry.method !== 'GET' || entry.status !== 200 || isDatabaseChunk(entry.path)) {
      return entry.bytes;
    }
    const file = fileFor(mounts, entry.path);
    if (file === undefined || !COMPRESSIBLE.has(extname(file).toLowerCase())) return entry.bytes;
    // Gzip at level 6 whatever the server sent (it may have sent brotli): the budget's
    // figure is the same as before `trawl serve` compressed.
    return gzipBytes(file);
  };
}
