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

/** The demo's types, in the order of its config. */
const TYPES = ['live', 'office', 'wfh', 'compilation'];

function episode(
  id: number,
  number: string,
  extra: Partial<FilterableEpisode> = {},
): FilterableEpisode {
  return {
    id,
    episode: number,
    venue: null,
    type_ids: '',
    presenter1: null,
    presenter2: null,
    presenter3: null,
    presenter4: null,
    presenter5: null,
    ...extra,
  };
}

const live = episode(1, '1', { type_ids: 'live', venue: 30, presenter1: 6, presenter2: 7 });
const office = episode(2, '2', { type_ids: 'office', venue: 4, presenter1: 12 });
const wfh = episode(3, '3', { type_ids: 'wfh', venue: 2, presenter3: 22 });
const compilation = episode(4, '4', { type_ids: 'office compilation', venue: 1 });
const studio = episode(5, '14.5', { venue: 30, presenter5: 40 });
const EPISODES = [live, office, wfh, compilation, studio];

const only = (...on: string[]): TypeToggles =>
  Object.fromEntries(TYPES.filter((type) => !on.includes(type)).map((type) => [type, false]));

const noFilters: EpisodeFilters = {
  types: { ...ALL_TYPES_ON },
  presenterIds: [],
  venueIds: [],
  searchIds: null,
};

const ids = (filters: Partial<EpisodeFilters>): number[] =>
  filterEpisodes(EPISODES, { ...noFilters, ...filters }, TYPES).map((e) => e.id);

describe('episode types', () => {
  it('are the configured ones among the ids the builder stored', () => {
    expect(typesOf(live, TYPES)).toEqual(['live']);
    expect(typesOf(office, TYPES)).toEqual(['office']);
    expect(typesOf(wfh, TYPES)).toEqual(['wfh']);
    expect(typesOf(compilation, TYPES)).toEqual(['office', 'compilation']);
    expect(typesOf(studio, TYPES)).toEqual([]);
  });

  it('let an episode through when any of its types is on', () => {
    expect(passesTypeFilter(compilation, only('office'), TYPES)).toBe(true);
    expect(passesTypeFilter(compilation, only('compilation'), TYPES)).toBe(true);
    expect(passesTypeFilter(compilation, only('live', 'wfh'), TYPES)).toBe(false);
    expect(ids({ types: only('live') })).toEqual([1]);
    expect(ids({ types: only('wfh', 'office') })).toEqual([2, 3, 4]);
  });

  it('keep an episode that fits no type while every type is on (the fix)', () => {
    expect(passesTypeFilter(studio, ALL_TYPES_ON, TYPES)).toBe(true);
    expect(ids({})).toEqual([1, 2, 3, 4, 5]);
  });

  it('hide an episode that fits no type once any type is off', () => {
    expect(passesTypeFilter(studio, { wfh: false }, TYPES)).toBe(false);
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

  it('match the route episode number exactly and canonically, halves included', () => {
    expect(ids({ episodeNumber: '14.5' })).toEqual([5]);
    // Canonical numbers only (decision 0038): a padded number is no episode's page.
    expect(ids({ episodeNumber: '014.50' })).toEqual([]);
    expect(ids({ episodeNumber: '01' })).toEqual([]);
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

describe('a podcast without types', () => {
  it('shows every episode, and a stale typesOff link hides nothing', () => {
    expect(filterEpisodes(EPISODES, { ...noFilters, types: only() }, []).length).toBe(5);
  });

  it('ignores stored type ids the config no longer offers', () => {
    expect(typesOf(compilation, ['compilation'])).toEqual(['compilation']);
    expect(passesTypeFilter(office, { office: false }, ['live'])).toBe(true);
    expect(passesTypeFilter(office, { live: false }, ['live'])).toBe(false);
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
    expect(applyTypeButton(ALL_TYPES_ON, 'live', TYPES)).toEqual(only('live'));
    expect(applyTypeButton(only('office', 'wfh'), 'compilation', TYPES)).toEqual(
      only('compilation'),
    );
    expect(applyTypeButton(only('compilation'), 'live', TYPES)).toEqual(only('live'));
  });

  it('turn every type on when none of the others was on', () => {
    expect(applyTypeButton(only('live'), 'live', TYPES)).toEqual(ALL_TYPES_ON);
    expect(applyTypeButton(only(), 'compilation', TYPES)).toEqual(ALL_TYPES_ON);
  });
});
