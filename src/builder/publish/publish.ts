import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { chunkCount, CHUNKS_FOLDER } from '../../core/chunk-layout.ts';
import { PAGE_SIZE, SCHEMA_VERSION } from '../../core/db-schema.ts';
import {
  latestSchema,
  type DbConfig,
  type Latest,
  type SearchIndexInfo,
  type SiteSettings,
} from '../../core/site-config.ts';
import { writeHashedChunks } from './chunk-files.ts';
import { placeChunks, pruneChunks } from './chunk-store.ts';
import { isRunning, withOutputLock } from './output-lock.ts';
import { warmPagesOf } from './warm-pages.ts';

/** Default size of one chunk file: 1 MiB (decision 0060). */
export const DEFAULT_CHUNK_SIZE = 1024 * 1024;

/** Version folders Trawl writes, e.g. `v1-3f9a0c27b1d4`. Only these are ever pruned. */
export const VERSION_FOLDER = /^v\d+-[0-9a-f]{12}$/;

/** The folder of a version's pre-rendered pages, inside the version folder. */
export const PAGES_FOLDER = 'pages';

/** Prefix of the temporary folders a build works in, inside the output folder. */
export const WORK_FOLDER_PREFIX = '.trawl-build-';

/**
 * Creates a folder and its missing parents one level at a time. Node's `mkdir(…, {recursive})`
 * spins for ever on some special file systems (for example a path under /proc).
 */
export async function makeDirectories(dir: string): Promise<void> {
  const missing: string[] = [];
  let current = resolve(dir);
  for (;;) {
    const info = await stat(current).catch(() => undefined);
    if (info) {
      if (!info.isDirectory()) throw new Error(`${current} is not a folder`);
      break;
    }
    missing.unshift(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const path of missing) await mkdir(path);
}

/** Creates a fresh temporary folder inside `outDir`, so the final rename stays on one file system. */
export async function createWorkDir(outDir: string): Promise<string> {
  await makeDirectories(outDir);
  await removeAbandonedWork(outDir);
  const dir = join(outDir, `${WORK_FOLDER_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(dir);
  return dir;
}

/** Work folders and latest.json temporaries carry the pid of the build that made them. */
const ABANDONED_WORK = /^(?:\.trawl-build-|\.latest\.json\.)(\d+)-/;

/**
 * Removes what killed builds left in `outDir` (their work folders and latest.json temporaries).
 * A build that is still running keeps its own.
 */
async function removeAbandonedWork(outDir: string): Promise<void> {
  for (const name of await readdir(outDir)) {
    const pid = Number(ABANDONED_WORK.exec(name)?.[1] ?? Number.NaN);
    if (Number.isNaN(pid) || pid === process.pid || isRunning(pid)) continue;
    await rm(join(outDir, name), { recursive: true, force: true });
  }
}

/**
 * The version name: a hash of the database bytes and of everything else in the version folder
 * (site settings, chunk size), so unchanged inputs give the same version.
 */
export async function versionFor(
  databasePath: string,
  site: SiteSettings,
  chunkSize: number,
  siteBuildId = '',
): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(databasePath)) {
    if (Buffer.isBuffer(chunk)) hash.update(chunk);
  }
  hash.update('\0');
  hash.update(JSON.stringify({ site, chunkSize, pageSize: PAGE_SIZE, siteBuildId }));
  return `v${SCHEMA_VERSION}-${hash.digest('hex').slice(0, 12)}`;
}

/** Reads `<out>/latest.json`, or undefined when it is missing or unreadable. */
export async function readLatest(outDir: string): Promise<Latest | undefined> {
  try {
    const parsed = latestSchema.safeParse(
      JSON.parse(await readFile(join(outDir, 'latest.json'), 'utf8')),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes `<out>/latest.json` atomically: a temporary file, then a rename over the old one.
 * With `config`, the version's config.json goes in it too (the site then skips a request).
 */
export async function writeLatest(
  outDir: string,
  version: string,
  config?: DbConfig,
): Promise<void> {
  const temporary = join(
    outDir,
    `.latest.json.${process.pid}-${randomBytes(4).toString('hex')}.tmp`,
  );
  const latest: Latest = config ? { latest: version, config } : { latest: version };
  await writeFile(temporary, `${JSON.stringify(latest)}\n`);
  await rename(temporary, join(outDir, 'latest.json'));
}

/** How a build pre-renders its pages into the version it publishes (prerender.ts). */
export interface VersionPages {
  /** Changes with the site build, so new pages make a new version. */
  id: string;
  /** Writes the pages of the finished database into `pagesDir`; returns how many. */
  render: (databasePath: string, config: DbConfig, pagesDir: string) => Promise<number>;
}

export interface PublishInput {
  outDir: string;
  /** The build's temporary folder inside `outDir`; it holds the finished database. */
  workDir: string;
  databasePath: string;
  site: SiteSettings;
  /** How the search tables were written (`DbConfig.search`); absent: version 1. */
  search?: SearchIndexInfo;
  /** Origins the database's media URLs use (`DbConfig.mediaOrigins`); none by default. */
  mediaOrigins?: string[];
  /** Whether the site reads its own media folder (`DbConfig.localMedia`). */
  localMedia?: boolean;
  chunkSize: number;
  keep: number;
  /** Called once when another build is publishing into `outDir` and this one waits for it. */
  onWait?: () => void;
  /** How long to wait for another build's publish step (default 60 s). */
  lockWaitMs?: number;
  /** Test hook: runs once the version folder is in place, before latest.json is replaced. */
  afterVersionInPlace?: () => Promise<void>;
  /** Pre-renders the version's pages (none: no pages); `id` names the site build in the version. */
  pages?: VersionPages | undefined;
}

export interface Published {
  version: string;
  versionDir: string;
  databaseBytes: number;
  chunks: number;
  /** Version folders deleted because they were beyond `keep`. */
  pruned: string[];
  /** Chunk files this version added to `<out>/chunks/` (the others were there already). */
  chunksAdded: number;
  /** Chunk files deleted because no kept version lists them. */
  prunedChunks: number;
  /** Pre-rendered pages published with the version. */
  pages: number;
}

/**
 * Publishes a finished database: chunk files named by their bytes are staged in the work
 * folder's `chunks/`, config.json in its `stage/`; the new chunk files are moved into
 * `<out>/chunks/` and the stage renamed into place as `<out>/<version>`; then latest.json is
 * replaced; then old versions beyond `keep` are pruned (never the one latest.json names), and
 * the chunk files no remaining version lists. A reader sees the old version or the new one,
 * never half of either. The steps from the moves on hold the output folder's lock
 * (output-lock.ts), so two builds into one folder publish one after the other.
 */
export async function publishVersion(input: PublishInput): Promise<Published> {
  const { outDir, workDir, databasePath, site, search, chunkSize, keep, pages } = input;
  const { mediaOrigins = [] } = input;
  const version = await versionFor(databasePath, site, chunkSize, pages?.id);
  const stage = join(workDir, 'stage');
  await mkdir(stage);
  const layout = await writeHashedChunks(databasePath, stage, chunkSize);
  const config: DbConfig = {
    version,
    serverMode: 'chunked',
    requestChunkSize: PAGE_SIZE,
    ...layout,
    site,
    mediaOrigins,
    ...(input.localMedia === undefined ? {} : { localMedia: input.localMedia }),
    ...(search ? { search } : {}),
    warmPages: warmPagesOf(databasePath),
  };
  await writeFile(join(stage, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
  const pageCount = pages ? await pages.render(databasePath, config, join(stage, PAGES_FOLDER)) : 0;
  await rm(databasePath);
  const versionDir = join(outDir, version);
  // Renaming into place, replacing latest.json and pruning run under the output folder's lock:
  // another build's prune can never delete the version this latest.json is about to name.
  return withOutputLock(
    outDir,
    async () => {
      // The chunks first: a version folder in place always finds every chunk it lists.
      const { added } = await placeChunks(
        join(workDir, CHUNKS_FOLDER),
        outDir,
        layout.chunks ?? [],
      );
      const existing = await stat(join(versionDir, 'config.json')).catch(() => undefined);
      if (existing?.isFile()) {
        // Same hash, same content: the version is already published.
        await rm(stage, { recursive: true, force: true });
      } else {
        await rm(versionDir, { recursive: true, force: true });
        await rename(stage, versionDir);
      }
      const now = new Date();
      await utimes(versionDir, now, now);
      await input.afterVersionInPlace?.();
      await writeLatest(outDir, version, config);
      const pruned = await pruneVersions(outDir, keep);
      const prunedChunks = await pruneChunks(outDir, await versionFolders(outDir));
      return {
        version,
        versionDir,
        databaseBytes: layout.databaseLengthBytes,
        chunks: chunkCount(layout),
        pruned,
        chunksAdded: added,
        prunedChunks: prunedChunks.length,
        pages: pageCount,
      };
    },
    { onWait: input.onWait, waitMs: input.lockWaitMs },
  );
}

/** The names of the version folders in `outDir`. */
async function versionFolders(outDir: string): Promise<string[]> {
  const entries = await readdir(outDir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory() && VERSION_FOLDER.test(entry.name))
    .map((entry) => entry.name);
}

/** Deletes the oldest version folders beyond the newest `keep + 1`, sparing the one latest.json names. */
export async function pruneVersions(outDir: string, keep: number): Promise<string[]> {
  const latest = (await readLatest(outDir))?.latest;
  const entries = await readdir(outDir, { withFileTypes: true });
  const versions = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory() && VERSION_FOLDER.test(entry.name))
      .map(async (entry) => ({
        name: entry.name,
        modified: (await stat(join(outDir, entry.name))).mtimeMs,
      })),
  );
  versions.sort((a, b) => b.modified - a.modified || a.name.localeCompare(b.name));
  const others = versions.filter((entry) => entry.name !== latest);
  const doomed = others.slice(latest === undefined ? keep + 1 : keep);
  for (const entry of doomed) await rm(join(outDir, entry.name), { recursive: true, force: true });
  return doomed.map((entry) => entry.name);
}
