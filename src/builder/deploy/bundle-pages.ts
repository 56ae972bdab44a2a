/**
 * The pre-rendered pages of a bundle. `trawl build` publishes them inside the version folder
 * (`<version>/pages/`); the bundle puts the current version's pages in the site folder, where
 * every host serves them: `index.html`, `episodes/<n>.html`, `404.html`, `sitemap.xml` and
 * `robots.txt`. A page names the hashed scripts and styles of the site that rendered it, so the
 * pages are copied only when they were rendered with the very site the bundle ships; otherwise
 * (another base path, another build of the site, `--media-base`) they are rendered again from
 * the version's own database with the shipped site's server entry.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  readContentSecurityPolicy,
  withContentSecurityPolicy,
  type CspOptions,
} from '../../../vite-csp-plugin.ts';
import type { DbConfig } from '../../core/site-config.ts';
import { joinChunks } from '../publish/chunk-files.ts';
import { copyContained } from '../contained-path.ts';
import { isDirectory, type VersionFolder } from '../publish/database-versions.ts';
import { BundleError } from '../errors.ts';
import { writeVersionPages, type SiteBuild } from '../publish/prerender.ts';
import { PAGES_FOLDER } from '../publish/publish.ts';
import { PAGES_INDEX_FILE } from '../../core/prerendered-page.ts';

/** The hashed files (scripts, styles, preloads) a document loads from the site's assets/. */
export function assetReferences(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/\s(?:src|href)="([^"]*\/assets\/[^"]+)"/g)) {
    if (match[1] !== undefined) found.add(match[1]);
  }
  return [...found].sort();
}

/** True when `pageHtml` was rendered from the site whose index.html is `siteHtml`. */
export function renderedWith(pageHtml: string, siteHtml: string): boolean {
  const page = assetReferences(pageHtml);
  const site = assetReferences(siteHtml);
  return site.length > 0 && page.length === site.length && page.every((ref, i) => ref === site[i]);
}

export interface BundlePagesInput {
  /** The version the bundle publishes; its `pages/` folder holds what `trawl build` rendered. */
  current: VersionFolder;
  /** The database output folder: links in the version folder may lead anywhere inside it. */
  dbDir: string;
  /** The config the bundle publishes for the version (its mediaBase may have been replaced). */
  config: DbConfig;
  /** True when `config` differs from the version's own (`--media-base`): pages must be rendered. */
  configChanged: boolean;
  /** The site folder of the bundle; its index.html is the shipped site's (before the pages). */
  siteDir: string;
  /** The shipped site's template and server entry; undefined when it has no server entry. */
  build: SiteBuild | undefined;
  /** A scratch folder of the bundle's own, for the joined database and rendered pages. */
  workDir: string;
  /** The media origins the pages' Content-Security-Policy must allow. */
  csp: CspOptions;
  log: (line: string) => void;
}

export interface BundlePages {
  /** HTML pages placed (the home page, one per episode, the 404 page). */
  pages: number;
  /** True when the pages were rendered again, false when the version's were copied. */
  rendered: boolean;
  /**
   * The rendered pages' hashes (pages.json's text) when they were rendered again: it replaces
   * the version's own, so the episode pages match the index their version folder holds.
   */
  pagesIndex?: string;
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Places the current version's pages in the site folder (see the module comment). Returns
 * undefined, leaving the single-page app alone, when the version has no pages (`--no-pages`).
 */
export async function placePages(input: BundlePagesInput): Promise<BundlePages | undefined> {
  const { current, siteDir, build, log } = input;
  const versionPages = join(current.dir, PAGES_FOLDER);
  if (!(await isDirectory(versionPages))) {
    log(`Version ${current.version} has no pre-rendered pages: the site is the single-page app`);
    return undefined;
  }
  const siteHtml = await readFile(join(siteDir, 'index.html'), 'utf8');
  const builtHome = await readFile(join(versionPages, 'index.html'), 'utf8').catch(() => '');
  const reuse = !input.configChanged && renderedWith(builtHome, siteHtml);
  let source = versionPages;
  let root = input.dbDir;
  let pagesIndex: string | undefined;
  if (!reuse) {
    if (build === undefined) {
      throw new BundleError(
        `the pages of version ${current.version} were rendered with another build of the site, and --site has no server entry (../server/render-page.js) to render them again: build it with 'npm run build:site' or leave --site out`,
      );
    }
    log(`Rendering the pages of version ${current.version} with the bundled site…`);
    const databasePath = join(input.workDir, 'db.sqlite3');
    await joinChunks(current.dir, databasePath);
    source = join(input.workDir, PAGES_FOLDER);
    root = input.workDir;
    await writeVersionPages({
      databasePath,
      config: input.config,
      build,
      pagesDir: source,
      siteUrl: input.config.site.siteUrl,
    });
    await rm(databasePath, { force: true });
    pagesIndex = await readFile(join(input.workDir, PAGES_INDEX_FILE), 'utf8');
  }
  const { refused } = await copyContained(source, siteDir, { root });
  if (refused.length > 0) {
    throw new BundleError(
      `${source}: ${refused.join(', ')}: links that dangle, loop or lead outside ${root}`,
    );
  }
  const pages = await htmlFiles(source);
  for (const file of await htmlFiles(siteDir)) {
    const html = await readFile(file, 'utf8');
    // The media host is known only now: each page's policy must allow it, as index.html's does.
    if (readContentSecurityPolicy(html) !== undefined) {
      await writeFile(file, withContentSecurityPolicy(html, input.csp));
    }
  }
  log(
    `${reuse ? 'Copied' : 'Rendered'} ${pages.length} pre-rendered pages of version ${current.version}`,
  );
  return {
    pages: pages.length,
    rendered: !reuse,
    ...(pagesIndex === undefined ? {} : { pagesIndex }),
  };
}
