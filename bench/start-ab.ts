/**
 * `npm run bench:start-ab -- --a DIR --b DIR`: two builds of the site (say main's and a
 * branch's), each with the corpus pre-rendered by it, measured alternately in one process on
 * the same server setup: the first visit (a fresh profile opens `/`, nobody touches the page,
 * everything until the network is quiet) and the landing row (a search typed at the first
 * paint on a phone's network, bench/landing-search.ts). How the engine's start was chosen
 * (decision 0054); A/B rather than two runs, because the shared machine's load moves by 2×
 * between runs.
 *
 *   npm run bench:start-ab -- --a .trawl/ab/main --b .trawl/ab/branch [--runs 5]
 *     [--episodes 40 --words 2000 --seed 1] [--delay 50]
 *
 * Each DIR is a `vite build` of the site with its server entry beside it (`DIR/../server`), as
 * `buildSite` makes it. Prints each run and the medians; writes nothing tracked.
 */
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { launchBrowser } from '../e2e/browser.ts';
import { loadAnalyzer } from '../src/core/analyzer.ts';
import { joinChunks } from '../src/builder/publish/chunk-files.ts';
import { compressedSizer, REPO_ROOT } from './assets.ts';
import { landAndSearch } from './landing-search.ts';
import { buildTrawl, chooseWorkload, corpusKey, ensureCorpus } from './prepare.ts';
import { serveSite, warmCompression, type BenchServer } from './servers.ts';
import { NAME_SHIM } from './site-driver.ts';
import { median } from './stats.ts';
import { summarise } from './traffic.ts';
import { readFile } from 'node:fs/promises';
import { dbConfigSchema } from '../src/core/site-config.ts';

const CACHE_DIR = resolve(REPO_ROOT, '.trawl/bench');
/** The first visit ends when nothing has been answered for this long (the wasm compiles). */
const VISIT_QUIET_MS = 2500;

const optionsSchema = z.object({
  a: z.string().min(1),
  b: z.string().min(1),
  runs: z.coerce.number().int().min(1).max(25),
  episodes: z.coerce.number().int().min(12).max(100_000),
  words: z.coerce.number().int().min(10).max(200_000),
  seed: z.coerce.number().int().min(0),
  delay: z.coerce.number().int().min(0).max(2000),
  trace: z.boolean(),
});

/** One run of one site. */
interface Run {
  visitRequests: number;
  visitServedKb: number;
  visitGzipKb: number;
  landingMs: number;
  paintMs: number;
  landingDbRequests: number;
  landingDbKb: number;
}

/** Opens `/` in a fresh profile and counts everything until the network is quiet. */
async function firstVisit(server: BenchServer): Promise<Omit<Run, `landing${string}` | 'paintMs'>> {
  const session = await launchBrowser();
  try {
    const page = await session.context.newPage();
    await page.addInitScript(NAME_SHIM);
    const mark = server.traffic.mark();
    await page.goto(server.url, { waitUntil: 'load' });
    await server.traffic.settle(VISIT_QUIET_MS, 60_000);
    const visit = summarise(server.traffic.since(mark), compressedSizer(server.mounts));
    return {
      visitRequests: visit.requests,
      visitServedKb: visit.kb,
      visitGzipKb: visit.compressedKb,
    };
  } finally {
    await session.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      a: { type: 'string' },
      b: { type: 'string' },
      runs: { type: 'string', default: '5' },
      episodes: { type: 'string', default: '40' },
      words: { type: 'string', default: '2000' },
      seed: { type: 'string', default: '1' },
      delay: { type: 'string', default: '50' },
      // Prints each landing's requests, by when they finished, and when the page handled the
      // typed interaction, with the main thread's long tasks before the results.
      trace: { type: 'boolean', default: false },
    },
  });
  const parsed = optionsSchema.safeParse(values);
  if (!parsed.success) throw new Error(`bench:start-ab: ${parsed.error.message}`);
  const options = parsed.data;
  const parameters = { episodes: options.episodes, words: options.words, seed: options.seed };
  const corpus = await ensureCorpus(parameters, CACHE_DIR);
  const sites = { a: resolve(options.a), b: resolve(options.b) };
  const servers = new Map<'a' | 'b', BenchServer>();
  let term = '';
  for (const label of ['a', 'b'] as const) {
    const out = join(CACHE_DIR, `ab-${label}-${corpusKey(parameters)}`);
    const built = await buildTrawl(corpus.dir, out, sites[label]);
    console.log(`${label}: ${sites[label]} built in ${built.seconds.toFixed(0)} s`);
    if (term === '') {
      const file = join(CACHE_DIR, `ab-${corpusKey(parameters)}.sqlite3`);
      await joinChunks(built.versionDir, file);
      const config = dbConfigSchema.parse(
        JSON.parse(await readFile(join(built.versionDir, 'config.json'), 'utf8')),
      );
      term = chooseWorkload(file, config.site.pageSize, await loadAnalyzer(config.search)).rare;
    }
    const server = await serveSite(sites[label], out, [corpus.dir], options.delay);
    servers.set(label, server);
    await warmCompression(server.url, sites[label]);
  }
  console.log(`landing term '${term}', load average ${loadavg().map((n) => n.toFixed(1))}`);
  const runs: Record<'a' | 'b', Run[]> = { a: [], b: [] };
  try {
    for (let run = 1; run <= options.runs; run += 1) {
      // Alternate which goes first, so a trend in the machine's load falls on both.
      const order = run % 2 === 1 ? (['a', 'b'] as const) : (['b', 'a'] as const);
      for (const label of order) {
        const server = servers.get(label);
        if (server === undefined) throw new Error(`no server for ${label}`);
        const visit = await firstVisit(server);
        const session = await launchBrowser();
        try {
          const landing = await landAndSearch(session, server.url, term, server.traffic, 300);
          const result: Run = {
            ...visit,
            landingMs: landing.measure.ms,
            paintMs: landing.paintMs,
            landingDbRequests: landing.measure.requests,
            landingDbKb: landing.measure.kb,
          };
          runs[label].push(result);
          if (options.trace) {
            const tasks = landing.longTasks.map(([at, ms]) => `${at.toFixed(0)}+${ms.toFixed(0)}`);
            console.log(
              `  paint ${landing.paintMs.toFixed(0)} ms · interaction handled ${landing.interactionMs?.toFixed(0) ?? '?'} ms · long tasks ${tasks.join(' ') || 'none'}`,
            );
            for (const entry of landing.entries) {
              console.log(
                `  ${String(entry.at - landing.startEpoch).padStart(6)} ms ${entry.status} ${(entry.bytes / 1024).toFixed(1).padStart(7)} KB ${entry.path}${entry.range === undefined ? '' : ` ${entry.range}`}`,
              );
            }
          }
          console.log(
            `run ${run} ${label}: first visit ${result.visitRequests} requests, ${result.visitServedKb.toFixed(0)} KB sent, ${result.visitGzipKb.toFixed(0)} KB gzipped; landing ${result.landingMs.toFixed(0)} ms / paint ${result.paintMs.toFixed(0)} ms = ${(result.landingMs / result.paintMs).toFixed(2)}×, db ${result.landingDbRequests} / ${result.landingDbKb.toFixed(0)} KB (load ${loadavg()[0]?.toFixed(1)})`,
          );
        } finally {
          await session.close();
        }
      }
    }
  } finally {
    for (const server of servers.values()) await server.close();
  }
  for (const label of ['a', 'b'] as const) {
    const all = runs[label];
    const m = (pick: (run: Run) => number): number => median(all.map(pick));
    console.log(
      `${label} medians: first visit ${m((r) => r.visitRequests)} requests, ${m((r) => r.visitServedKb).toFixed(0)} KB sent, ${m((r) => r.visitGzipKb).toFixed(0)} KB gzipped; landing ${m((r) => r.landingMs).toFixed(0)} ms, paint ${m((r) => r.paintMs).toFixed(0)} ms, ratio ${m((r) => r.landingMs / r.paintMs).toFixed(2)}× (ratios: ${all.map((r) => (r.landingMs / r.paintMs).toFixed(1)).join(' ')}), db ${m((r) => r.landingDbRequests)} / ${m((r) => r.landingDbKb).toFixed(0)} KB`,
    );
  }
}

await main();
