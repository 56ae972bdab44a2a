import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { buildPodcast, type BuildOptions, type BuildResult } from '../build.ts';
import { joinChunks } from '../chunk-files.ts';

/** The fixture podcast folder: 7 numbered episodes (1, 2, 3, 4, 5, 14.5, 15), every transcript format. */
export const FIXTURE_PODCAST_DIR = join(import.meta.dirname, '..', 'fixtures', 'podcast');

/** A built fixture database. */
export interface FixtureDatabase {
  result: BuildResult;
  /** The whole database as one SQLite file (the chunks joined), for better-sqlite3. */
  databaseFile: string;
}

/**
 * Builds the fixture podcast with the real builder into `dir` (published under `dir/db`) and
 * joins the chunks into `dir/fixture.sqlite3`. Other Node tests use it to get a real database.
 */
export async function buildFixturePodcast(
  dir: string,
  options: Partial<BuildOptions> = {},
): Promise<FixtureDatabase> {
  const result = await buildPodcast({
    folder: FIXTURE_PODCAST_DIR,
    outDir: join(dir, 'db'),
    ...options,
  });
  const databaseFile = join(dir, 'fixture.sqlite3');
  await joinChunks(result.versionDir, databaseFile);
  return { result, databaseFile };
}

/** A copy of the fixture podcast at `dir`, for a test that changes it. */
export async function copyFixturePodcast(dir: string): Promise<string> {
  await cp(FIXTURE_PODCAST_DIR, dir, { recursive: true });
  return dir;
}
