// @vitest-environment node
/* eslint-disable no-restricted-imports --
 * Node only, never bundled: the engine's wasm reads the chunk files the real builder wrote,
 * through the site's own VFS, with the file system standing in for the host. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildFixturePodcast,
  publishedConfig,
} from '../../builder/test-support/fixture-podcast.ts';
import { FTS_COLUMNS } from '../../core/db-schema.ts';
import { checkSearchTerm } from '../../core/fts-query.ts';
import type { DbConfig } from '../../core/site-config.ts';
import { ENGLISH } from '../../core/test-support/analyzers.ts';
import { pagesOfRuns } from '../../core/warm-pages.ts';
import type { QueryRunner, SqlValue } from './database-types.ts';
import { HttpPages } from './http-pages.ts';
import { loadEpisodeList, searchEpisodes } from './queries.ts';
import { loadCompletions } from './term-list-queries.ts';
import { startWarmBurst, warmRequests } from './warm-burst.ts';
import { diskHost } from './test-support/disk-host.ts';
import { ENGINES, type TestEngine } from './test-support/engines.ts';

// The warm pages the builder records (decision 0066), on the fixture podcast built by the real
// builder and read by the engine's own wasm through the site's VFS: every page the burst
// fetches is one the landing's search reads (nothing in vain), and the search then asks the
// host for fewer pages, one after another.

let root: string;
let config: DbConfig;
let versionDir: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-warm-pages-'));
  const built = await buildFixturePodcast(root);
  versionDir = built.result.versionDir;
  config = await publishedConfig(versionDir);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A host's fetch over the version's chunk files on disk (206 with Content-Range). */
function diskFetch(): typeof fetch {
  const request = diskHost(versionDir, config);
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const range = /^bytes=(\d+)-(\d+)$/.exec(new Headers(init?.headers).get('Range') ?? '');
    if (range === null) return Promise.reject(new Error(`no range asked for ${url}`));
    const answer = request(url, Number(range[1]), Number(range[2]));
    const contentRange = answer.header('content-range') ?? '';
    return Promise.resolve(
      new Response(answer.body.slice(), {
        status: 206,
        headers: { 'Content-Range': contentRange },
      }),
    );
  };
}

/** A fresh engine on the fixture's version, its pages warmed first when `warm` says so. */
async function openEngine(
  engine: TestEngine,
  warm: boolean,
): Promise<{ runner: QueryRunner; pages: HttpPages }> {
  const pages = new HttpPages({
    layout: config,
    chunkUrlPrefix: `https://host.test/db/${config.version}/${config.urlPrefix}`,
    pageSize: config.requestChunkSize,
    request: diskHost(versionDir, config),
  });
  if (warm) {
    const requests = warmRequests(config.warmPages ?? [], config, config.requestChunkSize, pages);
    await startWarmBurst(requests, diskFetch()).primeInto(pages);
  }
  const db = await engine.open(pages);
  const runner: QueryRunner = {
    // Rows of a database Trawl built itself: the SQL's column list is their shape.
    query: async <T>(sql: string, params: readonly SqlValue[] = []) => db.query(sql, params) as T[],
  };
  return { runner, pages };
}

/** What a landing reads: the list, the box's suggestions for the word, and its search. */
async function land(runner: QueryRunner, word: string): Promise<number> {
  const check = checkSearchTerm(word, 3, ENGLISH);
  if (check.kind !== 'search') throw new Error(`${word} is not a search`);
  await loadEpisodeList(runner);
  // The box's focus reads the 2-character prefixes' row; typing, the word's own.
  await loadCompletions(runner, word.slice(0, 2));
  await loadCompletions(runner, word);
  return (await searchEpisodes(runner, check.parsed, FTS_COLUMNS)).ids.size;
}

test('the config names the schema, the list and the term tables’ roots', () => {
  const warm = pagesOfRuns(config.warmPages ?? []);
  expect(warm).toContain(1);
  expect(warm.length).toBeGreaterThanOrEqual(4);
  expect(warm.length).toBeLessThanOrEqual(16);
});

describe.each(ENGINES)('the $name engine', (engine) => {
  test.each(['narwhal', 'octopuses', 'cream'])(
    "every warm page is one the landing's search for '%s' reads, and it asks the host less",
    async (word) => {
      const cold = await openEngine(engine, false);
      const found = await land(cold.runner, word);
      expect(found).toBeGreaterThan(0);
      const read = new Set(cold.pages.takeAccessedPages().map(({ pageno }) => pageno + 1));
      expect(pagesOfRuns(config.warmPages ?? []).filter((page) => !read.has(page))).toEqual([]);

      const warm = await openEngine(engine, true);
      const warmed = warm.pages.stats();
      expect(await land(warm.runner, word)).toBe(found);
      const after = warm.pages.stats();
      // SQLite's own requests, each waiting for the one before it.
      const sequential = after.totalRequests - warmed.totalRequests;
      expect(sequential).toBeLessThan(cold.pages.stats().totalRequests);
      // No page is read twice: the burst's bytes replace bytes SQLite would have asked for.
      expect(after.totalFetchedBytes).toBeLessThanOrEqual(
        cold.pages.stats().totalFetchedBytes + config.requestChunkSize,
      );
    },
  );
});
