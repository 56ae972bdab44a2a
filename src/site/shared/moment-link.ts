/**
 * Links to a moment of an episode: `episodes/<n>?t=<seconds>`. The URL's owner reads `t`
 * (`SearchState.moment` in `src/core/search-state.ts`).
 */
import { formatMomentRange } from '../../core/moment-range.ts';

/** The absolute address of a moment of an episode, for sharing. */
export function momentUrl(
  episode: string,
  seconds: number,
  origin: string = window.location.origin,
  base: string = import.meta.env.BASE_URL,
): string {
  const path = `${base.endsWith('/') ? base : `${base}/`}episodes/${encodeURIComponent(episode)}`;
  return `${origin}${path}?t=${Math.max(0, Math.floor(seconds))}`;
}

/** The absolute address of a quote: the episode at `start`, playing until `end`. */
export function quoteUrl(
  episode: string,
  start: number,
  end: number,
  origin: string = window.location.origin,
  base: string = import.meta.env.BASE_URL,
): string {
  const moment = momentUrl(episode, start, origin, base);
  return moment.replace(/\?t=.*$/, `?t=${formatMomentRange({ start, end })}`);
}
