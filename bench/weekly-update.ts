/**
 * The weekly update (issue 23, item 5), as `npm run bench -- --weekly` measures it: a podcast
 * folder of N episodes is built and bundled; the same folder then gains episode N+1 (the
 * corpus of N+1 episodes, whose first N are byte-identical: every episode draws on a stream
 * seeded by its own number) and is built and bundled again into the same output folder.
 *
 * Two figures: the rebuild's wall time against the first build's, and what a host must receive
 * for the second bundle: every file whose path it does not hold with the same bytes.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { cp, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { joinChunks, readPublished } from '../src/builder/publish/chunk-files.ts';
import { REPO_ROOT } from './assets.ts';
import { diffDatabases, type DatabaseDiff } from './db-page-diff.ts';
import { corpusKey, ensureCorpus, type CorpusParameters } from './prepare.ts';

/** One build of the podcast folder: its wall time and the step lines it printed. */
export interface TimedBuild {
  seconds: number;
  output: string;
}

/** A bundle folder's files by path: size and SHA-256. */
export type BundleFiles = Map<string, { bytes: number; sha256: string }>;

/** What the second bundle holds that the first did not (same path and bytes). */
export interface NewToHost {
  files: number;
  bytes: number;
  totalFiles: number;
  totalBytes: number;
  /** New files by the folder they are in ('db/v1-…', 'episodes', '.', 'assets'). */
  byFolder: Record<string, { files: number; bytes: number }>;
}

export interface WeeklyUpdate {
  key: string;
  firstBuild: TimedBuild;
  rebuild: TimedBuild;
  /** rebuild ÷ first build, wall time. */
  timeRatio: number;
  newToHost: NewToHost;
  /** The two versions' databases compared page by page: which tables changed. */
  database: DatabaseDiff;
}

/** Chunk sizes the database diff tries: today's 8 MiB and smaller ones. */
const DIFF_CHUNK_SIZES = [8 * 2 ** 20, 2 * 2 ** 20, 2 ** 20, 256 * 2 ** 10, 64 * 2 ** 10];

/** The database `outDir`'s latest.json names, joined into `target`. */
async function joinLatest(outDir: string, target: string): Promise<void> {
  await joinChunks((await readPublished(outDir)).versionDir, target);
}

function run(args: string[]): Promise<TimedBuild> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, [resolve(REPO_ROOT, 'bin/trawl.js'), ...args], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    child.stderr.on('data', (data: Buffer) => (output += data.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code === 0) done({ seconds, output: output.trim() });
      else fail(new Error(`trawl ${args[0] ?? ''} failed (exit ${code}):\n${output}`));
    });
  });
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) {
    if (Buffer.isBuffer(chunk)) hash.update(chunk);
  }
  return hash.digest('hex');
}

/** Every file under `dir`, by its path relative to `dir`, with its size and hash. */
export async function bundleFiles(dir: string): Promise<BundleFiles> {
  const files: BundleFiles = new Map();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), {
      bytes: (await stat(path)).size,
      sha256: await sha256Of(path),
    });
  }
  return files;
}

/** The folder a new file is counted under: a version folder by name, else its first folder. */
function folderOf(path: string): string {
  const parts = path.split('/');
  if (parts.length === 1) return '.';
  if (parts[0] === 'db' && parts.length > 2) return `db/${parts[1] ?? ''}`;
  return parts[0] ?? '.';
}

/** The files of `after` that `before` does not hold at the same path with the same bytes. */
export function newToHost(before: BundleFiles, after: BundleFiles): NewToHost {
  const result: NewToHost = { files: 0, bytes: 0, totalFiles: 0, totalBytes: 0, byFolder: {} };
  for (const [path, file] of after) {
    result.totalFiles += 1;
    result.totalBytes += file.bytes;
    if (before.get(path)?.sha256 === file.sha256) continue;
    result.files += 1;
    result.bytes += file.bytes;
    const folder = folderOf(path);
    const sum = (result.byFolder[folder] ??= { files: 0, bytes: 0 });
    sum.files += 1;
    sum.bytes += file.bytes;
  }
  return result;
}

/**
 * Builds N episodes, then N+1 in the same podcast and output folders, bundling after each;
 * returns the times and what the second bundle adds. `siteDir` is a built site (dist/site).
 */
export async function measureWeeklyUpdate(
  parameters: CorpusParameters,
  cacheDir: string,
  siteDir: string,
  log: (line: string) => void,
): Promise<WeeklyUpdate> {
  const key = corpusKey(parameters);
  const before = await ensureCorpus(parameters, cacheDir);
  const after = await ensureCorpus({ ...parameters, episodes: parameters.episodes + 1 }, cacheDir);
  const work = join(cacheDir, `weekly-${key}`);
  await rm(work, { recursive: true, force: true });
  const podcast = join(work, 'podcast');
  const out = join(work, 'out');
  await mkdir(work, { recursive: true });
  // A corpus may be a link to another tree's cache: copy what it holds, never the link, so
  // the builds' caches and the next week's files land in this run's own folder.
  await cp(before.dir, podcast, { recursive: true, dereference: true });
  const build = (): Promise<TimedBuild> =>
    run(['build', podcast, '--out', out, '--site', siteDir, '--keep', '1']);
  const bundle = (target: string): Promise<TimedBuild> =>
    run(['bundle', '--db', out, '--out', target, '--site', siteDir, '--keep', '1']);

  log(`weekly: first build of ${parameters.episodes} episodes`);
  const firstBuild = await build();
  await joinLatest(out, join(work, 'before.sqlite3'));
  await bundle(join(work, 'bundle-1'));
  // The next week's feed and files: the first N episodes' files are byte-identical.
  await cp(after.dir, podcast, { recursive: true, force: true, dereference: true });
  log(`weekly: rebuild with episode ${parameters.episodes + 1}`);
  const rebuild = await build();
  await joinLatest(out, join(work, 'after.sqlite3'));
  const database = await diffDatabases(
    join(work, 'before.sqlite3'),
    join(work, 'after.sqlite3'),
    DIFF_CHUNK_SIZES,
  );
  await bundle(join(work, 'bundle-2'));
  // The web root is what a host serves; the bundle's nginx/ is the host's own configuration.
  const result = newToHost(
    await bundleFiles(join(work, 'bundle-1', 'public')),
    await bundleFiles(join(work, 'bundle-2', 'public')),
  );
  if (existsSync(work)) await rm(work, { recursive: true, force: true });
  return {
    key,
    firstBuild,
    rebuild,
    timeRatio: rebuild.seconds / firstBuild.seconds,
    newToHost: result,
    database,
  };
}
