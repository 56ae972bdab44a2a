/**
 * Links to a moment of an episode: `episodes/<n>?t=<seconds>`. The URL's owner reads `t`
 * (`SearchState.moment` in `src/core/search-state.ts`).
 */

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
