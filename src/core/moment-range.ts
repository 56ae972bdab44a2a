/**
 * The `t` parameter of an episode's link: one moment (`t=754`, `t=12:34`) or a quote's range
 * (`t=754,771`, `t=12:34,12:51`). Times are seconds or clock times (`parseClockTime`).
 */
import { parseClockTime } from './time-format.ts';

/** A linked moment; `end` is set when the link quotes a range. */
export interface MomentRange {
  start: number;
  end: number | null;
}

/** Reads `t`: 'START' or 'START,END' with END after START; null for anything else. */
export function parseMomentRange(text: string): MomentRange | null {
  const parts = text.split(',');
  if (parts.length > 2) return null;
  const start = parseClockTime(parts[0] ?? '');
  if (start === null) return null;
  if (parts.length === 1) return { start, end: null };
  const end = parseClockTime(parts[1] ?? '');
  if (end === null || end <= start) return null;
  return { start, end };
}

/** Writes `t` as `parseMomentRange` reads it, in whole seconds (a range keeps its last second). */
export function formatMomentRange(range: MomentRange): string {
  const start = Math.max(0, Math.floor(range.start));
  if (range.end === null) return String(start);
  return `${start},${Math.max(start + 1, Math.ceil(range.end))}`;
}
