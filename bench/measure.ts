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
import { SiteDriver, type FirstScreen, type MeasuredAction } from './site-driver.ts';
import { formatNumber, type Measure } from './stats.ts';
import type { TrafficLog } from './traffic.ts';

/** Every run's figures, before medians. */
export interface RawResults {
  firstScreen: { site: FirstScreen[]; trawl: QueryMeasure[]; baseline: QueryMeasure[] };
  /** A fresh visit of an episode page, to its transcript text (issue 17), once per run. */
  episodePage: FirstScreen[];
  operations: Record<string, OperationRuns>;
}

export interface OperationRuns {
  site: MeasuredAction[];
  siteWarm: MeasuredAction[];
  trawl: QueryMeasure[];
  trawlWarm: QueryMeasure[];
  baseline: QueryMeasure[];
  baselineWarm: QueryMeasure[];
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
  const work = operation ? operation.query(options.workload, layout) : undefined;
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

/** Measures every operation `runs` times on the three targets. */
export async function measureAll(options: MeasureOptions): Promise<RawResults> {
  const results: RawResults = {
    firstScreen: { site: [], trawl: [], baseline: [] },
    episodePage: [],
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
    };
  }
  for (let run = 1; run <= options.runs; run += 1) {
    await onEpisodePage(options, results.episodePage);
    if (options.operations.length === 0) {
      options.log(`  run ${run}/${options.runs}: first screen only`);
      await onSite(options, null, null, results.firstScreen.site);
      for (const layout of ['trawl', 'baseline'] as const) {
        await onBenchPage(options, null, layout, [], [], results.firstScreen[layout]);
      }
      continue;
    }
    for (const operation of options.operations) {
      const runs = results.operations[operation.id];
      if (!runs) continue;
      options.log(`  run ${run}/${options.runs}: ${operation.label(options.workload)}`);
      await onSite(options, operation, runs, results.firstScreen.site);
      await onBenchPage(
        options,
        operation,
        'trawl',
        runs.trawl,
        runs.trawlWarm,
        results.firstScreen.trawl,
      );
      await onBenchPage(
        options,
        operation,
        'baseline',
        runs.baseline,
        runs.baselineWarm,
        results.firstScreen.baseline,
      );
    }
  }
  return results;
}
