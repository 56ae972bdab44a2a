/**
 * `npm run bench`: what a visitor waits for on the scale corpus, Trawl against the original
 * design, in one run (docs/performance.md).
 *
 *   npm run bench [-- --delay 50 --runs 3 --episodes 600 --words 9000 --seed 1]
 *   npm run bench -- --quick            (a small smoke run: 40 episodes, 1 run)
 *   npm run bench -- --scale            (2,000 episodes × 30,000 words; its own results file)
 *   npm run bench -- --only search-rare,transcript --no-render
 *   npm run bench -- --engine official  (the site and bench page on the official SQLite wasm)
 *   npm run bench -- --save             (a full run that also refreshes the committed results)
 *   npm run bench -- --pages            (pre-rendering's cost: bench/page-scale.ts)
 *   npm run bench -- --weekly           (only the weekly update: rebuild time, bytes new to the host)
 *
 * Every run writes its results under .trawl/bench/results/ (ignored by git), so a run changes
 * no tracked file. A full run (not --quick, not --only) with --save also writes
 * bench/results/latest.json and appends a line to bench/results/HISTORY.md. Everything it
 * builds is cached under .trawl/bench/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { launchBrowser } from '../e2e/browser.ts';
import { CORPUS_LANGUAGES } from '../scripts/corpus-languages.ts';
import { loadAnalyzer } from '../src/core/analyzer.ts';
import { dbConfigSchema } from '../src/core/site-config.ts';
import { DatabasePages, ensureWithoutSnippets } from './db-pages.ts';
import { assetSizes, buildBenchPage, buildSite, compressedSizer, REPO_ROOT } from './assets.ts';
import { formatRatio, formatNumber, median, toKb } from './stats.ts';
import { measureAll, type RawResults } from './measure.ts';
import { OPERATIONS } from './operations.ts';
import { runPageScale } from './page-scale.ts';
import {
  buildTrawl,
  chooseWorkload,
  corpusKey,
  ensureBaseline,
  ensureCorpus,
  type CorpusParameters,
} from './prepare.ts';
import { formatDiff } from './db-page-diff.ts';
import { measureWeeklyUpdate } from './weekly-update.ts';
import { joinChunks } from '../src/builder/publish/chunk-files.ts';
import { bundleSize, firstScreenBytes } from './bundle-size.ts';
import {
  checkBudgets,
  firstScreenRatio,
  formatBudgets,
  formatOperations,
  historyLine,
  LANDING_EXTRAS,
  markdownTable,
  operationRow,
  type FirstVisit,
  type OperationRow,
} from './report.ts';
import { budgetsFor } from './budgets.ts';
import {
  mainPageRenders,
  transcriptRender,
  type MainPageRenders,
  type TranscriptRender,
} from './responsiveness.ts';
import { serveBenchPage, serveSite, warmCompression } from './servers.ts';
import { summarise, type TrafficEntry } from './traffic.ts';

const CACHE_DIR = resolve(REPO_ROOT, '.trawl/bench');
const RESULTS_DIR = resolve(REPO_ROOT, 'bench/results');
/** Where every run writes its results; ignored by git. */
const RUN_RESULTS_DIR = join(CACHE_DIR, 'results');

const optionsSchema = z.object({
  delay: z.coerce.number().int().min(0).max(2000),
  runs: z.coerce.number().int().min(1).max(25),
  episodes: z.coerce.number().int().min(12).max(100_000),
  words: z.coerce.number().int().min(10).max(200_000),
  seed: z.coerce.number().int().min(0),
  quick: z.boolean(),
  only: z.array(z.string()).nullable(),
  /** The corpus's language (scripts/corpus-languages.ts). */
  language: z.enum(CORPUS_LANGUAGES),
  render: z.boolean(),
  save: z.boolean(),
  compareEngines: z.boolean(),
  /** The SQLite wasm the site's and the bench page's worker are built with (decision 0080). */
  engine: z.enum(['official', 'own']),
  /** Only the weekly update (bench/weekly-update.ts). */
  weekly: z.boolean(),
});

type Options = z.infer<typeof optionsSchema>;

/** The usage lines of this file's header comment, for --help and a mistyped option. */
const USAGE = `Usage:
  npm run bench [-- --delay 50 --runs 3 --episodes 600 --words 9000 --seed 1 --language en]
  npm run bench -- --quick            (a small smoke run: 40 episodes, 1 run)
  npm run bench -- --scale            (2,000 episodes x 30,000 words)
  npm run bench -- --only search-rare,transcript --no-render
  npm run bench -- --compare-engines  (also the queries on sql.js-httpvfs)
  npm run bench -- --engine official  (the site and bench page on the official SQLite wasm)
  npm run bench -- --save             (a full run that also refreshes bench/results/)
  npm run bench -- --pages            (pre-rendering's cost: bench/page-scale.ts)
  npm run bench -- --weekly           (the weekly update: rebuild time, bytes new to the host)`;

/** parseArgs's own error for an unknown or malformed option, which is its `code`. */
function isArgumentError(error: unknown): error is Error {
  return error instanceof Error && /^ERR_PARSE_ARGS_/.test(String(Reflect.get(error, 'code')));
}

function parseOptions(argv: string[]): Options {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  try {
    return parseValidOptions(argv);
  } catch (error) {
    if (isArgumentError(error)) {
      throw new Error(`bench: ${error.message}\n${USAGE}`, { cause: error });
    }
    throw error;
  }
}

function parseValidOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      delay: { type: 'string', default: '50' },
      runs: { type: 'string' },
      episodes: { type: 'string' },
      words: { type: 'string' },
      seed: { type: 'string', default: '1' },
      quick: { type: 'boolean', default: false },
      // The longest-running shows' size (issue 16): 2,000 episodes × 30,000 words, 60 M words.
      scale: { type: 'boolean', default: false },
      only: { type: 'string' },
      // A corpus in another language: de or ja (scripts/corpus-languages.ts).
      language: { type: 'string', default: 'en' },
      'no-render': { type: 'boolean', default: false },
      save: { type: 'boolean', default: false },
      // Also Trawl's queries on sql.js-httpvfs, the engine before decision 0016.
      'compare-engines': { type: 'boolean', default: false },
      // The worker's SQLite: 'own' (the default, decision 0081) or 'official' (decision 0080).
      engine: { type: 'string', default: 'own' },
      // Only the weekly update: N episodes, then N+1 (issue 23, item 5).
      weekly: { type: 'boolean', default: false },
    },
  });
  const { quick, scale } = values;
  const parsed = optionsSchema.safeParse({
    delay: values.delay,
    runs: values.runs ?? (quick ? '1' : '3'),
    episodes: values.episodes ?? (quick ? '40' : scale ? '2000' : '600'),
    words: values.words ?? (quick ? '2000' : scale ? '30000' : '9000'),
    seed: values.seed,
    quick,
    only: values.only === undefined ? null : values.only.split(',').map((id) => id.trim()),
    language: values.language,
    render: !values['no-render'],
    save: values.save,
    compareEngines: values['compare-engines'],
    engine: values.engine,
    weekly: values.weekly,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `--${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`bench: invalid options\n  ${problems.join('\n  ')}`);
  }
  const known = new Set(['first-screen', ...OPERATIONS.map((operation) => operation.id)]);
  const unknown = parsed.data.only?.find((id) => !known.has(id));
  if (unknown !== undefined) {
    throw new Error(
      `bench: --only: unknown operation "${unknown}" (known: ${[...known].join(', ')})`,
    );
  }
  return parsed.data;
}

function log(line: string): void {
  console.log(line);
}

function gitCommit(): string | null {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT })
      .toString()
      .trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: REPO_ROOT }).length > 0;
    return dirty ? `${commit}+changes` : commit;
  } catch {
    return null;
  }
}

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const kib = (bytes: number): string => `${formatNumber(toKb(bytes))} KB`;

/** Everything `latest.json` holds. */
interface BenchResults {
  date: string;
  commit: string | null;
  parameters: Options & { delayMs: number };
  machine: { cpus: number; loadAverage: number[]; node: string };
  workload: ReturnType<typeof chooseWorkload>;
  build: { seconds: number; peakRssMb: number; rssSource: string; corpusSeconds: number | null };
  databases: { trawlBytes: number; baselineBytes: number; baselineBuildSeconds: number };
  assets: Awaited<ReturnType<typeof assetSizes>>;
  /** What `trawl bundle` writes for this corpus: files and bytes of the web root. */
  bundle: { files: number; bytes: number };
  firstVisit: FirstVisit | null;
  firstScreenRowsMs: number | null;
  rows: OperationRow[];
  budgets: ReturnType<typeof checkBudgets>;
  responsiveness: { mainPage: MainPageRenders | null; transcript: TranscriptRender | null };
  /** Pages the bench page read for each operation's first run (`c` = cached), per layout. */
  pageTraces: Record<string, { trawl: string; baseline: string }>;
  totalSeconds: number;
}

function buildRows(raw: RawResults, workload: BenchResults['workload']): OperationRow[] {
  const rows: OperationRow[] = [
    operationRow('first-screen', 'first screen (to the first page with descriptions)', false, {
      site: raw.firstScreen.site.map((run) => run.measure),
      trawl: raw.firstScreen.trawl.map((run) => run.measure),
      baseline: raw.firstScreen.baseline.map((run) => run.measure),
      legacy: raw.firstScreen.legacy.map((run) => run.measure),
    }),
    operationRow(
      'episode-page',
      `episode page (episode ${workload.transcript.episode} opened directly, to its transcript text)`,
      false,
      { site: raw.episodePage.map((run) => run.measure), trawl: [], baseline: [] },
    ),
    operationRow(
      'landing-search',
      `search "${workload.rare}" typed at the first paint on a phone's network (1.5 MB/s, round trips of the added delay), from navigation start to the results`,
      false,
      {
        site: raw.landing.map((run) => run.measure),
        trawl: [],
        baseline: [],
        extras: raw.landing.map((run) => ({
          [LANDING_EXTRAS.paint]: { requests: 0, kb: 0, ms: run.paintMs },
          [LANDING_EXTRAS.visit]: {
            requests: run.entries.length,
            kb: toKb(run.entries.reduce((sum, entry) => sum + entry.bytes, 0)),
            ms: Number.NaN,
          },
        })),
      },
    ),
  ];
  for (const operation of OPERATIONS) {
    const runs = raw.operations[operation.id];
    if (!runs) continue;
    const label = operation.label(workload);
    rows.push(
      operationRow(operation.id, label, false, {
        site: runs.site.map((run) => run.measure),
        siteAfter: runs.site.flatMap((run) => (run.after ? [run.after] : [])),
        extras: runs.site.map((run) => run.extras ?? {}),
        trawl: runs.trawl.map((run) => run.measure),
        baseline: runs.baseline.map((run) => run.measure),
        legacy: runs.legacy.map((run) => run.measure),
      }),
    );
    if (runs.siteWarm.length + runs.trawlWarm.length > 0) {
      rows.push(
        operationRow(operation.id, label, true, {
          site: runs.siteWarm.map((run) => run.measure),
          trawl: runs.trawlWarm.map((run) => run.measure),
          baseline: runs.baselineWarm.map((run) => run.measure),
          legacy: runs.legacyWarm.map((run) => run.measure),
        }),
      );
    }
  }
  return rows;
}

function pageTraces(raw: RawResults): BenchResults['pageTraces'] {
  const traces: BenchResults['pageTraces'] = {
    'first-screen': {
      trawl: raw.firstScreen.trawl[0]?.outcome.pageTrace ?? '',
      baseline: raw.firstScreen.baseline[0]?.outcome.pageTrace ?? '',
    },
  };
  for (const [id, runs] of Object.entries(raw.operations)) {
    traces[id] = {
      trawl: runs.trawl[0]?.outcome.pageTrace ?? '',
      baseline: runs.baseline[0]?.outcome.pageTrace ?? '',
    };
  }
  return traces;
}

function formatResults(results: BenchResults): string {
  const labels = new Map(results.rows.map((row) => [row.id, row.label.replace(/ \(.*$/, '')]));
  labels.set('trawl-build', '`trawl build`');
  const p = results.parameters;
  const lines = [
    '',
    `Trawl benchmark · ${results.date} · ${results.commit ?? 'no git'} · ${p.episodes} episodes × ${p.words} words (seed ${p.seed}) · ${p.delayMs} ms added delay · ${p.runs} run(s), medians`,
    `Machine: ${results.machine.cpus} cores, load average ${results.machine.loadAverage.map((value) => value.toFixed(1)).join(' ')}, Node ${results.machine.node}`,
    '',
    'Requests and KB are to the database chunk files (counted by the server); ms is wall time in the page.',
    'Trawl site = the production site in Chromium; query = the same worker on a bench page, running each layout’s own queries.',
    '',
    formatOperations(results.rows),
    '',
    formatBudgets(results.budgets, (id) => labels.get(id) ?? id),
    '',
    markdownTable(
      ['build and sizes', 'figure'],
      [
        ['trawl build (wall)', `${formatNumber(results.build.seconds)} s`],
        [
          'trawl build (peak RSS)',
          `${formatNumber(results.build.peakRssMb)} MB (${results.build.rssSource})`,
        ],
        ['Trawl database', mib(results.databases.trawlBytes)],
        ['baseline database', mib(results.databases.baselineBytes)],
        ...results.assets.map((asset) => [
          `site ${asset.kind} (${asset.files.length} file${asset.files.length === 1 ? '' : 's'})`,
          `${kib(asset.bytes)} raw, ${kib(asset.gzipBytes)} gzipped`,
        ]),
        [
          'first visit, every request',
          results.firstVisit
            ? `${formatNumber(results.firstVisit.requests)} requests, ${formatNumber(results.firstVisit.kb)} KB as \`trawl serve\` sent them (brotli), ${formatNumber(results.firstVisit.compressedKb)} KB with text and wasm gzipped at level 6 (the budget's figure), database chunks as they are`
            : '–',
        ],
        [
          'the first interaction adds (engine, its open, the whole list)',
          results.firstVisit?.interactionKb === undefined
            ? '–'
            : `${formatNumber(results.firstVisit.interactionKb)} KB as sent (brotli), ${formatNumber(results.firstVisit.interactionCompressedKb ?? 0)} KB gzipped`,
        ],
        ['first screen, rows before descriptions', `${formatNumber(results.firstScreenRowsMs)} ms`],
        [
          'before the first screen (the page and its CSS, gzipped)',
          results.firstVisit ? `${formatNumber(results.firstVisit.beforeFirstScreenKb)} KB` : '–',
        ],
        [
          'first screen, baseline design ÷ Trawl site (ms, same run)',
          formatRatio(firstScreenRatio(results.rows)),
        ],
        [
          'trawl bundle (web root, pages included)',
          `${formatNumber(results.bundle.files)} files, ${mib(results.bundle.bytes)}`,
        ],
      ],
    ),
  ];
  const { mainPage, transcript } = results.responsiveness;
  if (mainPage || transcript) {
    const figure = (
      name: string,
      value: { median: number; worst?: number; max?: number },
      budget: number,
    ): string[] => {
      const worst = value.worst ?? value.max ?? Number.NaN;
      return [
        name,
        `${formatNumber(value.median)} ms`,
        `${formatNumber(worst)} ms`,
        `< ${budget} ms ${value.median < budget ? '✓' : '✗'}`,
      ];
    };
    const body: string[][] = [];
    if (mainPage) {
      body.push(figure('typing a character (re-render)', mainPage.typing, 50));
      body.push(figure('next / previous page (re-render)', mainPage.nextPage, 50));
      body.push(figure('episode-type filter (re-render)', mainPage.typeFilter, 50));
    }
    if (transcript) {
      body.push(figure(`${transcript.words}-word transcript render`, transcript.renderMs, 100));
      body.push(figure('time update while playing', transcript.timeUpdateMs, 4));
    }
    lines.push(
      '',
      markdownTable(['responsiveness (warm, render only)', 'median', 'worst', 'target'], body),
    );
  }
  const met = results.budgets.filter((check) => check.met).length;
  lines.push(
    '',
    `Budgets met: ${met} of ${results.budgets.length}. Common word: the baseline reads ${formatRatio(results.rows.find((row) => row.id === 'search-common' && !row.warm)?.ratio?.kb)} the bytes; transcript ${formatRatio(results.rows.find((row) => row.id === 'transcript')?.ratio?.kb)}.`,
    `Whole run: ${formatNumber(results.totalSeconds)} s.`,
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  // The pages benchmark (bench/page-scale.ts) builds shows of its own and serves nothing.
  if (process.argv.includes('--pages')) return runPageScale(process.argv.slice(2));
  const started = performance.now();
  const options = parseOptions(process.argv.slice(2));
  const parameters = {
    episodes: options.episodes,
    words: options.words,
    seed: options.seed,
    language: options.language,
  };
  const key = corpusKey(parameters);
  const quietMs = Math.max(300, 3 * options.delay);
  log(
    `Trawl benchmark: ${key}, ${options.delay} ms delay, ${options.runs} run(s), ${options.engine} SQLite wasm`,
  );

  const corpus = await ensureCorpus(parameters, CACHE_DIR);
  log(
    corpus.generatedSeconds === null
      ? `corpus: reusing ${relative(REPO_ROOT, corpus.dir)}`
      : `corpus: generated ${relative(REPO_ROOT, corpus.dir)} in ${formatNumber(corpus.generatedSeconds)} s`,
  );
  // What every run builds afresh goes in a folder of the run's own (removed when it ends), so
  // two runs in one tree never empty each other's site or database; the keyed caches stay
  // shared. The joined database is kept for `dbstat`, renamed into place whole.
  await mkdir(CACHE_DIR, { recursive: true });
  const runDir = await mkdtemp(join(CACHE_DIR, 'run-'));
  const trawlFile = join(runDir, `trawl-${key}.sqlite3`);
  process.once('exit', () => {
    if (existsSync(trawlFile)) renameSync(trawlFile, join(CACHE_DIR, `trawl-${key}.sqlite3`));
    rmSync(runDir, { recursive: true, force: true });
  });
  // The commit the run builds, taken before it builds: the tree may change while it measures.
  const commit = gitCommit();
  // The site first: `trawl build` pre-renders the pages with its server entry.
  const siteDir = join(runDir, 'site');
  const pageDir = join(runDir, 'page');
  await buildSite(siteDir, options.engine);
  if (options.weekly) {
    await weeklyOnly(parameters, siteDir, started);
    return;
  }
  await buildBenchPage(pageDir, options.engine);
  const assets = await assetSizes(siteDir);
  log('site and bench page built');
  const trawlOut = join(runDir, `trawl-${key}`);
  const trawl = await buildTrawl(corpus.dir, trawlOut, siteDir);
  log(
    `trawl build: ${formatNumber(trawl.seconds)} s, peak RSS ${mib(trawl.peakRssBytes)}, database ${mib(trawl.databaseBytes)}`,
  );
  await joinChunks(trawl.versionDir, trawlFile);
  const baseline = await ensureBaseline(parameters, trawlFile, CACHE_DIR);
  log(
    `baseline: ${baseline.reused ? 'reusing' : 'built'} ${relative(REPO_ROOT, baseline.build.outDir)} (${mib(baseline.build.databaseBytes)}${baseline.reused ? '' : `, ${formatNumber(baseline.build.seconds)} s`})`,
  );
  const config = dbConfigSchema.parse(
    JSON.parse(await readFile(join(trawl.versionDir, 'config.json'), 'utf8')),
  );
  const workload = chooseWorkload(
    trawlFile,
    config.site.pageSize,
    await loadAnalyzer(config.search),
    options.language,
  );
  log(
    `workload: rare "${workload.rare}", common "${workload.common}", phrase "${workload.phrase}", all fields "${workload.allFields}", transcript of episode ${workload.transcript.episode} (${workload.transcript.words} words)`,
  );

  const mediaDirs = [join(corpus.dir, 'media'), resolve(REPO_ROOT, 'demo/podcast/media')];
  const operations = options.only
    ? OPERATIONS.filter((operation) => options.only?.includes(operation.id))
    : OPERATIONS;
  const pages = DatabasePages.open(trawlFile, config);
  let withoutDir: string | null = null;
  if (operations.some((operation) => operation.siteWithout)) {
    const without = await ensureWithoutSnippets(
      trawlFile,
      { version: basename(trawl.versionDir), config },
      join(CACHE_DIR, `trawl-${key}-without-snippets`),
    );
    withoutDir = without.outDir;
    log(
      `without the snippet tables: ${without.reused ? 'reusing' : 'made'} ${relative(REPO_ROOT, without.outDir)}`,
    );
  }
  const site = await serveSite(siteDir, trawl.outDir, mediaDirs, options.delay);
  // The first run's visits would otherwise wait for the server to compress each asset once.
  await warmCompression(site.url, siteDir);
  const siteWithout = withoutDir
    ? await serveSite(siteDir, withoutDir, mediaDirs, options.delay)
    : null;
  const query = await serveBenchPage(pageDir, trawl.outDir, baseline.build.outDir, options.delay);
  let raw: RawResults;
  let mainPage: MainPageRenders | null = null;
  let transcript: TranscriptRender | null = null;
  try {
    raw = await measureAll({
      siteUrl: site.url,
      episodeUrl: `${site.url}/episodes/${encodeURIComponent(workload.transcript.episode)}`,
      queryUrl: query.url,
      siteTraffic: site.traffic,
      withoutSnippets: siteWithout ? { url: siteWithout.url, traffic: siteWithout.traffic } : null,
      siteContext: { pages },
      queryTraffic: query.traffic,
      runs: options.runs,
      quietMs,
      workload,
      operations,
      compareEngines: options.compareEngines,
      log,
    });
    if (options.render) {
      log('  responsiveness: main page re-renders, then the transcript render benchmark');
      const session = await launchBrowser();
      try {
        mainPage = await mainPageRenders(
          session,
          site.url,
          site.traffic,
          quietMs,
          options.quick ? 3 : 7,
        );
      } finally {
        await session.close();
      }
      transcript = await transcriptRender(options.words);
    }
  } finally {
    await site.close();
    await siteWithout?.close();
    await query.close();
  }

  const sizer = compressedSizer(site.mounts);
  const visits = raw.firstScreen.site.map((run) => summarise(run.entries, sizer));
  const firstVisit: FirstVisit | null =
    visits.length === 0
      ? null
      : {
          requests: median(visits.map((visit) => visit.requests)),
          kb: median(visits.map((visit) => visit.kb)),
          compressedKb: median(visits.map((visit) => visit.compressedKb)),
          servedKb: median(visits.map((visit) => visit.kb)),
          beforeFirstScreenKb: median(
            raw.firstScreen.site.map((run) => firstScreenBytes(run.entries, sizer) / 1024),
          ),
          ...interactionFigures(
            raw.firstScreen.site.map((run) => run.engineEntries),
            sizer,
          ),
        };
  const rows = buildRows(raw, workload);
  const bundled = await bundleSize(trawl.outDir, siteDir, join(runDir, 'bundle'));
  log(`trawl bundle: ${formatNumber(bundled.files)} files, ${mib(bundled.bytes)}`);
  const results: BenchResults = {
    date: new Date().toISOString(),
    commit,
    parameters: { ...options, delayMs: options.delay },
    machine: { cpus: cpus().length, loadAverage: loadavg(), node: process.version },
    workload,
    build: {
      seconds: trawl.seconds,
      peakRssMb: trawl.peakRssBytes / 1024 / 1024,
      rssSource: trawl.rssSource,
      corpusSeconds: corpus.generatedSeconds,
    },
    databases: {
      trawlBytes: trawl.databaseBytes,
      baselineBytes: baseline.build.databaseBytes,
      baselineBuildSeconds: baseline.build.seconds,
    },
    assets,
    bundle: bundled,
    firstVisit,
    firstScreenRowsMs:
      raw.firstScreen.site.length > 0
        ? median(raw.firstScreen.site.map((run) => run.rowsMs))
        : null,
    rows,
    budgets: checkBudgets(rows, firstVisit, trawl, budgetsFor(workload.transcript.words)),
    responsiveness: { mainPage, transcript },
    pageTraces: pageTraces(raw),
    totalSeconds: (performance.now() - started) / 1000,
  };
  log(formatResults(results));

  const partial = options.quick || options.only !== null;
  const json = `${JSON.stringify(results, null, 2)}\n`;
  // The default size is latest.json; another size (the --scale run) keeps a file of its own,
  // so docs/performance.md can set the two side by side.
  const isDefaultSize = options.episodes === 600 && options.words === 9000;
  const latest = partial
    ? 'partial-latest.json'
    : isDefaultSize
      ? 'latest.json'
      : `latest-${options.episodes}x${options.words}.json`;
  await mkdir(RUN_RESULTS_DIR, { recursive: true });
  await writeFile(join(RUN_RESULTS_DIR, latest), json);
  log(`results in ${relative(REPO_ROOT, join(RUN_RESULTS_DIR, latest))}`);
  if (!options.save) {
    if (!partial) log('(bench/results/ untouched: add --save to refresh the committed results)');
    return;
  }
  if (partial) {
    log(`(a ${options.quick ? 'quick' : 'partial'} run is never saved: bench/results/ untouched)`);
    return;
  }
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(join(RESULTS_DIR, latest), json);
  const history = join(RESULTS_DIR, 'HISTORY.md');
  const existing = await readFile(history, 'utf8').catch(() => '');
  if (existing === '') {
    await appendFile(
      history,
      '# Benchmark history\n\nOne line per full `npm run bench`: site figures as requests/KB/ms (cold, medians).\n\n',
    );
  }
  await appendFile(
    history,
    `${historyLine({
      date: new Date(results.date),
      commit: results.commit,
      key,
      delayMs: options.delay,
      runs: options.runs,
      rows,
      checks: results.budgets,
      buildSeconds: results.build.seconds,
      peakRssMb: results.build.peakRssMb,
    })}\n`,
  );
  log(`wrote bench/results/${latest} and a line in bench/results/HISTORY.md`);
}

/** `--weekly`: the weekly update's two rows, printed and written to the run's results. */
async function weeklyOnly(
  parameters: CorpusParameters,
  siteDir: string,
  started: number,
): Promise<void> {
  const weekly = await measureWeeklyUpdate(parameters, CACHE_DIR, siteDir, log);
  const { newToHost } = weekly;
  const share = (part: number, whole: number): string => `${formatNumber((100 * part) / whole)} %`;
  log(
    [
      `| weekly update (${weekly.key}, one new episode) | figure | budget |`,
      '|---|---|---|',
      `| first build / rebuild, wall time | ${formatNumber(weekly.firstBuild.seconds)} s / ${formatNumber(weekly.rebuild.seconds)} s (${share(weekly.rebuild.seconds, weekly.firstBuild.seconds)}) | ≤ 25 % |`,
      `| new to the host: files | ${newToHost.files} of ${newToHost.totalFiles} (${share(newToHost.files, newToHost.totalFiles)}) | |`,
      `| new to the host: bytes | ${mib(newToHost.bytes)} of ${mib(newToHost.totalBytes)} (${share(newToHost.bytes, newToHost.totalBytes)}) | ≤ 25 % |`,
      ...Object.entries(newToHost.byFolder).map(
        ([folder, sum]) => `| … in ${folder} | ${sum.files} files, ${mib(sum.bytes)} | |`,
      ),
    ].join('\n'),
  );
  log(formatDiff(weekly.database).join('\n'));
  log(`rebuild's steps:\n${weekly.rebuild.output}`);
  await mkdir(RUN_RESULTS_DIR, { recursive: true });
  const file = join(RUN_RESULTS_DIR, `weekly-${weekly.key}.json`);
  const load = loadavg().map((value) => formatNumber(value));
  await writeFile(
    file,
    `${JSON.stringify({ ...weekly, loadAverage: load, totalSeconds: (performance.now() - started) / 1000 }, null, 2)}\n`,
  );
  log(`load average ${load.join(' ')}; results in ${relative(REPO_ROOT, file)}`);
}

main().catch((error: unknown) => {
  // The bench's own messages say all there is; anything else gets its stack.
  const own = error instanceof Error && error.message.startsWith('bench: ');
  console.error(
    error instanceof Error ? (own ? error.message : (error.stack ?? error.message)) : String(error),
  );
  process.exitCode = 1;
});

/** What the first interaction adds to the first visit (decision 0040), medians over the runs. */
function interactionFigures(
  runs: readonly (readonly TrafficEntry[])[],
  sizer: (entry: TrafficEntry) => number,
): Pick<FirstVisit, 'interactionKb' | 'interactionCompressedKb'> {
  if (runs.length === 0) return {};
  const added = runs.map((entries) => summarise(entries, sizer));
  return {
    interactionKb: median(added.map((visit) => visit.kb)),
    interactionCompressedKb: median(added.map((visit) => visit.compressedKb)),
  };
}
