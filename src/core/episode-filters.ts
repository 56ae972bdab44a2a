/**
 * The episode list's filters: episode type (configured per podcast), presenters,
 * venues, the `/episodes/:episodeId` route and the search result. Pure, so the list derives
 * in one memoised pass and the rules are tested without a browser.
 */
import { episodeTypeIds } from './db-schema.ts';

/**
 * The episode-type toggles, keyed by type id: `false` means episodes of that type are hidden;
 * a missing id is on. The types themselves are data (`site.episodeTypes`, rules in
 * trawl.config.json); an episode row carries its type ids (`episodes.type_ids`).
 */
export type TypeToggles = Readonly<Record<string, boolean>>;

/** Every type on: the default, and the state in which no episode is hidden by type. */
export const ALL_TYPES_ON: TypeToggles = Object.freeze({});

/** The columns of an episode the filters read. */
export interface FilterableEpisode {
  id: number;
  episode: string;
  venue: number | null;
  presenter1: number | null;
  presenter2: number | null;
  presenter3: number | null;
  presenter4: number | null;
  presenter5: number | null;
  /** Space-separated type ids (absent in older databases: no types). */
  type_ids?: string;
}

/** Everything that narrows the list. */
export interface EpisodeFilters {
  types: TypeToggles;
  presenterIds: readonly number[];
  venueIds: readonly number[];
  /** The `:episodeId` route parameter, raw; undefined on `/`. */
  episodeNumber?: string | undefined;
  /** Episode ids the search matched, or null when no search applies. */
  searchIds: ReadonlySet<number> | null;
}

/** The presenter ids of an episode, without gaps. */
export function presentersOf(episode: FilterableEpisode): number[] {
  const ids = [
    episode.presenter1,
    episode.presenter2,
    episode.presenter3,
    episode.presenter4,
    episode.presenter5,
  ];
  return ids.filter((id): id is number => id !== null);
}

/** Whether a type's toggle is on. */
export function isTypeOn(types: TypeToggles, typeId: string): boolean {
  return types[typeId] !== false;
}

/** The types of an episode that the site offers (`typeIds`: the configured type ids, in order). */
export function typesOf(episode: FilterableEpisode, typeIds: readonly string[]): string[] {
  const own = new Set(episodeTypeIds(episode));
  return typeIds.filter((id) => own.has(id));
}

/** Whether every configured type's toggle is on. */
export function allTypesOn(types: TypeToggles, typeIds: readonly string[]): boolean {
  return typeIds.every((id) => isTypeOn(types, id));
}

/**
 * The spec's type rule: an episode passes if any of its types is on. Trawl's fix: an episode
 * with no type at all still shows while every toggle is on, so no episode is unreachable.
 * Toggles of ids that are not configured (an old link) change nothing.
 */
export function passesTypeFilter(
  episode: FilterableEpisode,
  types: TypeToggles,
  typeIds: readonly string[],
): boolean {
  const own = typesOf(episode, typeIds);
  if (own.length === 0) return allTypesOn(types, typeIds);
  return own.some((type) => isTypeOn(types, type));
}

const NUMBER_TEXT = /^(\d+)(?:\.(\d+))?$/;

/**
 * Normalises an episode number written in a URL or the database so '014', '14.50' and '14.5'
 * compare as the numbers they are; null for anything that is not a plain decimal number.
 */
export function normaliseEpisodeNumber(raw: string): string | null {
  const match = NUMBER_TEXT.exec(raw.trim());
  if (!match) return null;
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/**
 * True when a route's number (`/episodes/<n>`) names this episode. Canonical numbers only
 * (decision 0038): '/episodes/014.50' is no page, as no host has a file for it.
 */
export function isEpisodeRoute(episode: string, routeNumber: string): boolean {
  return (
    normaliseEpisodeNumber(routeNumber) === routeNumber &&
    normaliseEpisodeNumber(episode) === routeNumber
  );
}

/**
 * Applies every filter. Presenters match any of presenter1..5 and several selected presenters
 * (or venues) widen the choice: an episode passes if it has any of them. All groups narrow
 * together, and the episode route matches only the episode with exactly that number
 * (`isEpisodeRoute`).
 */
export function filterEpisodes<T extends FilterableEpisode>(
  episodes: readonly T[],
  filters: EpisodeFilters,
  typeIds: readonly string[],
): T[] {
  const { types, presenterIds, venueIds, episodeNumber, searchIds } = filters;
  const presenters = new Set(presenterIds);
  const venues = new Set(venueIds);
  return episodes.filter((episode) => {
    if (episodeNumber !== undefined && !isEpisodeRoute(episode.episode, episodeNumber))
      return false;
    if (searchIds !== null && !searchIds.has(episode.id)) return false;
    if (!passesTypeFilter(episode, types, typeIds)) return false;
    if (presenters.size > 0 && !presentersOf(episode).some((id) => presenters.has(id))) {
      return false;
    }
    if (venues.size > 0 && (episode.venue === null || !venues.has(episode.venue))) return false;
    return true;
  });
}

/**
 * A type button on a row (Live, Compilation): turn that type on and the others off; if none of
 * the others was on (the visitor is already looking at just that type), turn them all on.
 */
export function applyTypeButton(
  types: TypeToggles,
  clicked: string,
  typeIds: readonly string[],
): TypeToggles {
  const othersOn = typeIds.some((type) => type !== clicked && isTypeOn(types, type));
  if (!othersOn) return ALL_TYPES_ON;
  return Object.fromEntries(
    typeIds.filter((type) => type !== clicked).map((type) => [type, false]),
  );
}
