/**
 * Exact request and byte counts of the snippet loads and a transcript, at the query level in
 * Node (issue 27, item 6): the site's own query functions on the engine's wasm, through the
 * site's VFS (`HttpPages`), with the version's chunk files on disk standing in for the host.
 * Each operation runs on a fresh engine after the list, as a cold page does; the trace names
 * the table of every page read (`dbstat` of the joined chunks) and the pages of every request.
 *
 *   npx tsx bench/snippet-reads.ts <trawl build --out folder> [--rare WORD] [--term TERM …]
 *
 * No browser and no added delay, so it prints no times: requests and bytes are what the
 * budgets count, and they do not depend on the machine.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import Database from 'better-sqlite3';
import { loadAnalyzer } from '../src/core/analyzer.ts';
import { FTS_COLUMNS } from '../src/core/db-schema.ts';
import { checkSearchTerm } from '../src/core/fts-query.ts';
import { chunkCount, chunkStart } from '../src/core/chunk-layout.ts';
import type { DbConfig } from '../src/core/site-config.ts';
import { joinChunks, readPublished } from '../src/builder/publish/chunk-files.ts';
import type { QueryOptions, QueryRunner, SqlValue } from '../src/site/data/database-types.ts';
import { HttpPages } from '../src/site/data/http-pages.ts';
import { loadEpisodes, searchEpisodes } from '../src/site/data/queries.ts';
import { loadSnippets } from '../src/site/data/snippet-queries.ts';
import { installHttpVfs, type Sqlite3 } from '../src/site/data/sqlite-http-vfs.ts';
import { getTranscript } from '../src/site/data/transcript-queries.ts';
import { chooseWorkload } from './prepare.ts';
import { diskHost } from '../src/site/data/test-support/disk-host.ts';

/** Results per page, as the site shows them. */
const PAGE_SIZE = 10;

interface Engine {
  runner: QueryRunner;
  pages: HttpPages;
  /** Each request's pages (1-based, as `dbstat` numbers them), first and last, since the last `measure`. */
  requests: [number, number][];
}

function openEngine(sqlite3: Sqlite3, versionDir: string, config: DbConfig): Engine {
  const host = diskHost(versionDir, config);
  const requests: [number, number][] = [];
  // Chunk files are named by their bytes (decision 0060): the file's index by its URL.
  let indexOf: Map<string, number> | undefined;
  const pages: HttpPages = new HttpPages({
    layout: config,
    chunkUrlPrefix: `https://host.test/db/${config.version}/${config.urlPrefix}`,
    pageSize: config.requestChunkSize,
    request: (url, start, end) => {
      // The chunk file's index and the byte range give the pages in the whole file.
      indexOf ??= new Map(
        Array.from({ length: chunkCount(config) }, (_, index) => [pages.chunkUrl(index), index]),
      );
      const chunk = indexOf.get(url);
      if (chunk === undefined) throw new Error(`${url} is no chunk of this version`);
      const base = chunkStart(config, chunk) / config.requestChunkSize;
      const answer = host(url, start, end);
      const first = base + start / config.requestChunkSize + 1;
      requests.push([first, first + answer.body.length / config.requestChunkSize - 1]);
      return answer;
    },
  });
  const db = installHttpVfs(sqlite3, pages);
  const runner: QueryRunner = {
    // Rows of a database Trawl built itself: the SQL's column list is their shape.
    query: async <T>(sql: string, params: readonly SqlValue[] = [], options: QueryOptions = {}) =>
      db.query(sql, params, options.readAheadBytes) as T[],
  };
  return { runner, pages, requests };
}

/** Requests, KB and the pages read (by table) of `run`, after what came before it. */
async function measure(
  engine: Engine,
  owners: ReadonlyMap<number, string>,
  run: () => Promise<string>,
): Promise<string> {
  const before = engine.pages.stats();
  engine.pages.takeAccessedPages();
  engine.requests.length = 0;
  const what = await run();
  const after = engine.pages.stats();
  const requests = after.totalRequests - before.totalRequests;
  const kb = Math.round((after.totalFetchedBytes - before.totalFetchedBytes) / 1024);
  const trace = engine.pages
    .takeAccessedPages()
    // The VFS counts pages from 0 (offset ÷ page size); SQLite and `dbstat` from 1.
    .map(({ pageno, wasCached }) => {
      const page = pageno + 1;
      return `${page}${wasCached ? 'c' : ''}:${owners.get(page) ?? '?'}`;
    })
    .join(' ');
  const fetched = engine.requests.splice(0);
  const ranges = fetched
    .map(([first, last]) => (first === last ? `${first}` : `${first}-${last}`))
    .join(' ');
  // Pages fetched per table, read-ahead included: what each table costs the operation.
  const perTable = new Map<string, number>();
  for (const [first, last] of fetched) {
    for (let page = first; page <= last; page += 1) {
      const table = owners.get(page) ?? '?';
      perTable.set(table, (perTable.get(table) ?? 0) + 1);
    }
  }
  const summary = [...perTable].map(([table, pages]) => `${table} ${pages}`).join(', ');
  return `${requests} / ${kb} KB  (${what})\n    pages: ${trace}\n    requests: ${ranges}\n    fetched pages by table: ${summary}`;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { rare: { type: 'string' }, term: { type: 'string', multiple: true } },
  });
  const outDir = positionals[0];
  if (!outDir) {
    throw new Error(
      'usage: snippet-reads.ts <trawl build --out folder> [--rare WORD] [--term TERM …]',
    );
  }
  const { versionDir, config } = await readPublished(outDir);
  const temp = await mkdtemp(join(tmpdir(), 'trawl-snippet-reads-'));
  try {
    const joined = join(temp, 'db.sqlite3');
    await joinChunks(versionDir, joined);
    const analyzer = await loadAnalyzer(config.search);
    const workload = chooseWorkload(joined, PAGE_SIZE, analyzer);
    const sqlite = new Database(joined, { readonly: true });
    const owners = new Map(
      sqlite
        .prepare<[], { pageno: number; name: string }>('SELECT pageno, name FROM dbstat')
        .all()
        .map((row) => [row.pageno, row.name]),
    );
    const sizes = sqlite
      .prepare<[], { name: string; bytes: number }>(
        'SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC LIMIT 12',
      )
      .all();
    sqlite.close();
    console.log(`database ${(config.databaseLengthBytes / 2 ** 20).toFixed(1)} MiB; largest:`);
    for (const { name, bytes } of sizes)
      console.log(`  ${name} ${(bytes / 2 ** 20).toFixed(1)} MiB`);
    const sqlite3 = await sqlite3InitModule();
    const rare = values.rare ?? workload.rare;
    // Beside the three budgeted searches (issue 27, item 6): the phrase's two words unquoted,
    // and the rare word's first two thirds as typed, a prefix no row holds whole (decision 0087).
    const typedPart = [...rare]
      .slice(0, Math.max(3, Math.ceil(([...rare].length * 2) / 3)))
      .join('');
    const terms = [rare, workload.common, `"${workload.phrase}"`, workload.phrase, typedPart];
    for (const term of [...terms, ...(values.term ?? [])]) {
      const check = checkSearchTerm(term, 1, analyzer);
      if (check.kind !== 'search') throw new Error(`"${term}" is not a search`);
      const engine = openEngine(sqlite3, versionDir, config);
      await loadEpisodes(engine.runner);
      let shown: number[] = [];
      const search = await measure(engine, owners, async () => {
        const found = await searchEpisodes(engine.runner, check.parsed, FTS_COLUMNS);
        // The site's first page of results: newest (highest id) first.
        shown = [...found.ids].sort((a, b) => b - a).slice(0, PAGE_SIZE);
        return `${found.ids.size} episodes`;
      });
      const snippets = await measure(engine, owners, async () => {
        const found = await loadSnippets(engine.runner, shown, check.parsed);
        const counts = shown.map((id) => found.get(id)?.snippets.length ?? 0);
        return `snippets per row ${counts.join(' ')}`;
      });
      console.log(`${term}: search ${search}\n  snippets ${snippets}`);
    }
    const engine = openEngine(sqlite3, versionDir, config);
    await loadEpisodes(engine.runner);
    const transcript = await measure(engine, owners, async () => {
      const blob = await getTranscript(engine.runner, workload.transcript.id);
      return `episode ${workload.transcript.episode}, ${blob.words.length} words`;
    });
    console.log(`transcript ${transcript}`);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

await main();
