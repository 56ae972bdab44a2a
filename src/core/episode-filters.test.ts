import { describe, expect, it } from 'vitest';
import {
  ALL_TYPES_ON,
  applyTypeButton,
  filterEpisodes,
  normaliseEpisodeNumber,
  passesTypeFilter,
  presentersOf,
  typesOf,
  type EpisodeFilters,
  type FilterableEpisode,
  type TypeToggles,
} from './episode-filters.ts';

const RULES = { wfhVenueIds: [2], officeVenueIds: [1, 4, 9] };

function episode(
  id: number,
  number: string,
  extra: Partial<FilterableEpisode> = {},
): FilterableEpisode {
  return {
    id,
    episode: number,
    venue: null,
    live: 0,
    compilation: 0,
    presenter1: null,
    presenter2: null,
    presenter3: null,
    presenter4: null,
    presenter5: null,
    ...extra,
  };
}

const live = episode(1, '1', { live: 1, venue: 30, presenter1: 6, presenter2: 7 });
const office = episode(2, '2', { venue: 4, presenter1: 12 });
const wfh = episode(3, '3', { venue: 2, presenter3: 22 });
const compilation = episode(4, '4', { compilation: 1, venue: 1 });
const studio = episode(5, '14.5', { venue: 30, presenter5: 40 });
const EPISODES = [live, office, wfh, compilation, studio];

const only = (...on: (keyof TypeToggles)[]): TypeToggles => ({
  live: on.includes('live'),
  office: on.includes('office'),
  wfh: on.includes('wfh'),
  compilation: on.includes('compilation'),
});

const noFilters: EpisodeFilters = {
  types: { ...ALL_TYPES_ON },
  presenterIds: [],
  venueIds: [],
  searchIds: null,
};

const ids = (filters: Partial<EpisodeFilters>): number[] =>
  filterEpisodes(EPISODES, { ...noFilters, ...filters }, RULES).map((e) => e.id);

describe('episode types', () => {
  it('come from the flags and the venue', () => {
    expect(typesOf(live, RULES)).toEqual(['live']);
    expect(typesOf(office, RULES)).toEqual(['office']);
    expect(typesOf(wfh, RULES)).toEqual(['wfh']);
    expect(typesOf(compilation, RULES)).toEqual(['office', 'compilation']);
    expect(typesOf(studio, RULES)).toEqual([]);
  });

  it('let an episode through when any of its types is on', () => {
    expect(passesTypeFilter(compilation, only('office'), RULES)).toBe(true);
    expect(passesTypeFilter(compilation, only('compilation'), RULES)).toBe(true);
    expect(passesTypeFilter(compilation, only('live', 'wfh'), RULES)).toBe(false);
    expect(ids({ types: only('live') })).toEqual([1]);
    expect(ids({ types: only('wfh', 'office') })).toEqual([2, 3, 4]);
  });

  it('keep an episode that fits no type while every type is on (the fix)', () => {
    expect(passesTypeFilter(studio, ALL_TYPES_ON, RULES)).toBe(true);
    expect(ids({})).toEqual([1, 2, 3, 4, 5]);
  });

  it('hide an episode that fits no type once any type is off', () => {
    expect(passesTypeFilter(studio, { ...ALL_TYPES_ON, wfh: false }, RULES)).toBe(false);
    expect(ids({ types: only() })).toEqual([]);
  });
});

describe('presenter, venue, route and search filters', () => {
  it('match a presenter in any of the five slots', () => {
    expect(presentersOf(studio)).toEqual([40]);
    expect(ids({ presenterIds: [40] })).toEqual([5]);
    expect(ids({ presenterIds: [7] })).toEqual([1]);
    expect(ids({ presenterIds: [7, 22] })).toEqual([1, 3]);
  });

  it('match the venue', () => {
    expect(ids({ venueIds: [30] })).toEqual([1, 5]);
    expect(ids({ venueIds: [2, 1] })).toEqual([3, 4]);
    expect(ids({ venueIds: [99] })).toEqual([]);
  });

  it('combine every group', () => {
    expect(ids({ venueIds: [30], types: only('live') })).toEqual([1]);
    expect(ids({ venueIds: [30], presenterIds: [40] })).toEqual([5]);
    expect(ids({ searchIds: new Set([1, 2, 5]), types: only('office', 'live') })).toEqual([1, 2]);
  });

  it('apply the search result', () => {
    expect(ids({ searchIds: new Set([3, 5]) })).toEqual([3, 5]);
    expect(ids({ searchIds: new Set() })).toEqual([]);
  });

  it('match the route episode number exactly, halves included', () => {
    expect(ids({ episodeNumber: '14.5' })).toEqual([5]);
    expect(ids({ episodeNumber: '014.50' })).toEqual([5]);
    expect(ids({ episodeNumber: '14' })).toEqual([]);
    expect(ids({ episodeNumber: '1' })).toEqual([1]);
    expect(ids({ episodeNumber: '1', types: only('office') })).toEqual([]);
  });

  it('match nothing for a garbage route number, without throwing', () => {
    for (const garbage of ['', 'abc', '1e3', '-1', '1.2.3', '١٢', ' ', '%00', '14,5']) {
      expect(ids({ episodeNumber: garbage })).toEqual([]);
    }
  });
});

describe('normaliseEpisodeNumber', () => {
  it('reads plain decimal numbers only', () => {
    expect(normaliseEpisodeNumber('010')).toBe('10');
    expect(normaliseEpisodeNumber('10.0')).toBe('10');
    expect(normaliseEpisodeNumber('0')).toBe('0');
    expect(normaliseEpisodeNumber('0.50')).toBe('0.5');
    expect(normaliseEpisodeNumber(' 7 ')).toBe('7');
    expect(normaliseEpisodeNumber('7.')).toBeNull();
    expect(normaliseEpisodeNumber('.5')).toBeNull();
    expect(normaliseEpisodeNumber('Infinity')).toBeNull();
  });
});

describe('the Live and Compilation buttons', () => {
  it('turn that type on and the others off', () => {
    expect(applyTypeButton(ALL_TYPES_ON, 'live')).toEqual(only('live'));
    expect(applyTypeButton(only('office', 'wfh'), 'compilation')).toEqual(only('compilation'));
    expect(applyTypeButton(only('compilation'), 'live')).toEqual(only('live'));
  });

  it('turn every type on when none of the others was on', () => {
    expect(applyTypeButton(only('live'), 'live')).toEqual(ALL_TYPES_ON);
    expect(applyTypeButton(only(), 'compilation')).toEqual(ALL_TYPES_ON);
  });
});
