import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { z } from 'zod';
import {
  contentSecurityPolicy,
  readContentSecurityPolicy,
  withContentSecurityPolicy,
} from '../../../vite-csp-plugin.ts';
import { CHUNKS_FOLDER, hashedChunkFile } from '../../core/chunk-layout.ts';
import { latestSchema, type DbConfig } from '../../core/site-config.ts';
import { copyContained, isInside } from '../contained-path.ts';
import { isDirectory, readDatabaseVersions } from '../publish/database-versions.ts';
import { PAGES_FOLDER } from '../publish/publish.ts';
import { PAGES_INDEX_FILE } from '../../core/prerendered-page.ts';
import { placePages } from './bundle-pages.ts';
import { outsideError, placeSite } from './bundle-site.ts';
import { BundleError } from '../errors.ts';
import { cspOptionsForVersions } from '../publish/media-origins.ts';
import {
  nginxPath,
  nginxServerBlock,
  normaliseBasePath,
  staticHostHeaders,
  staticHostRedirects,
} from './host-config.ts';

/**
 * `trawl bundle`: one deployable folder. `<out>/public/` is the web root (the site built for
 * the base path, the database version that latest.json names, the media, `_headers`,
 * `_redirects`, and the version's pre-rendered pages: `index.html`, `episodes/<n>.html`,
 * `404.html`, see bundle-pages.ts); `<out>/nginx/trawl.conf` is a server block for it. The bundle is
 * built beside `<out>` and renamed into place, so `<out>` is always whole.
 */

export interface BundleOptions {
  /** The database output folder of `trawl build` (holds latest.json). */
  db: string;
  out: string;
  /** URL path the site is served under; default '/'. */
  basePath?: string;
  /** Media host URL written into the copied config.json; the media are then not copied. */
  mediaBase?: string;
  /** Folder whose files (audio/, images/, hosts/ …) are copied into the site folder. */
  media?: string;
  /**
   * A site already built with the same base path (`npm run build:site` output, its server entry
   * in `<site>/../server`); default: build both.
   */
  site?: string;
  /**
   * Older complete versions from `db` to include besides the current one (default 1), so
   * pages opened before a deploy keep working on hosts that replace the whole site at once.
   */
  keep?: number;
  log?: (line: string) => void;
}

export interface BundleResult {
  out: string;
  /** `<out>/public`: upload this folder, or point the web server's root at it. */
  webRoot: string;
  /** Where index.html is: the web root plus the base path. */
  siteDir: string;
  basePath: string;
  version: string;
  chunks: number;
  /** Older versions included for pages that are still open, newest first. */
  olderVersions: string[];
  mediaFiles: number;
  /** Pre-rendered pages in the site folder (0: the single-page app alone). */
  pages: number;
}

const mediaBaseSchema = z
  .url({ protocol: /^https?$/, error: '--media-base must be an http(s) URL' })
  .transform((url) => (url.endsWith('/') ? url : `${url}/`));

/** A version's config with `site.mediaBase` set (unchanged without a media base). */
function withMediaBaseConfig(config: DbConfig, mediaBase: string | undefined): DbConfig {
  return mediaBase === undefined ? config : { ...config, site: { ...config.site, mediaBase } };
}

/** latest.json with `site.mediaBase` set in the config it carries (if it carries one). */
function withMediaBase(latestText: string, mediaBase: string): string {
  const latest = latestSchema.parse(JSON.parse(latestText));
  if (latest.config === undefined) return latestText;
  const config = { ...latest.config, site: { ...latest.config.site, mediaBase } };
  return `${JSON.stringify({ ...latest, config })}\n`;
}

/** Refuses to replace a folder that is not an earlier bundle (so a typo cannot delete data). */
async function checkReplaceable(out: string): Promise<void> {
  if (!existsSync(out)) return;
  if (!(await isDirectory(out))) throw new BundleError(`${out}: exists and is not a folder`);
  const entries = await readdir(out);
  const isBundle = entries.includes('public') && entries.includes('nginx');
  if (entries.length > 0 && !isBundle) {
    throw new BundleError(
      `${out}: exists and is not a Trawl bundle; give a new or empty folder for --out`,
    );
  }
}

const optionsSchema = z.object({
  db: z.string().min(1, '--db is required'),
  out: z.string().min(1, '--out is required'),
  basePath: z.string().default('/'),
  mediaBase: mediaBaseSchema.optional(),
  media: z.string().min(1).optional(),
  site: z.string().min(1).optional(),
  keep: z
    .number({ error: '--keep is a whole number of older versions' })
    .int('--keep is a whole number of older versions')
    .min(0, '--keep is a whole number of older versions')
    .default(1),
});

/** Writes a deployable bundle (see the module comment) and returns what it holds. */
export async function bundle(options: BundleOptions): Promise<BundleResult> {
  const log = options.log ?? (() => undefined);
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    throw new BundleError(parsed.error.issues.map((issue) => issue.message).join('; '));
  }
  let basePath: string;
  try {
    basePath = normaliseBasePath(parsed.data.basePath);
  } catch (error) {
    throw new BundleError(error instanceof Error ? error.message : String(error));
  }
  const { mediaBase } = parsed.data;
  const db = resolve(parsed.data.db);
  const out = resolve(parsed.data.out);
  const media = parsed.data.media === undefined ? undefined : resolve(parsed.data.media);
  try {
    // The nginx config names the web root: a path it cannot hold fails now, not after the work.
    nginxPath(join(out, 'public'));
  } catch (error) {
    throw new BundleError(`--out: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (mediaBase !== undefined && media !== undefined) {
    throw new BundleError(
      '--media and --media-base exclude each other: the media are either copied into the bundle or served from --media-base',
    );
  }
  const inputs = [
    ['--db', db],
    ['--media', media],
    ['--site', parsed.data.site === undefined ? undefined : resolve(parsed.data.site)],
  ] as const;
  for (const [flag, input] of inputs) {
    if (input !== undefined && (isInside(out, input) || isInside(input, out))) {
      throw new BundleError(`--out ${out} and ${flag} ${input} must not contain each other`);
    }
  }
  if (media !== undefined && !(await isDirectory(media))) {
    throw new BundleError(`--media ${media}: not a folder`);
  }
  const database = await readDatabaseVersions(db, parsed.data.keep);
  for (const reason of database.skipped) log(`Left out an incomplete older version: ${reason}`);
  const { current } = database;
  await checkReplaceable(out);

  await mkdir(dirname(out), { recursive: true });
  const temp = join(dirname(out), `.${basename(out)}.tmp-${randomBytes(4).toString('hex')}`);
  const webRoot = join(temp, 'public');
  const siteDir = join(webRoot, ...basePath.split('/').filter(Boolean));
  try {
    await mkdir(siteDir, { recursive: true });
    const siteBuild = await placeSite(
      parsed.data.site === undefined ? undefined : resolve(parsed.data.site),
      basePath,
      siteDir,
      log,
    );
    let indexHtml = await readFile(join(siteDir, 'index.html'), 'utf8');
    // The policy allows exactly the media origins the versions name (and --media-base's),
    // which are known only now; the host configs send the same policy.
    const cspOptions = cspOptionsForVersions(
      [current, ...database.older].map(({ config }) =>
        mediaBase === undefined ? config : { ...config, site: { ...config.site, mediaBase } },
      ),
    );
    const policy = contentSecurityPolicy(cspOptions);
    if (readContentSecurityPolicy(indexHtml) !== undefined) {
      indexHtml = withContentSecurityPolicy(indexHtml, cspOptions);
      await writeFile(join(siteDir, 'index.html'), indexHtml);
    }
    const work = join(temp, 'work');
    await mkdir(work);
    const pages = await placePages({
      current,
      dbDir: db,
      config: withMediaBaseConfig(current.config, mediaBase),
      configChanged: mediaBase !== undefined,
      siteDir,
      build: siteBuild,
      workDir: work,
      csp: cspOptions,
      log,
    });
    await rm(work, { recursive: true, force: true });
    if (pages === undefined) {
      // GitHub Pages, Netlify and Cloudflare Pages answer unknown paths with 404.html: without
      // pages, make it the app, so its own 404 screen shows (and /episodes/… open at all).
      await writeFile(join(siteDir, '404.html'), indexHtml);
    }
    if (siteDir !== webRoot) await copyFile(join(siteDir, '404.html'), join(webRoot, '404.html'));

    let mediaFiles = 0;
    if (media !== undefined) {
      // The site's own files win, as with `trawl serve`.
      const copied = await copyContained(media, siteDir, { keepExisting: true });
      mediaFiles = copied.files;
      log(`Copied ${mediaFiles} media files from ${media}`);
      for (const path of copied.refused) {
        log(`Left out ${join(media, path)}: a link that dangles, loops or leads outside ${media}`);
      }
    } else if (mediaBase === undefined && current.config.localMedia === false) {
      // A feed-only show: its audio and artwork are the feed's own URLs, on its own host.
      log(
        'Audio and images are read from the URLs the feed gives: nothing to upload beside the site.',
      );
    } else if (mediaBase === undefined) {
      log('No --media or --media-base: audio and images must be uploaded beside the site.');
    }

    for (const folder of [current, ...database.older]) {
      const versionOut = join(siteDir, 'db', folder.version);
      const { refused } = await copyContained(folder.dir, versionOut, { root: db });
      if (refused.length > 0) throw outsideError(folder.dir, refused);
      // Pages are published in the site folder, not beside the chunks.
      await rm(join(versionOut, PAGES_FOLDER), { recursive: true, force: true });
      if (folder === current && pages?.pagesIndex !== undefined) {
        await writeFile(join(versionOut, PAGES_INDEX_FILE), pages.pagesIndex);
      }
      // Chunks named by their bytes are shared by versions: each copied once (decision 0060).
      // readVersionFolder checked every one is in the database folder with its size.
      for (const hash of new Set(folder.config.chunks ?? [])) {
        const name = join(CHUNKS_FOLDER, hashedChunkFile(hash));
        await mkdir(join(siteDir, 'db', CHUNKS_FOLDER), { recursive: true });
        await copyFile(join(db, name), join(siteDir, 'db', name));
      }
      if (mediaBase !== undefined) {
        // The one change a copied version gets; see docs/deploy.md (caches keep old configs).
        const config = withMediaBaseConfig(folder.config, mediaBase);
        await writeFile(join(versionOut, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
      }
    }
    if (mediaBase !== undefined) log(`Media are read from ${mediaBase} (site.mediaBase)`);
    await writeFile(
      join(siteDir, 'db', 'latest.json'),
      mediaBase === undefined ? database.latestText : withMediaBase(database.latestText, mediaBase),
    );
    log(`Copied database version ${current.version} (${current.chunkFiles.length} chunks)`);
    if (database.older.length > 0) {
      log(`Kept older versions for open pages: ${database.older.map((v) => v.version).join(', ')}`);
    }

    await writeFile(join(webRoot, '_headers'), staticHostHeaders(basePath, policy));
    const hasPages = pages !== undefined;
    await writeFile(
      join(webRoot, '_redirects'),
      staticHostRedirects(basePath, { pages: hasPages }),
    );
    await mkdir(join(temp, 'nginx'));
    await writeFile(
      join(temp, 'nginx', 'trawl.conf'),
      nginxServerBlock({
        basePath,
        root: join(out, 'public'),
        contentSecurityPolicy: policy,
        pages: hasPages,
      }),
    );

    await swapInto(temp, out);
    log(
      `Bundle ready: upload ${join(out, 'public')} (nginx: include ${join(out, 'nginx', 'trawl.conf')})`,
    );
    return {
      out,
      webRoot: join(out, 'public'),
      siteDir: join(out, relative(temp, siteDir)),
      basePath,
      version: current.version,
      chunks: current.chunkFiles.length,
      olderVersions: database.older.map((folder) => folder.version),
      mediaFiles,
      pages: pages?.pages ?? 0,
    };
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
}

/** Replaces `out` with `temp` by renames only; the old bundle is removed afterwards. */
async function swapInto(temp: string, out: string): Promise<void> {
  if (!existsSync(out)) {
    await rename(temp, out);
    return;
  }
  const old = `${temp}-old`;
  await rename(out, old);
  try {
    await rename(temp, out);
  } catch (error) {
    await rename(old, out);
    throw error;
  }
  await rm(old, { recursive: true, force: true });
}
