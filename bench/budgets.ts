/**
 * The performance budgets of issue 7 (Trawl, 50 ms added delay, cold) and how a measured
 * figure is checked against one. Pure data and arithmetic, so the report can be tested.
 */
import { formatNumber } from './stats.ts';

/** What a budget limits. */
export type BudgetMetric =
  /** Requests to the database chunk files. */
  | 'requests'
  /** Kilobytes read from the database chunk files. */
  | 'kb'
  /** Wall time in ms. */
  | 'ms'
  /** Every request of the first visit, compressed as a host would serve it. */
  | 'first-visit-kb'
  /** Baseline KB ÷ Trawl KB for the same operation (query level, like for like). */
  | 'kb-ratio';

export interface Budget {
  /** The operation it applies to (an id of `bench/operations.ts`). */
  operation: string;
  metric: BudgetMetric;
  /** 'max': the figure must not exceed the limit; 'min': it must reach it. */
  kind: 'max' | 'min';
  limit: number;
}

export interface BudgetCheck extends Budget {
  actual: number | null;
  met: boolean;
  /** '✓ 2 under', '✗ 40 over (+33%)', '✗ not measured'. */
  verdict: string;
}

const UNITS: Record<BudgetMetric, string> = {
  requests: 'requests',
  kb: 'KB',
  ms: 'ms',
  'first-visit-kb': 'KB',
  'kb-ratio': '×',
};

/** Unit of a metric, for tables. */
export function unitOf(metric: BudgetMetric): string {
  return UNITS[metric];
}

const searchBudgets = (operation: string, requests: number, kb: number, ms: number): Budget[] => [
  { operation, metric: 'requests', kind: 'max', limit: requests },
  { operation, metric: 'kb', kind: 'max', limit: kb },
  { operation, metric: 'ms', kind: 'max', limit: ms },
];

/** The budgets. Searches count what the search reads before the count line updates. */
export const BUDGETS: readonly Budget[] = [
  ...searchBudgets('first-screen', 6, 120, 800),
  ...searchBudgets('search-rare', 4, 64, 300),
  ...searchBudgets('search-common', 4, 64, 300),
  ...searchBudgets('search-all-fields', 4, 64, 300),
  ...searchBudgets('search-phrase', 6, 128, 400),
  ...searchBudgets('transcript', 4, 100, 350),
  { operation: 'first-screen', metric: 'first-visit-kb', kind: 'max', limit: 800 },
  { operation: 'search-common', metric: 'kb-ratio', kind: 'min', limit: 100 },
  { operation: 'transcript', metric: 'kb-ratio', kind: 'min', limit: 5 },
];

/** Checks one budget against a measured figure (null when it was not measured). */
export function checkBudget(budget: Budget, actual: number | null): BudgetCheck {
  const unit = unitOf(budget.metric);
  if (actual === null || Number.isNaN(actual)) {
    return { ...budget, actual: null, met: false, verdict: '✗ not measured' };
  }
  const met = budget.kind === 'max' ? actual <= budget.limit : actual >= budget.limit;
  const gap = Math.abs(actual - budget.limit);
  const word = budget.kind === 'max' ? (met ? 'under' : 'over') : met ? 'above' : 'short';
  const space = unit === '×' ? '' : ' ';
  let verdict = `${met ? '✓' : '✗'} ${formatNumber(gap)}${space}${unit} ${word}`;
  if (!met && budget.limit > 0) {
    const percent = Math.round((gap / budget.limit) * 100);
    verdict += ` (${budget.kind === 'max' ? '+' : '-'}${percent}%)`;
  }
  return { ...budget, actual, met, verdict };
}
