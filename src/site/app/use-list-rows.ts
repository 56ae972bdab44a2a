import type { EpisodeRow } from '../../core/db-schema.ts';
import { normaliseEpisodeNumber } from '../../core/episode-filters.ts';
import { readPageUrl, type PageRoute, type PageUrl } from '../../core/page-url.ts';
import { isDefaultList } from '../../core/search-state.ts';
import { useListSnapshot } from '../data/list-snapshot.tsx';
import type { Resource } from '../data/resource.ts';

/** The episodes the list is drawn from, and how many the archive has. */
export interface ListRows {
  rows: readonly EpisodeRow[];
  total: number;
  /**
   * True while only a pre-rendered page's rows are known: on the home page `total` episodes
   * pass, though `rows` holds only the first page of them.
   */
  partial: boolean;
  /** How many episodes come before `rows` in the whole list (a snapshot of '/page/3'). */
  offset: number;
}

/**
 * The list's rows: every episode once loaded; before that, on the very page that was
 * pre-rendered (its home page or episode page, with nothing searched or filtered), the rows
 * the page carried (a page of the list: its rows, after `offset` newer ones). Any other page, even one reached inside the app, waits for the whole list.
 */
export function useListRows(url: PageUrl, episodes: Resource<EpisodeRow[]>): ListRows | null {
  const snapshot = useListSnapshot();
  if (episodes.status === 'ready') {
    return { rows: episodes.data, total: episodes.data.length, partial: false, offset: 0 };
  }
  if (snapshot === null) return null;
  // The snapshot's page ('/page/3') must be the one asked for, and nothing else narrowed.
  const shot = readPageUrl(snapshot.path, new URLSearchParams());
  const covered =
    isDefaultList({ ...url.state, page: 1 }) &&
    url.state.page === shot.state.page &&
    sameRoute(shot.route, url.route);
  return covered
    ? {
        rows: snapshot.rows,
        total: snapshot.total ?? snapshot.rows.length,
        partial: true,
        offset: snapshot.offset ?? 0,
      }
    : null;
}

function sameRoute(a: PageRoute, b: PageRoute): boolean {
  if (a.kind === 'episode' && b.kind === 'episode') {
    const number = normaliseEpisodeNumber(a.episode);
    return number !== null && number === normaliseEpisodeNumber(b.episode);
  }
  return a.kind === 'home' && b.kind === 'home';
}
