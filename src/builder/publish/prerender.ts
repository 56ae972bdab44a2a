/**
 * Pre-rendered pages: `trawl build` renders `/`, the list's other pages (`/page/<n>`), every
 * `/episodes/<n>` and the 404 page with
 * the site's own components (the server entry Vite builds into dist/server), and publishes
 * them inside the version folder with the database they were rendered from, plus
 * `sitemap.xml` and `robots.txt`. `trawl serve` and `trawl bundle` serve them from there.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EpisodeRow } from '../../core/db-schema.ts';
import { documentTitle, episodeHeading } from '../../core/document-title.ts';
import { artworkSource } from '../../core/media-sources.ts';
import { createTexts } from '../../core/messages/message-format.ts';
import { listPagePath } from '../../core/page-url.ts';
import {
  absoluteUrl,
  headImageUrl,
  logoSource,
  plainSummary,
  podcastEpisodeJsonLd,
  podcastSeriesJsonLd,
  robotsTxt,
  sitemapXml,
  type PageHead,
} from '../../core/seo.ts';
import type { DbConfig } from '../../core/site-config.ts';
import { PAGES_INDEX_FILE, type PagesIndex } from '../../core/prerendered-page.ts';
import { checkTemplate, pageDocument, withPageHash } from './page-document.ts';
import { PageFiles } from './page-files.ts';
import { createHtmlSanitizer } from '../read/sanitize-html.ts';
import { PACKAGE_ROOT } from '../package-root.ts';
import { pageHelperCount, renderEpisodes } from './page-helpers.ts';
import type { VersionPages } from './publish.ts';
import { pageFileFor } from './version-pages.ts';
import {
  hashResults,
  pageKey,
  RenderCache,
  RENDER_CACHE_FOLDER,
  type PageRead,
  type SqlValue,
} from './render-cache.ts';

/** The site this checkout builds (`npm run build:site`): dist/site beside dist/server. */
export const DEFAULT_SITE_DIR = join(PACKAGE_ROOT, 'dist/site');

/** What the server entry (src/site/prerender/render-page.tsx) renders for one path. */
export interface RenderedPage {
  status: number;
  appHtml: string;
  data: unknown;
  /** The podcast's icon for the head, or null (older entries have none) for the site's own. */
  icon?: string | null;
}

/** The server entry's interface, as the builder calls it. */
export interface PageRenderer {
  renderPage(
    source: {
      query: <T>(sql: string, params?: readonly SqlValue[]) => Promise<T[]>;
      config: DbConfig;
      sanitizeHtml: (html: string) => string;
    },
    path: string,
  ): Promise<RenderedPage>;
}

/** The rows of the list a page carries, without rendering it (`pageSnapshot` of the entry). */
type PageSnapshot = (
  source: Parameters<PageRenderer['renderPage']>[0],
  path: string,
) => Promise<unknown>;

/** A built site: its index.html, its server entry, and an id that changes with either. */
export interface SiteBuild {
  template: string;
  renderer: PageRenderer;
  /** The entry's `pageSnapshot`, when it has one: without it, every page is rendered. */
  snapshot?: PageSnapshot | undefined;
  /** Hash of the template and the server entry: pages are rendered again when it changes. */
  id: string;
  /** The folder it was loaded from (`loadSiteBuild`): helper threads load it again from there. */
  siteDir?: string;
}

function pageSnapshotOf(value: unknown): PageSnapshot | undefined {
  if (typeof value !== 'object' || value === null || !('pageSnapshot' in value)) return undefined;
  const snapshot = value.pageSnapshot;
  if (typeof snapshot !== 'function') return undefined;
  return async (source, path) => {
    const result: unknown = await Reflect.apply(snapshot, value, [source, path]);
    return result;
  };
}

function isPageRenderer(value: unknown): value is PageRenderer {
  return (
    typeof value === 'object' &&
    value !== null &&
    'renderPage' in value &&
    // Read, not described: a module namespace may export through a getter (vitest's does).
    typeof value.renderPage === 'function'
  );
}

/**
 * The built site at `siteDir` (Vite's output: dist/site) with its server entry beside it
 * (dist/server/render-page.js), or undefined when the site has not been built.
 */
export async function loadSiteBuild(siteDir: string): Promise<SiteBuild | undefined> {
  const templatePath = resolve(siteDir, 'index.html');
  const entryPath = resolve(siteDir, '..', 'server', 'render-page.js');
  if (!existsSync(templatePath) || !existsSync(entryPath)) return undefined;
  const template = await readFile(templatePath, 'utf8');
  checkTemplate(template);
  const entry = await readFile(entryPath);
  const renderer: unknown = await import(pathToFileURL(entryPath).href);
  if (!isPageRenderer(renderer)) {
    throw new Error(`${entryPath}: not the site's server entry (no renderPage export)`);
  }
  const id = createHash('sha256').update(template).update(entry).digest('hex').slice(0, 12);
  return { template, renderer, snapshot: pageSnapshotOf(renderer), id, siteDir: resolve(siteDir) };
}

/** An episode's page path, as its links and the sitemap name it. */
function episodePagePath(row: Pick<EpisodeRow, 'episode'>): string {
  return `/episodes/${row.episode}`;
}

/** The page file of a path the renderer writes; '/404' is the not-found page. */
function pageFile(path: string): string {
  const file = path === '/404' ? '404.html' : pageFileFor(path);
  if (file === undefined) throw new Error(`no page file for ${path}`);
  return file;
}

export interface HeadRow extends Pick<
  EpisodeRow,
  'episode' | 'title' | 'pub_date' | 'image' | 'image_local' | 'duration' | 'audio_url'
> {
  description: string | null;
}

/**
 * Pre-rendering with a site build, as `publishVersion` asks for it; `onProgress` hears of
 * each page written (done, total).
 */
export function versionPages(
  build: SiteBuild,
  siteUrl: string,
  onProgress?: (done: number, total: number) => void,
  /** The build's state folder (`.trawl-cache/`): its render cache skips unchanged pages. */
  cacheDir?: string,
): VersionPages {
  return {
    id: build.id,
    render: (databasePath, config, pagesDir) =>
      writeVersionPages({ databasePath, config, build, pagesDir, siteUrl, onProgress, cacheDir }),
  };
}

/** What a thread needs to render and write pages of one version. */
export interface PageWriterInput {
  databasePath: string;
  config: DbConfig;
  build: SiteBuild;
  pagesDir: string;
  siteUrl: string;
  /** The build's state folder: episode pages are kept in its render cache (decision 0045). */
  cacheDir?: string | undefined;
  /** The file of the key that signs the cache's entries (default: the user's cache folder). */
  cacheKeyFile?: string | undefined;
}

/** One thread's page writer (the main thread's, or a helper's: page-helpers.ts). */
export interface PageWriter {
  /** Every episode's row for its head, in id order. */
  rows: readonly HeadRow[];
  /** How many list pages there are ('/' is the first). */
  listPages: number;
  /** The head of '/', of list page `page` (2 on), and of the 404 page. */
  homeHead(): PageHead;
  listHead(page: number): PageHead;
  notFoundHead(): PageHead;
  /** Renders and writes a page that is not an episode's. */
  write(path: string, head: PageHead): Promise<void>;
  /** Renders (or takes from the cache) and writes `rows[index]`'s page; returns its hash. */
  writeEpisode(index: number): Promise<string>;
  /** Waits for every file write; rejects with the first that failed. */
  flush(): Promise<void>;
  /** Waits for the writes, failed or not, and closes the database and the sanitizer. */
  close(): Promise<void>;
}

/** Opens the database, the sanitizer and the render cache for writing one version's pages. */
export async function openPageWriter(input: PageWriterInput): Promise<PageWriter> {
  const { config, build, pagesDir, siteUrl } = input;
  const sqlite = new Database(input.databasePath, { readonly: true, fileMustExist: true });
  let sanitizer: Awaited<ReturnType<typeof createHtmlSanitizer>>;
  let cache: RenderCache | undefined;
  try {
    sanitizer = await createHtmlSanitizer();
    cache =
      input.cacheDir === undefined || build.snapshot === undefined
        ? undefined
        : await RenderCache.open(join(input.cacheDir, RENDER_CACHE_FOLDER), input.cacheKeyFile);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  // Pages are written while the next one renders (page-files.ts).
  const files = new PageFiles();
  // The reads of the page being rendered, with what they returned (the render cache's).
  let reads: { read: PageRead; rows: unknown[] }[] | undefined;
  const query = <T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> => {
    try {
      const rows = sqlite.prepare<SqlValue[], T>(sql).all(...params);
      reads?.push({ read: { sql, params: [...params] }, rows });
      return Promise.resolve(rows);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
  /** What the cached page's reads return now, or undefined when one fails. */
  const readAgain = (cached: readonly PageRead[]): unknown[][] | undefined => {
    try {
      return cached.map((read) =>
        sqlite.prepare<SqlValue[], unknown>(read.sql).all(...read.params),
      );
    } catch {
      return undefined;
    }
  };
  const source = { query, config, sanitizeHtml: (html: string) => sanitizer.sanitize(html).html };
  const show = config.site.title;
  // The head's texts in the show's language, as the app's own titles are.
  const { text } = createTexts(config.site.language, config.site.messages);
  const rows = sqlite
    .prepare<[], HeadRow>(
      // e.*: a database from before `image_local` still renders (the column is then absent).
      `SELECT e.*, d.description
         FROM episodes e LEFT JOIN episode_descriptions d ON d.id = e.id
        ORDER BY e.id`,
    )
    .all();
  // The list's other pages, each at its own path: what its links name, and what a static
  // host can answer without scripts (decision 0032).
  const listPages = Math.ceil(rows.length / config.site.pageSize);
  const home = absoluteUrl(siteUrl, '/');
  // Every page has a picture for link previews: the episode's artwork, else the show's.
  const media = { siteUrl, mediaBase: config.site.mediaBase };
  const showImage = headImageUrl(logoSource(config.site.logo), media);
  const series = podcastSeriesJsonLd({ name: show, description: '', url: home, image: showImage });
  // What pages show of the config (`ShownConfig` in the site), and what their head names.
  const shown = {
    site: config.site,
    search: config.search ?? null,
    mediaOrigins: config.mediaOrigins,
    localMedia: config.localMedia ?? null,
  };
  /** An episode's page and hash from the cache when nothing it shows has changed. */
  const fromCache = async (
    path: string,
    key: string,
  ): Promise<{ html: string; hash: string } | undefined> => {
    const cached = await cache?.read(path);
    if (cached?.key !== key) return undefined;
    const results = readAgain(cached.reads);
    if (results === undefined || hashResults(results) !== cached.results) return undefined;
    return { html: cached.html, hash: cached.hash };
  };
  /** Renders `path` into the template; `pageReads` collects its reads when given. */
  const render = async (
    path: string,
    head: PageHead,
    pageReads?: { read: PageRead; rows: unknown[] }[],
  ): Promise<string> => {
    reads = pageReads;
    try {
      const page = await build.renderer.renderPage(source, path);
      return pageDocument(build.template, {
        head,
        appHtml: page.appHtml,
        data: page.data,
        icon: page.icon ?? null,
        language: config.site.language,
      });
    } finally {
      reads = undefined;
    }
  };
  const episodeHead = (row: HeadRow, path: string): PageHead => {
    const url = absoluteUrl(siteUrl, path);
    const description = plainSummary(row.description ?? '');
    const image = headImageUrl(artworkSource(row), media) || showImage;
    return {
      title: documentTitle(show, { kind: 'episode', heading: episodeHeading(row) }, text),
      description,
      canonical: url,
      image,
      type: 'article',
      siteName: show,
      jsonLd: [
        podcastEpisodeJsonLd({
          name: row.title,
          episodeNumber: row.episode,
          description,
          url,
          image,
          datePublished: row.pub_date ?? '',
          durationSeconds: row.duration ?? 0,
          audioUrl: /^https?:\/\//i.test(row.audio_url ?? '') ? (row.audio_url ?? '') : '',
          seriesName: show,
          seriesUrl: home,
        }),
      ],
    };
  };
  // Each page's title is the one the app gives its tab (`documentTitle`), so it does not change
  // when the page hydrates.
  const siteHead = (title: string, description: string, canonical: string): PageHead => ({
    title,
    description,
    canonical,
    image: showImage,
    type: 'website',
    siteName: show,
    jsonLd: [],
  });
  return {
    rows,
    listPages,
    homeHead: () => ({
      ...siteHead(
        documentTitle(show, { kind: 'home' }, text),
        text('title.description', { show }),
        home,
      ),
      jsonLd: [series],
    }),
    listHead: (page) =>
      siteHead(
        documentTitle(show, { kind: 'list', page, count: listPages }, text),
        text('title.listPageDescription', { show, page, count: listPages }),
        absoluteUrl(siteUrl, listPagePath(page)),
      ),
    notFoundHead: () => siteHead(documentTitle(show, { kind: 'not-found' }, text), '', ''),
    async write(path, head) {
      await files.write(join(pagesDir, pageFile(path)), await render(path, head));
    },
    async writeEpisode(index) {
      const row = rows[index];
      if (row === undefined) throw new RangeError(`no episode row ${index}`);
      const path = episodePagePath(row);
      const file = join(pagesDir, pageFile(path));
      const head = episodeHead(row, path);
      // Episode pages carry no version: the version lists their hashes instead (decision 0044).
      const key =
        cache && build.snapshot
          ? pageKey({
              build: build.id,
              siteUrl,
              path,
              head,
              shown,
              list: await build.snapshot(source, path),
            })
          : undefined;
      const cached = key === undefined ? undefined : await fromCache(path, key);
      if (cached !== undefined) {
        await files.write(file, cached.html);
        return cached.hash;
      }
      const pageReads: { read: PageRead; rows: unknown[] }[] | undefined =
        key === undefined ? undefined : [];
      const { html, hash } = withPageHash(await render(path, head, pageReads));
      await files.write(file, html);
      if (cache !== undefined && key !== undefined && pageReads !== undefined) {
        const entry = {
          key,
          reads: pageReads.map((read) => read.read),
          results: hashResults(pageReads.map((read) => read.rows)),
          hash,
          html,
        };
        await files.run(() => cache.write(path, entry));
      }
      return hash;
    },
    flush: () => files.flush(),
    async close() {
      // A failed build removes the folder: nothing may still be writing into it.
      await files.settle();
      sqlite.close();
      sanitizer.close();
    },
  };
}

/** Renders and writes every page of one version into `pagesDir`; returns how many. */
export async function writeVersionPages(
  input: PageWriterInput & {
    /** Called after each page: how many are written, of how many. */
    onProgress?: ((done: number, total: number) => void) | undefined;
    /** Helper threads for the episode pages (default: `pageHelperCount`; page-helpers.ts). */
    helpers?: number | undefined;
    /** The helpers' source (tests start one that fails). */
    helperSource?: string | undefined;
  },
): Promise<number> {
  const { config, build, pagesDir, siteUrl } = input;
  const writer = await openPageWriter(input);
  try {
    const { rows, listPages } = writer;
    // '/' is the list's first page; the others have paths of their own.
    const listPaths = Array.from({ length: Math.max(0, listPages - 1) }, (_, at) => ({
      page: at + 2,
      path: listPagePath(at + 2),
    }));
    const total = rows.length + listPaths.length + 2;
    let done = 0;
    const progress = (): void => {
      done += 1;
      input.onProgress?.(done, total);
    };
    // Episode pages on helper threads too when the build is big enough to pay for them.
    const hashes: string[] = new Array<string>(rows.length);
    const helpers = input.helpers ?? pageHelperCount(rows.length);
    await renderEpisodes({
      count: rows.length,
      helpers: build.siteDir === undefined ? 0 : helpers,
      start: {
        databasePath: input.databasePath,
        config,
        siteDir: build.siteDir ?? '',
        buildId: build.id,
        pagesDir,
        siteUrl,
        cacheDir: input.cacheDir,
        cacheKeyFile: input.cacheKeyFile,
      },
      source: input.helperSource,
      first: async () => {
        await writer.write('/', writer.homeHead());
        progress();
        for (const { page, path } of listPaths) {
          await writer.write(path, writer.listHead(page));
          progress();
        }
      },
      here: async (index) => {
        hashes[index] = await writer.writeEpisode(index);
        progress();
      },
      byHelper: (index, hash) => {
        hashes[index] = hash;
        progress();
      },
    });
    await writer.flush();
    // In id order, whichever thread wrote a page: the same file for the same pages.
    const index: PagesIndex = { pages: {} };
    for (const [at, row] of rows.entries()) {
      const hash = hashes[at];
      if (hash === undefined) throw new Error(`the page of episode ${row.episode} was not written`);
      index.pages[episodePagePath(row)] = hash;
    }
    // Beside config.json: the version folder is the pages folder's parent.
    await writeFile(join(dirname(pagesDir), PAGES_INDEX_FILE), `${JSON.stringify(index)}\n`);
    await writer.write('/404', writer.notFoundHead());
    progress();
    await writer.flush();
    const home = absoluteUrl(siteUrl, '/');
    const urls = [
      home,
      ...listPaths.map(({ path }) => absoluteUrl(siteUrl, path)),
      ...rows.map((row) => absoluteUrl(siteUrl, episodePagePath(row))),
    ];
    if (home !== '') {
      await writeFile(join(pagesDir, 'sitemap.xml'), sitemapXml(urls.map((loc) => ({ loc }))));
    }
    await writeFile(
      join(pagesDir, 'robots.txt'),
      robotsTxt(home === '' ? '' : absoluteUrl(siteUrl, '/sitemap.xml')),
    );
    return total;
  } finally {
    await writer.close();
  }
}
