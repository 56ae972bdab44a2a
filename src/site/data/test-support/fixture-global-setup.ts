/* eslint-disable no-restricted-imports --
 * Test support only, never bundled: a Vitest global setup, in Node, that runs the real
 * builder once for the site's test files (vitest.config.ts, the `site` project). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildFixturePodcast } from '../../../builder/test-support/fixture-podcast.ts';

/** Where the run's one build of the fixture podcast is: read it, never write into it. */
export interface BuiltFixture {
  /** The published version's folder (its config.json). */
  versionDir: string;
  /** The whole database as one SQLite file. */
  databaseFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The fixture podcast, built once for the run by this global setup. */
    siteFixture: BuiltFixture;
  }
}

/**
 * Builds the builder's fixture podcast once for the run: each site test file opened its own
 * build of the same inputs, and with it a fresh import of the whole builder (decision 0075).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'trawl-site-fixture-'));
  const built = await buildFixturePodcast(dir);
  project.provide('siteFixture', {
    versionDir: built.result.versionDir,
    databaseFile: built.databaseFile,
  });
  return () => rm(dir, { recursive: true, force: true });
}
