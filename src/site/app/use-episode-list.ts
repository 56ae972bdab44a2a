import { useMemo } from 'react';
import type { EpisodeRow } from '../../core/db-schema.ts';
import { allTypesOn, filterEpisodes, isEpisodeRoute } from '../../core/episode-filters.ts';
import type { SearchState } from '../../core/search-state.ts';

/** The filtered list, the page on screen and what the count line says. */
export interface EpisodeListView {
  /** Episodes that pass every filter, newest first (or in `rank`'s order). */
  found: EpisodeRow[];
  /** The episodes on the current page. */
  visible: EpisodeRow[];
  /** The page shown (the URL's page, kept within 1..pageCount). */
  page: number;
  pageCount: number;
  /** Whether anything narrows the list ('found X of N' rather than 'showing all N'). */
  narrowed: boolean;
  /**
   * The episode the `/episodes/:episodeId` route names, whatever the filters: undefined on `/`,
   * null when the podcast has no episode with that number.
   */
  routeEpisode: EpisodeRow | null | undefined;
}

/**
 * Derives the list from the loaded episodes, the URL state, the route and the search result.
 * Memoised on each input, so typing in the search box or opening a row filters nothing.
 */
export function useEpisodeList(
  episodes: readonly EpisodeRow[],
  state: SearchState,
  episodeNumber: string | undefined,
  searchIds: ReadonlySet<number> | null,
  typeIds: readonly string[],
  pageSize: number,
  /** Episode ids best match first ('best match'), or null for newest first. */
  rank: readonly number[] | null = null,
): EpisodeListView {
  const { types, presenterIds, venueIds } = state;
  const typesKey = JSON.stringify(types);
  const presentersKey = presenterIds.join(',');
  const venuesKey = venueIds.join(',');

  const filtered = useMemo(
    () =>
      filterEpisodes(
        episodes,
        { types, presenterIds, venueIds, episodeNumber, searchIds },
        typeIds,
      ),
    // The keys stand for the arrays and objects, which are new on every URL change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [episodes, typesKey, presentersKey, venuesKey, episodeNumber, searchIds, typeIds],
  );
  const found = useMemo(() => {
    if (rank === null) return filtered;
    const position = new Map(rank.map((id, index) => [id, index]));
    const last = rank.length;
    return [...filtered].sort(
      (a, b) => (position.get(a.id) ?? last) - (position.get(b.id) ?? last),
    );
  }, [filtered, rank]);

  const pageCount = Math.ceil(found.length / pageSize);
  const page = Math.min(Math.max(1, state.page), Math.max(1, pageCount));
  const visible = useMemo(
    () => found.slice((page - 1) * pageSize, page * pageSize),
    [found, page, pageSize],
  );
  const narrowed =
    searchIds !== null ||
    episodeNumber !== undefined ||
    !allTypesOn(types, typeIds) ||
    presenterIds.length > 0 ||
    venueIds.length > 0;
  const routeEpisode = useMemo(() => {
    if (episodeNumber === undefined) return undefined;
    return episodes.find((episode) => isEpisodeRoute(episode.episode, episodeNumber)) ?? null;
  }, [episodes, episodeNumber]);
  return { found, visible, page, pageCount, narrowed, routeEpisode };
}
