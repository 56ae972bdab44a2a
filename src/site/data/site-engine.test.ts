// @vitest-environment node
/* eslint-disable no-restricted-imports --
 * Node only, never bundled: the engine's wasm (the same sqlite3.wasm the worker loads) reads the
 * chunk files the real builder wrote, through the site's own VFS, with the file system standing
 * in for the host. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildFixturePodcast,
  publishedConfig,
} from '../../builder/test-support/fixture-podcast.ts';
import { planChunks } from '../../core/chunk-layout.ts';
import { FTS_COLUMNS } from '../../core/db-schema.ts';
import { checkSearchTerm } from '../../core/fts-query.ts';
import { ENGLISH } from '../../core/test-support/analyzers.ts';
import type { DbConfig } from '../../core/site-config.ts';
import type { QueryRunner, SqlValue } from './database-types.ts';
import { HttpPages } from './http-pages.ts';
import { loadEpisodes, searchEpisodes } from './queries.ts';
import { getTranscript } from './transcript-queries.ts';
import { diskHost } from './test-support/disk-host.ts';
import { ENGINES } from './test-support/engines.ts';

// Every database the builder makes must open in the browser's engine (design note 7): the
// fixture podcast, built by the real builder in chunk files of one page each (every multi-page
// read crosses a file), opened by each SQLite wasm the worker can be built with (the official
// one through the site's HTTP VFS, Trawl's own with its VFS in C, decision 0080), answers the
// site's queries exactly as the builder's own SQLite does.

const CHUNK = 16 * 1024;
let root: string;
let config: DbConfig;
let sqlite: Database.Database;
let built: Awaited<ReturnType<typeof buildFixturePodcast>>;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-site-engine-'));
  built = await buildFixturePodcast(root, { chunkSize: CHUNK });
  config = await publishedConfig(built.result.versionDir);
  sqlite = new Database(built.databaseFile, { readonly: true });
});

afterAll(async () => {
  sqlite.close();
  await rm(root, { recursive: true, force: true });
});

const builderRows = (sql: string, params: SqlValue[] = []): unknown[] =>
  sqlite.prepare(sql).all(...params);

describe.each(ENGINES)('the $name site engine on a database the builder made', (tested) => {
  let engine: QueryRunner;
  let pages: HttpPages;

  beforeAll(async () => {
    pages = new HttpPages({
      layout: config,
      chunkUrlPrefix: `https://host.test/db/${config.version}/${config.urlPrefix}`,
      pageSize: config.requestChunkSize,
      request: diskHost(built.result.versionDir, config),
    });
    const db = await tested.open(pages);
    engine = {
      // Rows of a database Trawl built itself: the SQL's column list is their shape.
      query: async <T>(sql: string, params: readonly SqlValue[] = []) =>
        db.query(sql, params) as T[],
    };
  });

  test('is its SQLite with FTS5, and the database spans many chunk files', async () => {
    expect(await engine.query('SELECT sqlite_version() AS version')).toEqual([
      { version: tested.version },
    ]);
    expect(planChunks(config.databaseLengthBytes, CHUNK).suffixLength).toBeGreaterThanOrEqual(3);
    expect(config.databaseLengthBytes / CHUNK).toBeGreaterThan(10);
  });

  test('reads every table as the builder wrote it', async () => {
    const tables = builderRows(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name",
    );
    expect(tables.length).toBeGreaterThan(10);
    for (const table of tables) {
      const name = typeof table === 'object' && table !== null ? Reflect.get(table, 'name') : '';
      const sql = `SELECT count(*) AS n FROM "${String(name)}"`;
      expect({ name, rows: await engine.query(sql) }).toEqual({ name, rows: builderRows(sql) });
    }
  });

  test("answers the site's own queries: the list, searches, a phrase and a transcript", async () => {
    const episodes = await loadEpisodes(engine);
    expect(episodes.map((episode) => episode.episode)).toEqual(
      builderRows('SELECT episode FROM episodes ORDER BY id DESC').map((row) =>
        typeof row === 'object' && row !== null ? Reflect.get(row, 'episode') : null,
      ),
    );
    const builder: QueryRunner = {
      // The same rows from the builder's SQLite, for comparison.
      query: async <T>(sql: string, params: readonly SqlValue[] = []) =>
        builderRows(sql, [...params]) as T[],
    };
    for (const term of ['narwhal', 'octopuses', '"ice cream"', '"octopuses have three hearts"']) {
      const check = checkSearchTerm(term, 3, ENGLISH);
      if (check.kind !== 'search') throw new Error(`${term} is not a search`);
      const found = await searchEpisodes(engine, check.parsed, FTS_COLUMNS);
      expect({ term, ids: [...found.ids] }).toEqual({
        term,
        ids: [...(await searchEpisodes(builder, check.parsed, FTS_COLUMNS)).ids],
      });
      expect(found.ids.size, term).toBeGreaterThan(0);
    }
    const transcript = await getTranscript(engine, 6);
    expect(transcript).toEqual(await getTranscript(builder, 6));
    expect(pages.stats().totalRequests).toBeGreaterThan(0);
  });

  test('a malformed statement fails as a query error, and the database still answers', async () => {
    await expect(engine.query('SELECT * FROM no_such_table')).rejects.toThrow(/no such table/);
    expect(await engine.query('SELECT count(*) AS n FROM episodes')).toEqual([{ n: 7 }]);
  });
});
