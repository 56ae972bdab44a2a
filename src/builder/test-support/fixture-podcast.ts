import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dbConfigSchema } from '../../core/site-config.ts';
import { buildPodcast, type BuildOptions, type BuildResult } from '../build.ts';

/** The fixture podcast folder: 7 numbered episodes (1, 2, 3, 4, 5, 14.5, 15), every transcript format. */
export const FIXTURE_PODCAST_DIR = join(import.meta.dirname, '..', 'fixtures', 'podcast');

/** A built fixture database. */
export interface FixtureDatabase {
  result: BuildResult;
  /** The whole database as one SQLite file (the chunks joined), for better-sqlite3. */
  databaseFile: string;
}

/** Joins a version folder's chunk files into one SQLite file at `target`. */
export async function joinChunks(versionDir: string, target: string): Promise<void> {
  const config = dbConfigSchema.parse(
    JSON.parse(await readFile(join(versionDir, 'config.json'), 'utf8')),
  );
  const count = Math.ceil(config.databaseLengthBytes / config.serverChunkSize);
  const parts: Buffer[] = [];
  for (let index = 0; index < count; index += 1) {
    parts.push(
      await readFile(
        join(versionDir, `${config.urlPrefix}${String(index).padStart(config.suffixLength, '0')}`),
      ),
    );
  }
  await writeFile(target, Buffer.concat(parts));
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
