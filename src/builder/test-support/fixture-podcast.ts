import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll } from 'vitest';
import type { DbConfig } from '../../core/site-config.ts';
import { buildPodcast, type BuildOptions, type BuildResult } from '../build.ts';
import { joinChunks, readVersionConfig } from '../publish/chunk-files.ts';
import { copyPodcastInputs } from './copy-podcast.ts';

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
  await copyPodcastInputs(FIXTURE_PODCAST_DIR, dir, { media: true });
  return dir;
}

/** The fixture podcast built once for a test file, in a temporary folder of its own. */
export interface BuiltFixture {
  /** The temporary folder; the file's tests may write in it. */
  readonly root: string;
  readonly fixture: FixtureDatabase;
  /** The built database, opened read-only. */
  readonly db: Database.Database;
  /** A copy of the fixture podcast under `root` that a test may change. */
  copy: (name: string) => Promise<string>;
  /** The first column of each row a query returns, as numbers. */
  ids: (sql: string, ...params: unknown[]) => number[];
}

/** Builds the fixture podcast before the file's tests (`beforeAll`) and removes it after. */
export function useBuiltFixture(prefix: string): BuiltFixture {
  let state: { root: string; fixture: FixtureDatabase; db: Database.Database } | undefined;
  const current = () => {
    if (state === undefined) throw new Error('useBuiltFixture: used before beforeAll ran');
    return state;
  };
  beforeAll(async () => {
    const root = await mkdtemp(join(tmpdir(), prefix));
    const fixture = await buildFixturePodcast(join(root, 'fixture'));
    state = { root, fixture, db: new Database(fixture.databaseFile, { readonly: true }) };
  });
  afterAll(async () => {
    state?.db.close();
    if (state) await rm(state.root, { recursive: true, force: true });
  });
  return {
    get root() {
      return current().root;
    },
    get fixture() {
      return current().fixture;
    },
    get db() {
      return current().db;
    },
    copy: (name) => copyFixturePodcast(join(current().root, name)),
    ids: (sql, ...params) =>
      current()
        .db.prepare(sql)
        .raw()
        .all(...params)
        .map((row) => Number(Array.isArray(row) ? row[0] : Number.NaN)),
  };
}

/** The config.json a build published in its version folder, parsed as the site reads it. */
export async function publishedConfig(versionDir: string): Promise<DbConfig> {
  return readVersionConfig(versionDir);
}

/** The episode numbers of a database file, in id order. */
export function episodeNumbers(databaseFile: string): string[] {
  const sqlite = new Database(databaseFile, { readonly: true });
  try {
    return sqlite
      .prepare<[], { episode: string }>('SELECT episode FROM episodes ORDER BY id')
      .all()
      .map((row) => row.episode);
  } finally {
    sqlite.close();
  }
}
