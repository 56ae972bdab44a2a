/**
 * `npm run bench:engine-ab`: the site's queries on the two SQLite wasm builds the worker can
 * start (decision 0080), the official one and Trawl's own, in one Node process, alternated, on
 * a database the real builder made from the bench corpus. The pages come from the chunk files
 * on disk through the site's `HttpPages` (no network), so what differs is the engine alone:
 * its time to start (compile and instantiate the wasm), to open the database, and to run each
 * query cold (fresh pages, fresh engine state) and warm (the same query again), whole and
 * without the time spent in the pages' reads (the same JavaScript for both).
 *
 *   npm run bench:engine-ab [-- --runs 7 --episodes 600 --words 9000 --seed 1]
 *     [--own-wasm FILE]   (another build of Trawl's own: `bash scripts/build-engine.sh FILE -O2`)
 *
 * Prints each operation's medians and the ratio own / official; writes nothing tracked.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import {
  joinChunks,
  readPublished,
  readVersionConfig,
} from '../src/builder/publish/chunk-files.ts';
import { FTS_COLUMNS } from '../src/core/db-schema.ts';
import { checkSearchTerm } from '../src/core/fts-query.ts';
import { loadAnalyzer, type Analyzer } from '../src/core/analyzer.ts';
import type { DbConfig } from '../src/core/site-config.ts';
import type { QueryRunner, SqlValue } from '../src/site/data/database-types.ts';
import { HttpPages } from '../src/site/data/http-pages.ts';
import {
  loadDescriptions,
  loadEpisodeList,
  loadEpisodes,
  loadPresenters,
  loadVenues,
  searchEpisodes,
} from '../src/site/data/queries.ts';
import { loadSnippets } from '../src/site/data/snippet-queries.ts';
import type { OpenDatabase } from '../src/site/data/sqlite-http-vfs.ts';
import { loadCompletions } from '../src/site/data/term-list-queries.ts';
import { getTranscript } from '../src/site/data/transcript-queries.ts';
import { diskHost } from '../src/site/data/test-support/disk-host.ts';
import {
  OFFICIAL_WASM_FILE,
  startOfficialEngine,
  startOwnEngine,
  type StartedEngine,
} from '../src/site/data/test-support/engines.ts';
import { REPO_ROOT } from './assets.ts';
import { buildTrawl, chooseWorkload, corpusKey, ensureCorpus, type Workload } from './prepare.ts';
import { median } from './stats.ts';

const CACHE_DIR = resolve(REPO_ROOT, '.trawl/bench');
const COMMITTED_OWN_WASM = resolve(REPO_ROOT, 'src/site/data/sqlite3-trawl.wasm');

const optionsSchema = z.object({
  runs: z.coerce.number().int().min(1).max(50),
  episodes: z.coerce.number().int().min(12).max(100_000),
  words: z.coerce.number().int().min(10).max(200_000),
  seed: z.coerce.number().int().min(0),
  ownWasm: z.string().min(1),
});

type EngineName = 'official' | 'own';
/** Starts an engine from its wasm's bytes, as the worker does (compile, instantiate, boot). */
async function startEngine(name: EngineName, ownWasm: string): Promise<StartedEngine> {
  return name === 'own'
    ? startOwnEngine(await readFile(ownWasm))
    : startOfficialEngine(await readFile(OFFICIAL_WASM_FILE));
}

/** One operation of the site: what it reads, by the site's own query functions. */
interface Operation {
  id: string;
  run(db: QueryRunner): Promise<number>;
}

function operations(workload: Workload, analyzer: Analyzer, pageSize: number): Operation[] {
  const parsed = (term: string) => {
    const check = checkSearchTerm(term, 1, analyzer);
    if (check.kind !== 'search') throw new Error(`"${term}" is not a search`);
    return check.parsed;
  };
  const search = (id: string, term: string): Operation => ({
    id,
    run: async (db) => (await searchEpisodes(db, parsed(term), FTS_COLUMNS)).ids.size,
  });
  return [
    { id: 'list (episode_list)', run: async (db) => (await loadEpisodeList(db)).episodes.length },
    {
      id: 'first screen (rows)',
      run: async (db) => {
        const episodes = await loadEpisodes(db);
        const shown = episodes.slice(0, pageSize).map((episode) => episode.id);
        return (
          (await loadPresenters(db)).length +
          (await loadVenues(db)).length +
          episodes.length +
          (await loadDescriptions(db, shown)).size
        );
      },
    },
    {
      id: 'completions',
      run: async (db) =>
        (await loadCompletions(db, workload.rare.slice(0, 2))).length +
        (await loadCompletions(db, workload.rare)).length,
    },
    search('search rare', workload.rare),
    search('search common', workload.common),
    search('search phrase', `"${workload.phrase}"`),
    search('search all fields', workload.allFields),
    {
      id: 'snippets (common)',
      run: async (db) => {
        const found = await searchEpisodes(db, parsed(workload.common), FTS_COLUMNS);
        const shown = [...found.ids].sort((a, b) => b - a).slice(0, pageSize);
        const snippets = await loadSnippets(db, shown, parsed(workload.common));
        return [...snippets.values()].reduce((sum, episode) => sum + episode.snippets.length, 0);
      },
    },
    {
      id: 'transcript',
      run: async (db) => (await getTranscript(db, workload.transcript.id)).words.length,
    },
  ];
}

function runner(db: OpenDatabase): QueryRunner {
  return {
    // Rows of a database Trawl built itself: the SQL's column list is their shape.
    query: async <T>(sql: string, params: readonly SqlValue[] = []) => db.query(sql, params) as T[],
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '7' },
      episodes: { type: 'string', default: '600' },
      words: { type: 'string', default: '9000' },
      seed: { type: 'string', default: '1' },
      'own-wasm': { type: 'string', default: COMMITTED_OWN_WASM },
    },
  });
  const options = optionsSchema.parse({ ...values, ownWasm: resolve(values['own-wasm']) });
  const parameters = { episodes: options.episodes, words: options.words, seed: options.seed };
  const corpus = await ensureCorpus(parameters, CACHE_DIR);
  const out = join(CACHE_DIR, `engine-ab-${corpusKey(parameters)}`);
  // The corpus's database is built once, then reused: only the engines are measured here.
  const built = existsSync(join(out, 'latest.json'))
    ? await readPublished(out)
    : await buildTrawl(corpus.dir, out, null);
  const config: DbConfig = await readVersionConfig(built.versionDir);
  const file = join(CACHE_DIR, `engine-ab-${corpusKey(parameters)}.sqlite3`);
  await joinChunks(built.versionDir, file);
  const analyzer = await loadAnalyzer(config.search);
  const workload = chooseWorkload(file, config.site.pageSize, analyzer);
  const work = operations(workload, analyzer, config.site.pageSize);
  console.log(
    `engine A/B: ${options.ownWasm} against the official build, ${corpusKey(parameters)} (${(config.databaseLengthBytes / 1048576).toFixed(1)} MiB), ${options.runs} runs, ` +
      `rare '${workload.rare}', common '${workload.common}', all fields '${workload.allFields}', load average ${loadavg().map((n) => n.toFixed(1))}`,
  );
  // The time spent in the pages' reads (HttpPages and the disk: the same code for both
  // engines), taken out of each operation's for its engine-only time.
  let readMs = 0;
  const pagesOf = () => {
    const pages = new HttpPages({
      layout: config,
      chunkUrlPrefix: `https://host.test/db/${config.version}/${config.urlPrefix}`,
      pageSize: config.requestChunkSize,
      request: diskHost(built.versionDir, config),
    });
    const read = pages.read.bind(pages);
    pages.read = (target, offset, length) => {
      const started = performance.now();
      try {
        return read(target, offset, length);
      } finally {
        readMs += performance.now() - started;
      }
    };
    return pages;
  };
  const times = new Map<string, number[]>();
  const note = (key: string, ms: number) => times.set(key, [...(times.get(key) ?? []), ms]);
  const rowsSeen = new Map<string, number>();
  // Each run starts each engine afresh for the start's time; the queries run on the first
  // instance of each (the official build's VFS registers once per worker, as the worker has one).
  const first = new Map<EngineName, StartedEngine>();
  for (let run = 1; run <= options.runs; run += 1) {
    const order: EngineName[] = run % 2 === 1 ? ['official', 'own'] : ['own', 'official'];
    for (const name of order) {
      let started = performance.now();
      const instance = await startEngine(name, options.ownWasm);
      note(`${name} start`, performance.now() - started);
      if (!first.has(name)) first.set(name, instance);
      const open = first.get(name) ?? instance;
      started = performance.now();
      open(pagesOf());
      note(`${name} open`, performance.now() - started);
      for (const operation of work) {
        // Cold: a fresh database on fresh pages; then warm, the same again.
        const db = runner(open(pagesOf()));
        for (const phase of ['cold', 'warm'] as const) {
          started = performance.now();
          const readBefore = readMs;
          const rows = await operation.run(db);
          const ms = performance.now() - started;
          note(`${name} ${operation.id} ${phase}`, ms);
          note(`${name} ${operation.id} ${phase} engine`, ms - (readMs - readBefore));
          const key = `${operation.id} ${phase}`;
          const before = rowsSeen.get(key);
          if (before !== undefined && before !== rows) {
            throw new Error(`${operation.id}: ${name} found ${rows}, the other ${before}`);
          }
          rowsSeen.set(key, rows);
        }
      }
    }
  }
  const cell = (key: string): string => {
    const a = median(times.get(`official ${key}`) ?? []);
    const b = median(times.get(`own ${key}`) ?? []);
    return `${a.toFixed(2)} | ${b.toFixed(2)} | ${(b / a).toFixed(2)}×`;
  };
  const line = (label: string, key: string) => {
    const engine = times.has(`official ${key} engine`) ? cell(`${key} engine`) : '| |';
    console.log(`| ${label} | ${cell(key)} | ${engine} | ${rowsSeen.get(key) ?? ''} |`);
  };
  console.log(
    '| operation | official, ms | own, ms | own / official | without the reads: official | own | own / official | rows |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  line('start (compile, instantiate, boot)', 'start');
  line('open (schema)', 'open');
  for (const operation of work) {
    line(`${operation.id}, cold`, `${operation.id} cold`);
    line(`${operation.id}, warm`, `${operation.id} warm`);
  }
  console.log(`load average at the end ${loadavg().map((n) => n.toFixed(1))}`);
}

await main();
