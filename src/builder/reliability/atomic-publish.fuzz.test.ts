/**
 * `trawl build` killed with SIGKILL at many moments (timed, and at each step of publishing, seen
 * on disk) never leaves a broken site: latest.json always parses and names a complete version,
 * and the next build removes what the killed ones left behind.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { generateCorpus } from '../../../scripts/corpus.ts';
import { buildPodcast } from '../build.ts';
import { VERSION_FOLDER, WORK_FOLDER_PREFIX } from '../publish/publish.ts';
import { makeTempDir, runTrawl, snapshotOutput, verifyPublished } from './fuzz-support.ts';

let root: string;
let corpus: string;
let outDir: string;
let firstVersion: string;
/** How long a whole build of the corpus took, as the test's builds run (the CLI, from start). */
let buildMs: number;

const BUILD_ARGS = ['--chunk-size', '65536', '--no-pages'];

beforeAll(async () => {
  root = await makeTempDir('atomic');
  corpus = join(root, 'corpus');
  outDir = join(root, 'out');
  await generateCorpus({ episodes: 30, words: 2000, seed: 2, out: corpus, audio: false });
  firstVersion = (await buildPodcast({ folder: corpus, outDir })).version;
  // A build with the kills' own arguments, timed, as each of them runs: into a copy of the
  // output that holds the first version, which a rebuild resumes from (decision 0051). The
  // timed kills land at shares of it, so they fall inside a build on a fast machine and a busy
  // one alike. (Timed from an empty folder, it took longer than the kills' resumed builds,
  // and the kill at 80 % could come after the build had ended.)
  const timedOut = join(root, 'timed');
  await cp(outDir, timedOut, { recursive: true });
  const timed = await runTrawl(['build', corpus, '--out', timedOut, ...BUILD_ARGS], {
    timeoutMs: 60_000,
  });
  expect(timed.code).toBe(0);
  buildMs = timed.ms;
}, 120_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/**
 * A folder's names, none when it is not there. Read in one call: the build being watched moves
 * and removes its folders, so one that existed a moment before may be gone by the read.
 */
const entries = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
    throw error;
  }
};
const workFolders = (): string[] =>
  entries(outDir).filter((name) => name.startsWith(WORK_FOLDER_PREFIX));
const stageOf = (): string | undefined =>
  workFolders()
    .map((name) => join(outDir, name, 'stage'))
    .find((stage) => existsSync(stage));
const chunksOf = (): string | undefined =>
  workFolders()
    .map((name) => join(outDir, name, 'chunks'))
    .find((chunks) => existsSync(chunks));
const latestText = (): string => {
  try {
    return readFileSync(join(outDir, 'latest.json'), 'utf8');
  } catch {
    return '';
  }
};
const newVersions = (): string[] =>
  entries(outDir).filter((name) => VERSION_FOLDER.test(name) && name !== firstVersion);

/** Moments to kill the build at: after a time, or as soon as a step shows on disk. */
const KILL_POINTS: { label: string; killWhen: (elapsedMs: number) => boolean }[] = [
  ...[0.2, 0.5, 0.8].map((share) => ({
    label: `${share * 100} % of a build's time after start`,
    killWhen: (elapsed: number) => elapsed >= share * buildMs,
  })),
  { label: 'as soon as its work folder exists', killWhen: () => workFolders().length > 0 },
  { label: 'as the database is staged for publishing', killWhen: () => stageOf() !== undefined },
  {
    // Chunk files named by their bytes are written beside the stage (decision 0060).
    label: 'while chunk files are being written',
    killWhen: () => entries(chunksOf() ?? '').length >= 10,
  },
  {
    label: 'as soon as the new version folder is in place',
    killWhen: () => newVersions().length > 0,
  },
  // The last moment: old versions are being pruned (the build may finish first).
  {
    label: 'as soon as latest.json names the new version',
    killWhen: () => newVersions().some((name) => latestText().includes(name)),
  },
];

test(`SIGKILL at ${KILL_POINTS.length} moments never breaks the published version; the next build cleans up`, async () => {
  const outcomes: string[] = [];
  for (const point of KILL_POINTS) {
    // A new chunk size makes a new version, and its many small chunks widen the publish step.
    // No pages: the versions must not depend on whether this checkout has built the site.
    const run = await runTrawl(['build', corpus, '--out', outDir, ...BUILD_ARGS], {
      timeoutMs: 60_000,
      killWhen: point.killWhen,
    });
    expect(run.timedOut).toBe(false);
    const published = await verifyPublished(outDir);
    expect(published.episodes).toBe(30);
    outcomes.push(
      `${point.label}: ${run.signal === 'SIGKILL' ? 'killed' : `exit ${run.code}`}, latest ${published.version}`,
    );
    // Start every kill from the same state: only the first version is published.
    for (const name of newVersions())
      await rm(join(outDir, name), { recursive: true, force: true });
    if ((await verifyPublished(outDir).catch(() => undefined))?.version !== firstVersion) {
      await buildPodcast({ folder: corpus, outDir });
    }
  }
  const killed = outcomes.filter((line) => line.includes(': killed,'));
  expect(killed.length, outcomes.join('\n')).toBeGreaterThanOrEqual(KILL_POINTS.length - 1);

  const finished = await runTrawl(['build', corpus, '--out', outDir, '--no-pages'], {
    timeoutMs: 60_000,
  });
  expect(finished.stderr).toBe('');
  expect(finished.code).toBe(0);
  const after = await snapshotOutput(outDir);
  expect(after.entries.filter((name) => name.startsWith('.'))).toEqual([]);
  expect((await verifyPublished(outDir)).version).toBe(firstVersion);
}, 240_000);
