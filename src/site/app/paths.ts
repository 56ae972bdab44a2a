/**
 * The site's routes, in one place. Paths are relative to the router's basename (the build's
 * base path), so links work when the site is served from a sub-folder.
 */
export const paths = {
  home: '/',
  /** The list with a query string (a search, filters, a page). */
  list(queryParams: readonly [string, string][] = []): string {
    const query = new URLSearchParams([...queryParams]).toString();
    return query === '' ? '/' : `/?${query}`;
  },
  episodePattern: 'episodes/:episodeId',
  /** A page of the plain list: `listLocation` (src/core/page-url.ts) writes '/page/N'. */
  listPagePattern: 'page/:page',
  /** An episode's own page, with a query string (`episodeQuery` keeps the search's). */
  episode(episodeNumber: string, queryParams: readonly [string, string][] = []): string {
    const query = new URLSearchParams([...queryParams]).toString();
    return `/episodes/${encodeURIComponent(episodeNumber)}${query === '' ? '' : `?${query}`}`;
  },
} as const;

/** The router's basename: the build's base path without its trailing slash ('/' at the root). */
export const ROUTER_BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '') || '/';
