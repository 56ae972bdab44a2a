/* eslint-disable no-restricted-imports --
 * Test support only, never bundled: the site's tests run in Node and read a real database that
 * the real builder makes from its fixture podcast, through better-sqlite3 and the very SQL of
 * queries.ts. The builder and Node's file system are needed for that alone. */
import Database from 'better-sqlite3';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dbConfigSchema, type DbConfig } from '../../../core/site-config.ts';
import type { SqlValue, TrawlDatabase } from '../database-types.ts';
import { toDatabaseError } from '../database-errors.ts';
import { afterAll, beforeAll, inject } from 'vitest';
import type { BuiltFixture } from './fixture-global-setup.ts';

/** A built fixture database, open for the tests of one file. */
export interface FixtureDatabase {
  /** The database as the site sees it (same interface as the worker-backed one). */
  database: TrawlDatabase;
  config: DbConfig;
  /** better-sqlite3 on the same file, for reading expectations and query plans. */
  sqlite: Database.Database;
  /** The joined database file: the run's one build, shared by every file, so read it only. */
  file: string;
  /** How many times `recreate()` was called. */
  recreations: () => number;
  close: () => Promise<void>;
}

/** Runs the site's SQL on a better-sqlite3 connection, with the worker's error wrapping. */
export function runnerOver(sqlite: () => Database.Database): TrawlDatabase['query'] {
  return <T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> => {
    try {
      return Promise.resolve(
        sqlite()
          .prepare<SqlValue[], T>(sql)
          .all(...params),
      );
    } catch (error) {
      return Promise.reject(toDatabaseError(error));
    }
  };
}

export interface FixtureOptions {
  /**
   * Damage the full-text index pages of the first connection (as a host that serves a broken
   * file would): searches fail with 'database disk image is malformed' until `recreate()`
   * opens the intact file.
   */
  corruptSearchIndex?: boolean;
  /** Drop a table in the copy the site reads, as an outdated database would lack it. */
  dropTable?:
    'search_terms' | 'search_stems' | 'search_pairs' | 'term_lists' | 'words_fts' | 'episode_list';
}

/**
 * Opens the fixture podcast the real builder built for this run (fixture-global-setup.ts),
 * read-only; altered copies go in a temporary folder of its own.
 */
export async function openFixtureDatabase(options: FixtureOptions = {}): Promise<FixtureDatabase> {
  const built: BuiltFixture = inject('siteFixture');
  const dir = await mkdtemp(join(tmpdir(), 'trawl-site-fixture-'));
  const config = dbConfigSchema.parse(
    JSON.parse(await readFile(join(built.versionDir, 'config.json'), 'utf8')),
  );
  const sqlite = new Database(built.databaseFile, { readonly: true, fileMustExist: true });

  let served = sqlite;
  const extra: Database.Database[] = [];
  if (options.dropTable !== undefined) {
    const copyFile = join(dir, 'altered.sqlite3');
    await writeFile(copyFile, await readFile(built.databaseFile));
    const copy = new Database(copyFile);
    copy.exec(`DROP TABLE ${options.dropTable}`);
    served = copy;
    extra.push(copy);
  }
  if (options.corruptSearchIndex) {
    const bytes = await readFile(built.databaseFile);
    const pages = sqlite
      .prepare<[], { pageno: number }>(
        "SELECT pageno FROM dbstat WHERE name IN ('words_fts_data', 'search_terms', 'search_stems', 'search_pairs')",
      )
      .all();
    for (const { pageno } of pages) {
      bytes.fill(0x5a, (pageno - 1) * config.requestChunkSize, pageno * config.requestChunkSize);
    }
    const brokenFile = join(dir, 'broken.sqlite3');
    await writeFile(brokenFile, bytes);
    served = new Database(brokenFile, { readonly: true });
    extra.push(served);
  }

  let recreations = 0;
  const database: TrawlDatabase = {
    open: () => Promise.resolve(config),
    query: runnerOver(() => served),
    recreate: () => {
      recreations += 1;
      // A fresh worker re-reads the published files, which are intact.
      if (options.corruptSearchIndex) served = sqlite;
      return Promise.resolve();
    },
    stats: () => Promise.resolve(null),
  };

  return {
    database,
    config,
    sqlite,
    file: built.databaseFile,
    recreations: () => recreations,
    close: async () => {
      for (const connection of extra) connection.close();
      sqlite.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The fixture database for one test file: the run's build by the real builder, opened before
 * the file's tests (`beforeAll`) and closed after them (with any altered copy); read its fields
 * inside tests.
 */
export function fixtureDatabaseForFile(options: FixtureOptions = {}): FixtureDatabase {
  let opened: FixtureDatabase | undefined;
  const current = (): FixtureDatabase => {
    if (opened === undefined)
      throw new Error('fixtureDatabaseForFile: read before its beforeAll ran');
    return opened;
  };
  beforeAll(async () => {
    opened = await openFixtureDatabase(options);
  });
  afterAll(async () => {
    await opened?.close();
  });
  return {
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    get sqlite() {
      return current().sqlite;
    },
    get file() {
      return current().file;
    },
    recreations: () => current().recreations(),
    close: () => current().close(),
  };
}
