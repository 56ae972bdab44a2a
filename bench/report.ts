/**
 * Turns the runs into what `npm run bench` prints and saves: medians per operation and target,
 * the baseline ÷ Trawl ratios, the budget checks, and one line of history. Pure functions of
 * their inputs, so the formatting is unit-tested.
 */
import { BUDGETS, checkBudget, unitOf, type Budget, type BudgetCheck } from './budgets.ts';
import { formatNumber, formatRatio, medianMeasure, ratio, type Measure } from './stats.ts';

/** Labels of the figures a snippet measurement adds under its row (issue 10). */
export const SNIPPET_EXTRAS = {
  countLine: 'count line (with the snippet tables)',
  countLineWithout: 'count line without the snippet tables (same run)',
  descriptions: 'descriptions of the new rows (beside the snippets)',
  transcripts: 'whole transcripts of those rows (stored blobs) ÷ snippets',
} as const;

/** Labels of the figures under the landing row (issue 27). */
export const LANDING_EXTRAS = {
  paint: 'first contentful paint of the same load',
  visit: 'every request until the results, as the server sent them (compressed)',
} as const;

/** A figure shown under an operation's row: medians over the runs. */
export interface ExtraRow {
  label: string;
  site: Measure | null;
  /** This figure ÷ the operation's site figure. */
  ratio: Measure | null;
}

/** One row of the table: an operation, cold or warm, on every target. */
export interface OperationRow {
  id: string;
  label: string;
  warm: boolean;
  /** Through the real site. */
  site: Measure | null;
  /** What the site read after showing the result (the new rows' descriptions and snippets). */
  siteAfter: Measure | null;
  /** Trawl's database through the bench page (query level). */
  trawl: Measure | null;
  /** The baseline's database through the bench page. */
  baseline: Measure | null;
  /** Trawl's database through the bench page on sql.js-httpvfs (`--compare-engines`). */
  legacy?: Measure | null;
  /** baseline ÷ Trawl at the query level (like for like). */
  ratio: Measure | null;
  /** Further site figures of the operation (snippets: the count line with and without). */
  extras: ExtraRow[];
}

/** Medians of some runs, or null for none. */
export function medianOf(runs: readonly Measure[]): Measure | null {
  return runs.length === 0 ? null : medianMeasure(runs);
}

/** baseline ÷ Trawl for each field, or null when either is missing. */
export function ratioOf(baseline: Measure | null, trawl: Measure | null): Measure | null {
  if (!baseline || !trawl) return null;
  return {
    requests: ratio(baseline.requests, trawl.requests),
    kb: ratio(baseline.kb, trawl.kb),
    ms: ratio(baseline.ms, trawl.ms),
  };
}

/** Builds a row from each target's runs. */
export function operationRow(
  id: string,
  label: string,
  warm: boolean,
  runs: {
    site: Measure[];
    siteAfter?: Measure[];
    trawl: Measure[];
    baseline: Measure[];
    legacy?: Measure[];
    extras?: Record<string, Measure>[];
  },
): OperationRow {
  const trawl = medianOf(runs.trawl);
  const baseline = medianOf(runs.baseline);
  const site = medianOf(runs.site);
  const labels = [...new Set((runs.extras ?? []).flatMap((extra) => Object.keys(extra)))];
  const extras = labels.map((label) => {
    const figure = medianOf((runs.extras ?? []).flatMap((extra) => extra[label] ?? []));
    return { label, site: figure, ratio: ratioOf(figure, site) };
  });
  return {
    id,
    label,
    warm,
    site,
    siteAfter: medianOf(runs.siteAfter ?? []),
    trawl,
    baseline,
    ...(runs.legacy !== undefined && runs.legacy.length > 0
      ? { legacy: medianOf(runs.legacy) }
      : {}),
    ratio: ratioOf(baseline, trawl),
    extras,
  };
}

/** The first visit: every request until the network was quiet, raw and compressed. */
export interface FirstVisit {
  requests: number;
  /** As the server sent it (`trawl serve` compresses text assets with brotli or gzip). */
  kb: number;
  /** Text assets gzipped at level 6 (the budget's figure), database chunks as they are. */
  compressedKb: number;
  /** The same as `kb`, named for the table (older results lack it). */
  servedKb?: number;
  /** The page's HTML and CSS, gzipped: what the first screen waits for (issue 17). */
  beforeFirstScreenKb: number;
  /** What the first interaction adds (the engine, its open, the whole list), as `compressedKb`. */
  interactionCompressedKb?: number;
  /** The same, as the server sent it (brotli). */
  interactionKb?: number;
}

/** The first screen's baseline design (bench page) ÷ the Trawl site, in ms, or null. */
export function firstScreenRatio(rows: readonly OperationRow[]): number | null {
  const row = rows.find((candidate) => candidate.id === 'first-screen' && !candidate.warm);
  if (!row?.baseline || !row.site || row.site.ms <= 0) return null;
  return row.baseline.ms / row.site.ms;
}

/** `trawl build`'s wall time and peak resident memory. */
export interface BuildFigures {
  seconds: number;
  peakRssBytes: number;
}

/** The figure a budget is checked against. */
export function budgetFigure(
  rows: readonly OperationRow[],
  firstVisit: FirstVisit | null,
  operation: string,
  metric: BudgetCheck['metric'],
  build: BuildFigures | null = null,
): number | null {
  if (metric === 'build-minutes') return build ? build.seconds / 60 : null;
  if (metric === 'build-peak-gb') return build?.peakRssBytes ? build.peakRssBytes / 1e9 : null;
  if (metric === 'first-visit-kb') return firstVisit?.compressedKb ?? null;
  if (metric === 'first-screen-kb') return firstVisit?.beforeFirstScreenKb ?? null;
  if (metric === 'site-ms-ratio') return firstScreenRatio(rows);
  const row = rows.find((candidate) => candidate.id === operation && !candidate.warm);
  if (!row) return null;
  if (metric === 'kb-ratio') return row.ratio?.kb ?? null;
  if (metric === 'landing-paint-ratio') {
    const paint = row.extras.find((extra) => extra.label === LANDING_EXTRAS.paint)?.site?.ms;
    return row.site && paint !== undefined && paint > 0 ? row.site.ms / paint : null;
  }
  if (metric === 'count-line-delay-ms') {
    const ms = (label: string): number | null =>
      row.extras.find((extra) => extra.label === label)?.site?.ms ?? null;
    const withTables = ms(SNIPPET_EXTRAS.countLine);
    const without = ms(SNIPPET_EXTRAS.countLineWithout);
    return withTables === null || without === null ? null : withTables - without;
  }
  return row.site?.[metric] ?? null;
}

/** Checks every budget against the rows. */
export function checkBudgets(
  rows: readonly OperationRow[],
  firstVisit: FirstVisit | null,
  build: BuildFigures | null = null,
  budgets: readonly Budget[] = BUDGETS,
): BudgetCheck[] {
  return budgets.map((budget) =>
    checkBudget(budget, budgetFigure(rows, firstVisit, budget.operation, budget.metric, build)),
  );
}

function cell(measure: Measure | null): string {
  if (!measure) return '–';
  if (Number.isNaN(measure.ms)) {
    return `${formatNumber(measure.requests)} / ${formatNumber(measure.kb)} / –`;
  }
  return `${formatNumber(measure.requests)} / ${formatNumber(measure.kb)} / ${formatNumber(measure.ms)}`;
}

function ratioCell(measure: Measure | null): string {
  if (!measure) return '–';
  return `${formatRatio(measure.requests)} / ${formatRatio(measure.kb)} / ${formatRatio(measure.ms)}`;
}

/** A Markdown table with padded columns (readable in a terminal and in docs). */
export function markdownTable(header: readonly string[], body: readonly string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((text, column) => text.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...body.map(line),
  ].join('\n');
}

/**
 * The operations table: each target as 'requests / KB / ms', then the ratios; with the engine
 * comparison, Trawl's queries on sql.js-httpvfs beside them.
 */
export function formatOperations(rows: readonly OperationRow[]): string {
  const legacy = rows.some((row) => row.legacy !== undefined);
  const body: string[][] = [];
  const blank = legacy ? ['', '', '', ''] : ['', '', ''];
  for (const row of rows) {
    body.push([
      row.warm ? `  … warm (again in the same page)` : row.label,
      cell(row.site),
      cell(row.trawl),
      ...(legacy ? [cell(row.legacy ?? null)] : []),
      cell(row.baseline),
      ratioCell(row.ratio),
    ]);
    if (row.siteAfter && row.siteAfter.requests + row.siteAfter.kb > 0) {
      body.push(['  … then what the new rows load', cell(row.siteAfter), ...blank]);
    }
    for (const extra of row.extras) {
      const ratio = extra.label.includes('÷') && extra.ratio ? ratioCell(extra.ratio) : '';
      body.push([`  … ${extra.label}`, cell(extra.site), ...blank.slice(1), ratio]);
    }
  }
  return markdownTable(
    [
      'operation (cold unless warm)',
      'Trawl site: req / KB / ms',
      'Trawl query: req / KB / ms',
      ...(legacy ? ['Trawl query on sql.js-httpvfs'] : []),
      'baseline query: req / KB / ms',
      'baseline ÷ Trawl query',
    ],
    body,
  );
}

const METRIC_NAMES: Record<BudgetCheck['metric'], string> = {
  requests: 'requests to the database',
  kb: 'KB from the database',
  ms: 'wall time',
  'first-visit-kb': 'first-visit transfer, compressed',
  'first-screen-kb': 'the page and its CSS before the first screen, gzipped',
  'kb-ratio': 'KB: baseline ÷ Trawl',
  'site-ms-ratio': 'ms: baseline design ÷ Trawl site',
  'count-line-delay-ms': 'count line, with the snippet tables − without',
  'landing-paint-ratio': 'results ÷ first contentful paint, same load',
  'build-minutes': 'wall time',
  'build-peak-gb': 'peak resident memory',
};

/** The budgets table: what, limit, Trawl's figure and the verdict. */
export function formatBudgets(
  checks: readonly BudgetCheck[],
  labelOf: (operation: string) => string,
): string {
  return markdownTable(
    ['budget', 'limit', 'Trawl', 'verdict'],
    checks.map((check) => {
      const unit = unitOf(check.metric);
      const limit = `${check.kind === 'max' ? '≤' : '≥'} ${check.limit}${unit === '×' ? '×' : ` ${unit}`}`;
      const actual =
        check.actual === null
          ? '–'
          : unit === '×'
            ? formatRatio(check.actual)
            : `${formatNumber(check.actual)} ${unit}`;
      return [
        `${labelOf(check.operation)}: ${METRIC_NAMES[check.metric]}`,
        limit,
        actual,
        check.verdict,
      ];
    }),
  );
}

/** The figures HISTORY.md keeps for one run. */
export interface HistoryFacts {
  date: Date;
  commit: string | null;
  key: string;
  delayMs: number;
  runs: number;
  rows: readonly OperationRow[];
  checks: readonly BudgetCheck[];
  buildSeconds: number;
  peakRssMb: number;
}

/** One dated line for bench/results/HISTORY.md. */
export function historyLine(facts: HistoryFacts): string {
  const figure = (id: string): string => {
    const row = facts.rows.find((candidate) => candidate.id === id && !candidate.warm);
    return row?.site ? cell(row.site).replaceAll(' ', '') : '–';
  };
  const met = facts.checks.filter((check) => check.met).length;
  return [
    `- ${facts.date.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    facts.commit ?? 'uncommitted',
    `${facts.key}, ${facts.delayMs} ms delay, ${facts.runs} runs`,
    `budgets ${met}/${facts.checks.length}`,
    `first screen ${figure('first-screen')}`,
    `rare ${figure('search-rare')}`,
    `the ${figure('search-common')}`,
    `phrase ${figure('search-phrase')}`,
    `snippets rare ${figure('snippets-rare')} the ${figure('snippets-common')} phrase ${figure('snippets-phrase')}`,
    `transcript ${figure('transcript')}`,
    `build ${formatNumber(facts.buildSeconds)} s ${formatNumber(facts.peakRssMb)} MB`,
  ].join(' · ');
}
