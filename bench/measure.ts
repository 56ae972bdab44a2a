/**
 * The measuring loop: for every run and operation, a fresh Chromium profile (fresh cache,
 * page and worker) per target (the real site, the bench page on Trawl's database, the bench
 * page on the baseline's), the first screen, the operation cold, then warm where it applies.
 * Targets take turns within a run, so machine load spreads evenly over them.
 */
import { launchBrowser } from '../e2e/browser.ts';
import type { BenchOperation, SiteContext } from './operations.ts';
import type { Layout } from './page/protocol.ts';
import type { Workload } from './prepare.ts';
import { QueryDriver, type QueryMeasure } from './query-driver.ts';
import { openEpisodePage } from './episode-page.ts';
import { landAndSearch, type LandingRun } from './landing-search.ts';
import { SiteDriver, type FirstScreen, type MeasuredAction } from './site-driver.ts';
import { formatNumber, type Measure } from './stats.ts';
import type { TrafficLog } from './traffic.ts';

/** Every run's figures, before medians. */
export interface RawResults {
  firstScreen: {
    site: FirstScreen[];
    trawl: QueryMeasure[];
    baseline: QueryMeasure[];
    legacy: QueryMeasure[];
  };
  /** A fresh visit of an episode page, to its transcript text (issue 17), once per run. */
  episodePage: FirstScreen[];
  /** A fresh, throttled visit of `/` with a search typed at the first paint (issue 27). */
  landing: LandingRun[];
  operations: Record<string, OperationRuns>;
}

export interface OperationRuns {
  site: MeasuredAction[];
  siteWarm: MeasuredAction[];
  trawl: QueryMeasure[];
  trawlWarm: QueryMeasure[];
  baseline: QueryMeasure[];
  baselineWarm: QueryMeasure[];
  /** Trawl's queries on sql.js-httpvfs (`compareEngines` only). */
  legacy: QueryMeasure[];
  legacyWarm: QueryMeasure[];
}

export interface MeasureOptions {
  siteUrl: string;
  /** The episode page a fresh visitor opens (the workload's transcript episode). */
  episodeUrl: string;
  queryUrl: string;
  siteTraffic: TrafficLog;
  /** The site served with the database less its snippet tables (operations' `siteWithout`). */
  withoutSnippets: { url: string; traffic: TrafficLog } | null;
  siteContext: SiteContext;
  queryTraffic: TrafficLog;
  runs: number;
  quietMs: number;
  workload: Workload;
  operations: readonly BenchOperation[];
  /** Also run Trawl's queries on the engine before decision 0016 (sql.js-httpvfs). */
  compareEngines: boolean;
  log: (line: string) => void;
}

const NOTHING: QueryMeasure = {
  measure: { requests: 0, kb: 0, ms: 0 },
  outcome: {
    ms: 0,
    rows: 0,
    requests: 0,
    fetchedBytes: 0,
    pagesFetched: [],
    pagesCached: 0,
    pageTrace: '',
  },
};

function describe(measure: Measure): string {
  return `${measure.requests} req ${formatNumber(measure.kb)} KB ${formatNumber(measure.ms)} ms`;
}

async function onSite(
  options: MeasureOptions,
  operation: BenchOperation | null,
  runs: OperationRuns | null,
  firstScreens: FirstScreen[],
): Promise<void> {
  const session = await launchBrowser();
  try {
    const { driver, firstScreen } = await SiteDriver.open(
      session,
      options.siteUrl,
      options.siteTraffic,
      options.quietMs,
    );
    firstScreens.push(firstScreen);
    let line = `first screen ${describe(firstScreen.measure)}`;
    if (!operation || !runs) {
      options.log(`    site      ${line}`);
      return;
    }
    const cold = await operation.site(driver, options.workload, options.siteContext);
    runs.site.push(cold);
    line += `; ${describe(cold.measure)}`;
    if (operation.siteWarm) {
      const warm = await operation.siteWarm(driver, options.workload);
      runs.siteWarm.push(warm);
      line += `; warm ${describe(warm.measure)}`;
    }
    options.log(`    site      ${line}`);
  } finally {
    await session.close();
  }
  const without = operation?.siteWithout;
  const target = options.withoutSnippets;
  const last = runs?.site.at(-1);
  if (!without || !target || !last) return;
  const other = await launchBrowser();
  try {
    const { driver } = await SiteDriver.open(other, target.url, target.traffic, options.quietMs);
    const action = await without.run(driver, options.workload);
    last.extras = { ...last.extras, [without.label]: action.measure };
    options.log(`    without   ${describe(action.measure)}`);
  } finally {
    await other.close();
  }
}

async function onBenchPage(
  options: MeasureOptions,
  operation: BenchOperation | null,
  layout: Layout,
  cold: QueryMeasure[],
  warm: QueryMeasure[],
  firstScreens: QueryMeasure[],
): Promise<void> {
  const work = operation
    ? operation.query(options.workload, layout === 'legacy' ? 'trawl' : layout)
    : undefined;
  if (work === null) {
    if (!operation?.noBaseline) cold.push(NOTHING);
    return;
  }
  const session = await launchBrowser();
  try {
    const { driver, firstScreen } = await QueryDriver.open(
      session,
      options.queryUrl,
      layout,
      options.queryTraffic,
      options.quietMs,
    );
    firstScreens.push(firstScreen);
    let line = `first screen ${describe(firstScreen.measure)}`;
    if (work === undefined || !operation) {
      options.log(`    ${layout.padEnd(9)} ${line}`);
      return;
    }
    if (operation.queryPrelude) await driver.run(operation.queryPrelude(options.workload));
    const first = await driver.run(work);
    cold.push(first);
    line += `; ${describe(first.measure)}`;
    if (operation.queryWarm) {
      const again = await driver.run(work);
      warm.push(again);
      line += `; warm ${describe(again.measure)}`;
    }
    options.log(`    ${layout.padEnd(9)} ${line}`);
  } finally {
    await session.close();
  }
}

async function onEpisodePage(options: MeasureOptions, visits: FirstScreen[]): Promise<void> {
  const session = await launchBrowser();
  try {
    const visit = await openEpisodePage(
      session,
      options.episodeUrl,
      options.siteTraffic,
      options.quietMs,
    );
    visits.push(visit);
    options.log(`    episode   page to transcript text ${describe(visit.measure)}`);
  } finally {
    await session.close();
  }
}

async function onLanding(options: MeasureOptions, visits: LandingRun[]): Promise<void> {
  const session = await launchBrowser();
  try {
    const visit = await landAndSearch(
      session,
      options.siteUrl,
      options.workload.rare,
      options.siteTraffic,
      options.quietMs,
    );
    visits.push(visit);
    options.log(
      `    landing   search at the first paint ${describe(visit.measure)} (paint ${formatNumber(visit.paintMs)} ms)`,
    );
  } finally {
    await session.close();
  }
}

/** Measures every operation `runs` times on the three targets (four with `compareEngines`). */
export async function measureAll(options: MeasureOptions): Promise<RawResults> {
  const results: RawResults = {
    firstScreen: { site: [], trawl: [], baseline: [], legacy: [] },
    episodePage: [],
    landing: [],
    operations: {},
  };
  for (const operation of options.operations) {
    results.operations[operation.id] = {
      site: [],
      siteWarm: [],
      trawl: [],
      trawlWarm: [],
      baseline: [],
      baselineWarm: [],
      legacy: [],
      legacyWarm: [],
    };
  }
  const layouts = options.compareEngines
    ? (['trawl', 'legacy', 'baseline'] as const)
    : (['trawl', 'baseline'] as const);
  for (let run = 1; run <= options.runs; run += 1) {
    await onEpisodePage(options, results.episodePage);
    await onLanding(options, results.landing);
    if (options.operations.length === 0) {
      options.log(`  run ${run}/${options.runs}: first screen only`);
      await onSite(options, null, null, results.firstScreen.site);
      for (const layout of layouts) {
        await onBenchPage(options, null, layout, [], [], results.firstScreen[layout]);
      }
      continue;
    }
    for (const operation of options.operations) {
      const runs = results.operations[operation.id];
      if (!runs) continue;
      options.log(`  run ${run}/${options.runs}: ${operation.label(options.workload)}`);
      await onSite(options, operation, runs, results.firstScreen.site);
      for (const layout of layouts) {
        await onBenchPage(
          options,
          operation,
          layout,
          runs[layout],
          runs[`${layout}Warm`],
          results.firstScreen[layout],
        );
      }
    }
  }
  return results;
}
