/**
 * The data a pre-rendered page carries for the app to hydrate from: the loads the page's first
 * render needs, by resource key, and the rows it shows (`ListSnapshot`); never the whole
 * episode list, so the page stays small however long the archive grows.
 *
 * The pages that list the archive (`/`, `/page/<n>`, the 404 page) also carry the version they
 * were rendered from (the app stays on it) with its config and the list's count. An episode's
 * page carries nothing archive-wide (decision 0044): its bytes change only when what it shows
 * does, and the app reads latest.json when it first needs the database.
 */
import { z } from 'zod/mini';
import type { EpisodeRow } from '../../core/db-schema.ts';
import { normaliseEpisodeNumber } from '../../core/episode-filters.ts';
import { readPageUrl, type PageRoute } from '../../core/page-url.ts';
import { dbConfigSchema, type DbConfig } from '../../core/site-config.ts';
import type { ListSnapshot } from '../data/list-snapshot.tsx';
import type { ResourceEntries } from '../data/resource-cache.tsx';

export interface PageData {
  /** The version a list page was rendered from; absent on an episode's page. */
  version?: string | undefined;
  /** That version's config; present exactly when `version` is. */
  config?: DbConfig | undefined;
  /** The site path the page was rendered for ('/', '/page/2', '/episodes/12', '/404'). */
  path: string;
  resources: ResourceEntries;
  list: ListSnapshot | null;
}

/** The resource key of the whole episode list (`useEpisodes`). */
export const EPISODES_KEY = 'episodes';

const pageDataSchema = z.object({
  version: z.optional(z.string().check(z.minLength(1))),
  config: z.optional(dbConfigSchema),
  path: z.string(),
  resources: z.record(z.string(), z.unknown()),
  list: z.nullable(
    z.object({
      path: z.string(),
      total: z.optional(z.int().check(z.minimum(0))),
      // Rows of a database Trawl built itself, as the list row holds them.
      rows: z.array(z.custom<EpisodeRow>((row) => typeof row === 'object' && row !== null)),
      offset: z.optional(z.int().check(z.minimum(0))),
    }),
  ),
});

/** The page's data, or null when the JSON is missing or not a page's data. */
export function parsePageData(json: string | null | undefined): PageData | null {
  if (json === null || json === undefined || json.trim() === '') return null;
  try {
    const parsed = pageDataSchema.safeParse(JSON.parse(json));
    if (!parsed.success) return null;
    const { version, config } = parsed.data;
    // A version without its config (or the reverse) is no page Trawl wrote.
    return config?.version === version ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The archive's list, indexed once for a build's pages: each page's rows in constant time. */
export interface ListIndex {
  /** Every episode in the version. */
  total: number;
  /** The rows the page at `route` shows, on page `page` of the list (see `shownRows`). */
  rowsFor(route: PageRoute, pageSize: number, page?: number): EpisodeRow[];
}

/**
 * Indexes `episodes` (newest first, as `useEpisodes` gives it) by normalised episode number,
 * so that rendering every page of an archive reads the list once, not once per page.
 */
export function indexList(episodes: readonly EpisodeRow[]): ListIndex {
  const positions = new Map<string, number>();
  episodes.forEach((row, at) => {
    const number = normaliseEpisodeNumber(row.episode);
    if (number !== null && !positions.has(number)) positions.set(number, at);
  });
  return {
    total: episodes.length,
    rowsFor(route, pageSize, page = 1) {
      if (route.kind === 'home') return episodes.slice((page - 1) * pageSize, page * pageSize);
      if (route.kind !== 'episode') return [];
      // Canonical numbers only, as `isEpisodeRoute` matches them (decision 0038).
      const wanted = normaliseEpisodeNumber(route.episode);
      const at = wanted !== route.episode ? undefined : positions.get(wanted);
      return at === undefined ? [] : episodes.slice(Math.max(0, at - 1), at + 2);
    },
  };
}

/**
 * The rows a pre-rendered page shows: the newest page of the list on '/', page N on
 * '/page/N'; on an episode's own page the episode and the ones either side of it (its links to the previous and next); none
 * elsewhere. `episodes` is newest first, as `useEpisodes` gives it, and so are the rows.
 */
export function shownRows(
  episodes: readonly EpisodeRow[],
  route: PageRoute,
  pageSize: number,
  /** The page of the list ('/page/3': 3); its rows follow `(page - 1) × pageSize` newer ones. */
  page = 1,
): EpisodeRow[] {
  return indexList(episodes).rowsFor(route, pageSize, page);
}

/** The list snapshot the page at `path` carries (no rows for a page that shows no list). */
export function snapshotFor(list: ListIndex, path: string, pageSize: number): ListSnapshot {
  const { route, state } = readPageUrl(path, new URLSearchParams());
  const page = route.kind === 'home' ? state.page : 1;
  const rows = list.rowsFor(route, pageSize, page);
  const offset = (page - 1) * pageSize;
  // An episode's page shows no count: the archive's size stays out of its bytes.
  return route.kind === 'episode'
    ? { path, rows, offset }
    : { path, total: list.total, rows, offset };
}

/** Transcripts' resource keys (`useTranscript`): the page writes them as text, not data. */
const TRANSCRIPT_KEY = /^transcript:/;

/** The loaded transcripts among a page's loads. */
export function transcriptsOf(entries: ResourceEntries): ResourceEntries {
  return Object.fromEntries(Object.entries(entries).filter(([key]) => TRANSCRIPT_KEY.test(key)));
}

/**
 * The page data of a rendered page: its loads (never the whole episode list: the page carries
 * `list`, its rows and the count) without the transcripts (the page shows them as text; the
 * browser loads them itself).
 */
export function pageDataFor(
  config: DbConfig,
  path: string,
  entries: ResourceEntries,
  list: ListSnapshot | null,
): PageData {
  const resources = Object.fromEntries(
    Object.entries(entries).filter(([key]) => key !== EPISODES_KEY && !TRANSCRIPT_KEY.test(key)),
  );
  if (readPageUrl(path, new URLSearchParams()).route.kind === 'episode') {
    return { path, resources, list };
  }
  return { version: config.version, config, path, resources, list };
}
