import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildCliBundle, CLI_BUNDLE_VARIABLE } from '../scripts/cli-bundle.ts';
import { buildWithCli, DEMO_FOLDER, REPO_ROOT, serveSite } from '../scripts/demo-site.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo podcast's site, served over HTTP with byte ranges. */
    baseUrl: string;
    /** The demo database folder the server publishes under /db/. */
    demoDbDir: string;
    /** This run's own folder, removed after it: `workFolder()` (e2e/harness.ts) makes folders in it. */
    runDir: string;
  }
}

/**
 * Builds the demo podcast with the real CLI once, and serves it for every e2e test file.
 * Vitest calls a global setup once for the root project and once more for each project that
 * has files (e2e/vitest.config.ts: one per group of files), and a project without values of its
 * own reads the root's: only the root's call does the work (decision 0075).
 */
export default async function setup(
  project: TestProject,
): Promise<(() => Promise<void>) | undefined> {
  if (!project.isRootProject()) return undefined;
  // A folder of this run's own, so two runs in one working tree never delete each other's.
  await mkdir(resolve(REPO_ROOT, '.trawl/e2e'), { recursive: true });
  const runDir = await mkdtemp(resolve(REPO_ROOT, '.trawl/e2e/run-'));
  // Builds without a podcast folder keep their cache in the user's cache folder: this run's
  // own, so no test writes into the home folder (src/builder/read/state-folder.ts).
  process.env.XDG_CACHE_HOME = resolve(runDir, 'user-cache');
  // Every CLI start of the run (and of its workers' child processes) is of one bundle made
  // from the sources now: a tenth of tsx's start-up (scripts/cli-bundle.ts).
  process.env[CLI_BUNDLE_VARIABLE] = await buildCliBundle();
  const dbDir = resolve(runDir, 'demo-db');
  await buildWithCli(DEMO_FOLDER, dbDir);
  const server = await serveSite(dbDir);
  project.provide('baseUrl', server.url);
  project.provide('demoDbDir', dbDir);
  project.provide('runDir', runDir);
  return async () => {
    // Bounded: a connection that never closes must not hold the run open (scripts/test.sh).
    const closed = await Promise.race([
      server.close().then(() => true),
      new Promise<false>((done) => setTimeout(() => done(false), 10_000).unref()),
    ]);
    if (!closed) console.error('The demo server still had connections open 10 s after close.');
    await rm(runDir, { recursive: true, force: true });
  };
}
