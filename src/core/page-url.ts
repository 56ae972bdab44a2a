/**
 * The page's whole URL read once: which page the path names, and the query string's state
 * (`search-state.ts`). Every part of the site reads this one value; nothing else looks at the
 * address.
 */
import {
  DEFAULT_SEARCH_STATE,
  foreignParams,
  isDefaultList,
  readSearchState,
  searchStateEntries,
  updateSearchState,
  type SearchState,
} from './search-state.ts';

/** The pages of the site: the list, an episode's own page, or no page of ours (404). */
export type PageRoute =
  { kind: 'home' } | { kind: 'episode'; episode: string } | { kind: 'not-found' };

/** What a URL asks for. */
export interface PageUrl {
  route: PageRoute;
  state: SearchState;
  /** Where an episode's page opens its transcript: `t`, on an episode's own page only. */
  startAt: number | null;
  /** Where a quote link's range ends (`t=START,END`): playback stops there. */
  endAt: number | null;
  /** The plain home page: no episode, and nothing searched, filtered or paged. */
  isHomePage: boolean;
  /** Query parameters the site does not own, kept as they came. */
  others: [string, string][];
}

/** The query string a page reads: URLSearchParams or anything like it. */
export interface QueryParams extends Iterable<[string, string]> {
  get(name: string): string | null;
}

const EPISODE_PATH = /^\/episodes\/([^/]+)\/?$/;

/**
 * A page of the plain list as a path ('/page/3'): a static host answers it with its own
 * pre-rendered page, where it would answer '/?p=3' with the first page (decision 0032).
 */
const LIST_PAGE_PATH = /^\/page\/([1-9][0-9]{0,5})\/?$/;

/** The page a list-page path names ('/page/3' → 3), or null for any other path. */
export function listPageOfPath(pathname: string): number | null {
  const match = LIST_PAGE_PATH.exec(pathname);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** The path of a page of the plain list: '/' for the first, '/page/N' for the others. */
export function listPagePath(page: number): string {
  return page > 1 ? `/page/${page}` : '/';
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The page a path names; the path is relative to the site's base (the router's pathname). */
export function readRoute(pathname: string): PageRoute {
  if (pathname === '' || pathname === '/' || listPageOfPath(pathname) !== null) {
    return { kind: 'home' };
  }
  const match = EPISODE_PATH.exec(pathname);
  if (match?.[1] !== undefined) return { kind: 'episode', episode: decodeSegment(match[1]) };
  return { kind: 'not-found' };
}

/**
 * A browser path relative to the site's base path ('/podcast/episodes/3' under '/podcast/'
 * is '/episodes/3'), or null when the path is outside the base.
 */
export function pathWithinBase(pathname: string, base: string): string | null {
  const root = base.endsWith('/') ? base.slice(0, -1) : base;
  if (pathname === root) return '/';
  if (!pathname.startsWith(`${root}/`)) return null;
  return pathname.slice(root.length);
}

/** Reads a page's URL: its path (relative to the base) and its query parameters. */
export function readPageUrl(pathname: string, params: QueryParams): PageUrl {
  const route = readRoute(pathname);
  const read = readSearchState(params);
  // '/page/3' is page 3 of the list; a `p` in its query string, written by hand, wins.
  const pathPage = listPageOfPath(pathname);
  const state = pathPage !== null && params.get('p') === null ? { ...read, page: pathPage } : read;
  return {
    route,
    state,
    startAt: route.kind === 'episode' ? (state.moment?.start ?? null) : null,
    endAt: route.kind === 'episode' ? (state.moment?.end ?? null) : null,
    isHomePage: route.kind === 'home' && isDefaultList(state),
    others: foreignParams(params),
  };
}

/** A query string's name or value as forms write it (a space is '+'); core has no URLSearchParams. */
function formEncode(text: string): string {
  return encodeURIComponent(text).replaceAll('%20', '+');
}

/**
 * The address of the list in `state` (relative to the site's base): a page of the plain list
 * is its own path ('/page/3'), which works without scripts on any static host; a search or
 * filtered list is '/' with its query string. `others` (parameters the site does not own, and
 * about-the-visit ones such as `deployed`) stay in the query string.
 */
export function listLocation(state: SearchState, others: readonly [string, string][]): string {
  const plain = isDefaultList({ ...state, page: 1 });
  const entries = [...searchStateEntries(plain ? { ...state, page: 1 } : state), ...others];
  const query = entries
    .map(([name, value]) => `${formEncode(name)}=${formEncode(value)}`)
    .join('&');
  const path = plain ? listPagePath(state.page) : '/';
  return query === '' ? path : `${path}?${query}`;
}

/**
 * The query string of an episode's own page linked from the list: the search and filters
 * stay, the page and the moment go.
 */
export function episodeQuery(url: PageUrl): [string, string][] {
  return [...searchStateEntries({ ...url.state, page: 1, moment: null }), ...url.others];
}

/**
 * The query string of the list with `change` applied to the URL's state, for leaving an
 * episode's page for the list (a search typed there): the moment stays behind.
 */
export function listQuery(url: PageUrl, change: Partial<SearchState>): [string, string][] {
  const state = updateSearchState({ ...url.state, moment: null }, change);
  return [...searchStateEntries(state), ...url.others];
}

/**
 * The search or filtered list that led to an episode's page, or null when its URL carries
 * none (the plain list is 'all episodes').
 */
export function searchBehind(url: PageUrl): [string, string][] | null {
  const state = { ...url.state, page: 1, moment: null };
  return isDefaultList(state) ? null : episodeQuery(url);
}

/** The list of every episode with `types` on and nothing else narrowed (a row's 'Live'). */
export function typeListQuery(types: SearchState['types']): [string, string][] {
  return searchStateEntries({ ...DEFAULT_SEARCH_STATE, types });
}
