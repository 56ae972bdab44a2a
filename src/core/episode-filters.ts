/**
 * The episode list's filters: episode type (live, office, wfh, compilation), presenters,
 * venues, the `/episodes/:episodeId` route and the search result. Pure, so the list derives
 * in one memoised pass and the rules are tested without a browser.
 */

/** The episode-type toggles, in the order the filters panel shows them. */
export const EPISODE_TYPES = ['live', 'office', 'wfh', 'compilation'] as const;
export type EpisodeType = (typeof EPISODE_TYPES)[number];

/** One flag per episode type: on means episodes of that type show. */
export type TypeToggles = Record<EpisodeType, boolean>;

/** Every type on: the default, and the state in which no episode is hidden by type. */
export const ALL_TYPES_ON: Readonly<TypeToggles> = Object.freeze({
  live: true,
  office: true,
  wfh: true,
  compilation: true,
});

/** The columns of an episode the filters read. */
export interface FilterableEpisode {
  id: number;
  episode: string;
  venue: number | null;
  live: number | boolean;
  compilation: number | boolean;
  presenter1: number | null;
  presenter2: number | null;
  presenter3: number | null;
  presenter4: number | null;
  presenter5: number | null;
}

/** Podcast settings that give venues a type. */
export interface TypeRules {
  wfhVenueIds: readonly number[];
  officeVenueIds: readonly number[];
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

/** The types an episode has: flags for live and compilation, its venue for wfh and office. */
export function typesOf(episode: FilterableEpisode, rules: TypeRules): EpisodeType[] {
  const types: EpisodeType[] = [];
  if (episode.live) types.push('live');
  if (episode.venue !== null && rules.officeVenueIds.includes(episode.venue)) types.push('office');
  if (episode.venue !== null && rules.wfhVenueIds.includes(episode.venue)) types.push('wfh');
  if (episode.compilation) types.push('compilation');
  return types;
}

/** Whether every type toggle is on. */
export function allTypesOn(types: TypeToggles): boolean {
  return EPISODE_TYPES.every((type) => types[type]);
}

/**
 * The spec's type rule: an episode passes if any of its types is on. Trawl's fix: an episode
 * with no type at all still shows while every toggle is on, so no episode is unreachable.
 */
export function passesTypeFilter(
  episode: FilterableEpisode,
  types: TypeToggles,
  rules: TypeRules,
): boolean {
  const own = typesOf(episode, rules);
  if (own.length === 0) return allTypesOn(types);
  return own.some((type) => types[type]);
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
 * Applies every filter. Presenters match any of presenter1..5 and several selected presenters
 * (or venues) widen the choice: an episode passes if it has any of them. All groups narrow
 * together, and the episode route matches only the episode with exactly that number.
 */
export function filterEpisodes<T extends FilterableEpisode>(
  episodes: readonly T[],
  filters: EpisodeFilters,
  rules: TypeRules,
): T[] {
  const { types, presenterIds, venueIds, episodeNumber, searchIds } = filters;
  const routeNumber =
    episodeNumber === undefined ? undefined : normaliseEpisodeNumber(episodeNumber);
  const presenters = new Set(presenterIds);
  const venues = new Set(venueIds);
  return episodes.filter((episode) => {
    if (routeNumber !== undefined) {
      if (routeNumber === null || normaliseEpisodeNumber(episode.episode) !== routeNumber) {
        return false;
      }
    }
    if (searchIds !== null && !searchIds.has(episode.id)) return false;
    if (!passesTypeFilter(episode, types, rules)) return false;
    if (presenters.size > 0 && !presentersOf(episode).some((id) => presenters.has(id))) {
      return false;
    }
    if (venues.size > 0 && (episode.venue === null || !venues.has(episode.venue))) return false;
    return true;
  });
}

/**
 * The Live and Compilation buttons on a row: turn that type on and the others off; if none of
 * the others was on (the visitor is already looking at just that type), turn them all on.
 */
export function applyTypeButton(types: TypeToggles, clicked: EpisodeType): TypeToggles {
  const othersOn = EPISODE_TYPES.some((type) => type !== clicked && types[type]);
  if (!othersOn) return { ...ALL_TYPES_ON };
  return { live: false, office: false, wfh: false, compilation: false, [clicked]: true };
}
