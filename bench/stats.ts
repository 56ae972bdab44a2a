/** Small pure helpers for the benchmark's figures. */

/** Requests, kilobytes and milliseconds of one measured operation. */
export interface Measure {
  requests: number;
  kb: number;
  ms: number;
}

/** The median of some numbers (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  if (sorted.length % 2 === 1) return upper;
  return ((sorted[middle - 1] ?? upper) + upper) / 2;
}

/** The median of each field over several runs. */
export function medianMeasure(runs: readonly Measure[]): Measure {
  return {
    requests: median(runs.map((run) => run.requests)),
    kb: median(runs.map((run) => run.kb)),
    ms: median(runs.map((run) => run.ms)),
  };
}

/**
 * How many times larger `baseline` is than `trawl`. A zero Trawl figure against a non-zero
 * baseline is infinite; zero against zero is 1 (no difference).
 */
export function ratio(baseline: number, trawl: number): number {
  if (trawl === 0) return baseline === 0 ? 1 : Number.POSITIVE_INFINITY;
  return baseline / trawl;
}

/** Bytes as kilobytes (1 KB = 1024 bytes, as the design notes count). */
export function toKb(bytes: number): number {
  return bytes / 1024;
}

/** A figure for a table cell: no decimals from 100 up, one below, '–' when missing. */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  if (!Number.isFinite(value)) return '∞';
  if (Math.abs(value) >= 100 || Number.isInteger(value)) return Math.round(value).toString();
  return value.toFixed(1);
}

/** A ratio for a table cell: '12×', '1.5×', '∞', or '–' when missing. */
export function formatRatio(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  if (!Number.isFinite(value)) return '∞';
  return `${value >= 10 ? Math.round(value).toString() : value.toFixed(1)}×`;
}
