/**
 * The query-level bench page: the site's own engine (the official SQLite wasm with Trawl's HTTP
 * VFS, `src/site/data/engine-client.ts`) and the same chunked config, running either Trawl's own
 * query functions or the original design's queries. Without React or rendering, it compares the
 * two layouts like for like. Layout 'legacy' runs Trawl's queries on sql.js-httpvfs 0.8.12
 * (patched as the site's worker was), the engine before decision 0016, for the engine
 * comparison.
 */
import { createDbWorker, type WorkerHttpvfs } from 'sql.js-httpvfs';
import workerUrl from 'sql.js-httpvfs/dist/sqlite.worker.js?url';
import wasmUrl from 'sql.js-httpvfs/dist/sql-wasm.wasm?url';
import { z } from 'zod';
import { FTS_COLUMNS, type EpisodeRow } from '../../src/core/db-schema.ts';
import { loadAnalyzer, type Analyzer } from '../../src/core/analyzer.ts';
import { checkSearchTerm } from '../../src/core/fts-query.ts';
import { dbConfigSchema, latestSchema, type DbConfig } from '../../src/core/site-config.ts';
import type { QueryOptions, QueryRunner, SqlValue } from '../../src/site/data/database-types.ts';
import { startEngine } from '../../src/site/data/engine-client.ts';
import { capRowLookups } from '../../src/site/data/row-paths.ts';
import {
  loadDescriptions,
  loadEpisodes,
  loadPresenters,
  loadVenues,
  searchEpisodes,
} from '../../src/site/data/queries.ts';
import { loadSnippets } from '../../src/site/data/snippet-queries.ts';
import { saidByEpisodes } from '../../src/site/data/speech-queries.ts';
import { getTranscript } from '../../src/site/data/transcript-queries.ts';
import {
  BASELINE_EPISODES_SQL,
  BASELINE_PRESENTERS_SQL,
  BASELINE_SEARCH_SQL,
  BASELINE_TRANSCRIPT_SQL,
  BASELINE_VENUES_SQL,
  baselineMatch,
} from '../baseline-queries.ts';
import {
  BENCH_GLOBAL,
  type Layout,
  type PageOperation,
  type PageOutcome,
  type QueryBenchApi,
} from './protocol.ts';

const paramsSchema = z.object({
  db: z.string().min(1),
  layout: z.enum(['trawl', 'baseline', 'legacy']),
});

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

/** What the page needs of an engine: queries, its counters and the pages it read. */
interface BenchEngine {
  db: QueryRunner;
  stats(): Promise<{ requests: number; bytes: number }>;
  /** Pages read since the last call (0-based), and whether each was cached. */
  takePages(): Promise<{ pageno: number; wasCached: boolean }[]>;
}

const pageAccessSchema = z.array(z.object({ pageno: z.number(), wasCached: z.boolean() }));
const statsSchema = z
  .object({ totalRequests: z.number(), totalFetchedBytes: z.number() })
  .nullable();

/** The site's engine on a version's chunks. */
async function openEngine(config: DbConfig, versionUrl: string): Promise<BenchEngine> {
  const engine = startEngine();
  await engine.call({
    type: 'open',
    layout: config,
    chunkUrlPrefix: new URL(config.urlPrefix, versionUrl).href,
    pageSize: config.requestChunkSize,
  });
  return {
    db: {
      // The options as the site's runner passes them (database.ts): without the blob's length
      // the worker reads a transcript's pages in doubling windows, as the site does not.
      async query<T>(
        sql: string,
        params: readonly SqlValue[] = [],
        options: QueryOptions = {},
      ): Promise<T[]> {
        const rows: unknown = await engine.call({
          type: 'query',
          sql,
          params: [...params],
          readAheadBytes: options.readAheadBytes,
          inflateJson: options.inflateJson,
        });
        if (!Array.isArray(rows)) throw new Error('the worker returned no rows');
        return rows as T[];
      },
      async prefetchRows(rows) {
        await engine.call({ type: 'rows', rows: capRowLookups(rows) });
      },
    },
    async stats() {
      const stats = statsSchema.parse(await engine.call({ type: 'stats' }));
      return { requests: stats?.totalRequests ?? 0, bytes: stats?.totalFetchedBytes ?? 0 };
    },
    takePages: async () => pageAccessSchema.parse(await engine.call({ type: 'pages' })),
  };
}

/** sql.js-httpvfs on a version's chunks (its worker patched as the site's was). */
async function openLegacy(config: DbConfig, versionUrl: string): Promise<BenchEngine> {
  const worker: WorkerHttpvfs = await createDbWorker(
    [
      {
        from: 'inline',
        config: {
          serverMode: 'chunked',
          requestChunkSize: config.requestChunkSize,
          databaseLengthBytes: config.databaseLengthBytes,
          serverChunkSize: config.serverChunkSize,
          urlPrefix: new URL(config.urlPrefix, versionUrl).href,
          suffixLength: config.suffixLength,
        },
      },
    ],
    new URL(workerUrl, document.baseURI).href,
    new URL(wasmUrl, document.baseURI).href,
  );
  return {
    db: {
      async query<T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
        const rows: unknown = await worker.db.query(sql, [...params]);
        if (!Array.isArray(rows)) throw new Error('the worker returned no rows');
        return rows as T[];
      },
    },
    async stats() {
      const stats = await worker.worker.getStats();
      return { requests: stats?.totalRequests ?? 0, bytes: stats?.totalFetchedBytes ?? 0 };
    },
    takePages: async () => worker.worker.getResetAccessedPages(),
  };
}

async function openDatabase(
  dbBase: string,
  layout: Layout,
): Promise<{ engine: BenchEngine; config: DbConfig }> {
  const base = new URL(dbBase, document.baseURI).href;
  const latest = latestSchema.parse(await fetchJson(`${base}latest.json?t=${Date.now()}`));
  const versionUrl = new URL(`${latest.latest}/`, base).href;
  const config = dbConfigSchema.parse(await fetchJson(`${versionUrl}config.json`));
  const engine =
    layout === 'legacy'
      ? await openLegacy(config, versionUrl)
      : await openEngine(config, versionUrl);
  return { engine, config };
}

/**
 * Runs `work` and reports its time and what the engine read for it. `fromStart` counts from
 * navigation start and includes what opening the database read.
 */
async function measure(
  engine: BenchEngine,
  work: () => Promise<number>,
  fromStart = false,
): Promise<PageOutcome> {
  const before = fromStart ? { requests: 0, bytes: 0 } : await engine.stats();
  if (!fromStart) await engine.takePages();
  const started = fromStart ? 0 : performance.now();
  const rows = await work();
  const ms = performance.now() - started;
  const after = await engine.stats();
  const pages = await engine.takePages();
  return {
    ms,
    rows,
    requests: after.requests - before.requests,
    fetchedBytes: after.bytes - before.bytes,
    pagesFetched: pages.filter((page) => !page.wasCached).map((page) => page.pageno),
    pagesCached: pages.filter((page) => page.wasCached).length,
    pageTrace: pages.map((page) => `${page.pageno + 1}${page.wasCached ? 'c' : ''}`).join(' '),
  };
}

interface Session {
  layout: Layout;
  engine: BenchEngine;
  db: QueryRunner;
  pageSize: number;
  /** The index's language rules, from its config.json, as the site loads them. */
  analyzer: Analyzer;
  /** Trawl's list, newest first, as the first screen loaded it. */
  episodes: EpisodeRow[];
  /** The last search's episode ids (Trawl). */
  found: ReadonlySet<number>;
}

/** The first screen: presenters, venues, every episode newest first, descriptions on screen. */
async function firstScreen(session: Session): Promise<number> {
  const { db, layout, pageSize } = session;
  if (layout === 'baseline') {
    const [presenters, venues, episodes] = [
      await db.query(BASELINE_PRESENTERS_SQL),
      await db.query(BASELINE_VENUES_SQL),
      await db.query(BASELINE_EPISODES_SQL),
    ];
    return presenters.length + venues.length + episodes.length;
  }
  const presenters = await loadPresenters(db);
  const venues = await loadVenues(db);
  session.episodes = await loadEpisodes(db);
  const shown = session.episodes.slice(0, pageSize).map((episode) => episode.id);
  const descriptions = await loadDescriptions(db, shown);
  return presenters.length + venues.length + session.episodes.length + descriptions.size;
}

async function operate(session: Session, operation: PageOperation): Promise<number> {
  const { db, layout, pageSize, analyzer } = session;
  switch (operation.kind) {
    case 'search': {
      const check = checkSearchTerm(operation.term, 1, analyzer);
      if (check.kind !== 'search') throw new Error(`"${operation.term}" is not a search`);
      if (layout === 'baseline') {
        const rows = await db.query(BASELINE_SEARCH_SQL, [baselineMatch(check.tokens.join(' '))]);
        return rows.length;
      }
      session.found = (await searchEpisodes(db, check.parsed, FTS_COLUMNS)).ids;
      return session.found.size;
    }
    case 'snippets': {
      const check = checkSearchTerm(operation.term, 1, analyzer);
      if (check.kind !== 'search') throw new Error(`"${operation.term}" is not a search`);
      if (layout === 'baseline') return 0;
      // The site's first page of results: newest (highest id) first.
      const shown = [...session.found].sort((a, b) => b - a).slice(0, pageSize);
      const found = await loadSnippets(db, shown, check.parsed);
      return [...found.values()].reduce((sum, episode) => sum + episode.snippets.length, 0);
    }
    case 'said-by': {
      const check = checkSearchTerm(operation.term, 1, analyzer);
      if (check.kind !== 'search') throw new Error(`"${operation.term}" is not a search`);
      if (layout === 'baseline') return 0;
      return (await saidByEpisodes(db, check.parsed, operation.speakers)).ids.size;
    }
    case 'transcript': {
      if (layout === 'baseline') {
        const rows = await db.query(BASELINE_TRANSCRIPT_SQL, [Number(operation.episode)]);
        return rows.length;
      }
      return (await getTranscript(db, operation.id)).words.length;
    }
    case 'next-page': {
      // The baseline loaded every description with the list: the next page reads nothing.
      if (layout === 'baseline') return 0;
      const ids = session.episodes.slice(pageSize, 2 * pageSize).map((episode) => episode.id);
      return (await loadDescriptions(db, ids)).size;
    }
  }
}

function start(): QueryBenchApi {
  const params = paramsSchema.parse(Object.fromEntries(new URLSearchParams(location.search)));
  const status = document.getElementById('status');
  const sessionReady = (async (): Promise<{ session: Session; outcome: PageOutcome }> => {
    const { engine, config } = await openDatabase(params.db, params.layout);
    const session: Session = {
      layout: params.layout,
      engine,
      db: engine.db,
      pageSize: config.site.pageSize,
      analyzer: await loadAnalyzer(config.search),
      episodes: [],
      found: new Set(),
    };
    // From navigation start: the page, the config, the worker and the queries.
    const outcome = await measure(engine, () => firstScreen(session), true);
    return { session, outcome };
  })();
  sessionReady.then(
    () => status?.replaceChildren('ready'),
    (error: unknown) => status?.replaceChildren(`failed: ${String(error)}`),
  );
  return {
    firstScreen: sessionReady.then(({ outcome }) => outcome),
    async run(operation) {
      const { session } = await sessionReady;
      return measure(session.engine, () => operate(session, operation));
    },
  };
}

Object.defineProperty(window, BENCH_GLOBAL, { value: start() });
