import { describe, expect, it } from 'vitest';
import { ALL_TYPES_ON, type TypeToggles } from './episode-filters.ts';
import {
  clipTerm,
  countAlteredFilters,
  DEFAULT_SEARCH_STATE,
  MAX_TERM_LENGTH,
  mergeSearchState,
  readSearchState,
  searchStateEntries,
  updateSearchState,
  type SearchState,
} from './search-state.ts';

const read = (query: string): SearchState => readSearchState(new URLSearchParams(query));
const write = (state: SearchState): string =>
  new URLSearchParams(searchStateEntries(state)).toString();

const busy: SearchState = {
  term: 'ice cream',
  asTyped: false,
  order: 'newest',
  fields: { title: true, description: false, words: true, episode: false },
  types: { live: false, wfh: false },
  presenterIds: [6, 22],
  venueIds: [2],
  saidBy: [],
  page: 3,
  moment: null,
  deployed: false,
};

describe('asTyped (decision 0035)', () => {
  it('is read from its presence and dropped by a new term', () => {
    const asTyped = read('q=bananna&asTyped=1');
    expect(asTyped).toMatchObject({ term: 'bananna', asTyped: true });
    expect(write(asTyped)).toBe('q=bananna&asTyped=1');
    expect(updateSearchState(asTyped, { term: 'banana' }).asTyped).toBe(false);
    expect(updateSearchState(asTyped, { order: 'best' }).asTyped).toBe(true);
    expect(updateSearchState(busy, { term: 'bananna', asTyped: true }).asTyped).toBe(true);
  });
});

describe('search state in the URL', () => {
  it('reads a bare URL as the defaults', () => {
    expect(read('')).toEqual(DEFAULT_SEARCH_STATE);
    expect(write(DEFAULT_SEARCH_STATE)).toBe('');
  });

  it('round-trips every part of the state', () => {
    const query = write(busy);
    expect(query).toBe(
      'q=ice+cream&fieldsOff=description%2Cepisode&typesOff=live%2Cwfh&presenters=6%2C22&venues=2&p=3',
    );
    expect(read(query)).toEqual(busy);
  });

  it('round-trips odd terms unchanged', () => {
    for (const term of ['"quoted" AND (x)', "don't", 'NEAR*', 'naïve café', '日本語', 'a&b=c#d']) {
      const state = { ...DEFAULT_SEARCH_STATE, term };
      expect(read(write(state))).toEqual(state);
    }
  });

  it('reads hand-written links with plain commas', () => {
    expect(read('presenters=7,12&typesOff=office&fieldsOff=words&venues=1,4&p=2')).toEqual({
      ...DEFAULT_SEARCH_STATE,
      presenterIds: [7, 12],
      venueIds: [1, 4],
      types: { office: false },
      fields: { title: true, description: true, words: false, episode: true },
      page: 2,
    });
  });

  it('falls back to the default for each invalid parameter alone', () => {
    expect(read('p=0')).toEqual(DEFAULT_SEARCH_STATE);
    expect(read('p=-2&q=cats').page).toBe(1);
    expect(read('p=abc&q=cats').term).toBe('cats');
    expect(read('p=1.5').page).toBe(1);
    expect(read('p=99999999').page).toBe(1);
    expect(read('presenters=6,x&venues=2').presenterIds).toEqual([]);
    expect(read('presenters=6,x&venues=2').venueIds).toEqual([2]);
    expect(read('typesOff=live,Party!').types).toEqual(DEFAULT_SEARCH_STATE.types);
    // Types are the podcast's own: any well-formed id is kept, and one it lacks changes nothing.
    expect(read('typesOff=live,bonus').types).toEqual({ bonus: false, live: false });
    expect(read('fieldsOff=transcript').fields).toEqual(DEFAULT_SEARCH_STATE.fields);
    expect(read('saidBy=3,1&q=x').saidBy).toEqual([3, 1]);
    expect(read('saidBy=3,Anna&q=x')).toEqual({ ...DEFAULT_SEARCH_STATE, term: 'x' });
    expect(read('saidBy=-1').saidBy).toEqual([]);
  });

  it('cuts a linked term to the 200 characters the search box holds, never inside a character', () => {
    expect(read(`q=${'x'.repeat(201)}`).term).toBe('x'.repeat(200));
    expect(read(`q=${'x'.repeat(10_000)}`).term).toHaveLength(MAX_TERM_LENGTH);
    expect(clipTerm(`${'x'.repeat(199)}😀tail`)).toBe('x'.repeat(199));
    expect(clipTerm(`${'x'.repeat(198)}😀tail`)).toBe(`${'x'.repeat(198)}😀`);
    expect(clipTerm(`  ${'x'.repeat(150)} ${'y'.repeat(100)}`)).toBe(
      `${'x'.repeat(150)} ${'y'.repeat(49)}`,
    );
  });

  it('trims the term and removes repeated ids', () => {
    expect(read('q=%20%20cats%20').term).toBe('cats');
    expect(read('presenters=6,6,7').presenterIds).toEqual([6, 7]);
  });

  it('keeps t and deployed through a new search', () => {
    const changed = updateSearchState(read('q=old&t=754&deployed=1&p=4'), { term: 'new' });
    expect(write(changed)).toBe('q=new&t=754&deployed=1');
  });

  it('keeps parameters it does not own, after its own', () => {
    const merged = mergeSearchState(new URLSearchParams('utm=x&q=old&p=4&ref=a%26b'), {
      ...DEFAULT_SEARCH_STATE,
      term: 'new',
    });
    expect(new URLSearchParams(merged).toString()).toBe('q=new&utm=x&ref=a%26b');
  });

  it('reads t as seconds, m:ss or h:mm:ss, or a quote as START,END', () => {
    const at = (start: number, end: number | null = null) => ({ start, end });
    expect(read('t=754').moment).toEqual(at(754));
    expect(read('t=754.5').moment).toEqual(at(754.5));
    expect(read('t=12:34').moment).toEqual(at(754));
    expect(read('t=1:00:05').moment).toEqual(at(3605));
    expect(read('t=12:34,12:51').moment).toEqual(at(754, 771));
    expect(read(`t=${encodeURIComponent('754,771')}`).moment).toEqual(at(754, 771));
    expect(write({ ...DEFAULT_SEARCH_STATE, moment: at(754) })).toBe('t=754');
    expect(write({ ...DEFAULT_SEARCH_STATE, moment: at(754, 771) })).toBe('t=754%2C771');
    expect(read(write({ ...DEFAULT_SEARCH_STATE, moment: at(3605) })).moment).toEqual(at(3605));
  });

  it('reads an absent or unreadable t as no moment, and keeps the rest', () => {
    for (const value of [
      '',
      '-4',
      'soon',
      '12:99',
      '9'.repeat(40),
      '100000',
      '1e3',
      'Infinity',
      '9,3',
      '1,100000',
    ]) {
      const state = read(`t=${encodeURIComponent(value)}&q=cats`);
      expect(state.moment, value).toBeNull();
      expect(state.term, value).toBe('cats');
    }
    expect(read('q=cats').moment).toBeNull();
  });

  it('reads the order, newest first unless it says best match', () => {
    expect(read('q=fish&order=best').order).toBe('best');
    expect(read('q=fish&order=newest').order).toBe('newest');
    expect(read('q=fish&order=random').order).toBe('newest');
    const best = { ...DEFAULT_SEARCH_STATE, term: 'fish', order: 'best' as const };
    expect(write(best)).toBe('q=fish&order=best');
    expect(read(write(best))).toEqual(best);
    expect(write({ ...best, order: 'newest' })).toBe('q=fish');
    expect(updateSearchState({ ...best, page: 4 }, { order: 'newest' }).page).toBe(1);
  });

  it('reads deployed as present or absent, whatever its value', () => {
    expect(read('').deployed).toBe(false);
    expect(read('deployed').deployed).toBe(true);
    expect(read('deployed=1').deployed).toBe(true);
    expect(read('deployed=no').deployed).toBe(true);
    expect(write({ ...DEFAULT_SEARCH_STATE, deployed: true })).toBe('deployed=1');
  });

  it('round-trips a state with every parameter set', () => {
    const full: SearchState = {
      ...busy,
      saidBy: [3, 1],
      moment: { start: 90, end: null },
      deployed: true,
    };
    expect(write(full)).toBe(
      'q=ice+cream&fieldsOff=description%2Cepisode&typesOff=live%2Cwfh&presenters=6%2C22&venues=2&saidBy=3%2C1&p=3&t=90&deployed=1',
    );
    expect(read(write(full))).toEqual(full);
  });

  it('falls back per parameter when every one is invalid at once', () => {
    expect(
      read('q=&fieldsOff=x&typesOff=Y!&presenters=a&venues=-1&p=0&t=never&other=kept'),
    ).toEqual(DEFAULT_SEARCH_STATE);
    expect(read('q=fish&fieldsOff=x&p=2&t=5')).toEqual({
      ...DEFAULT_SEARCH_STATE,
      term: 'fish',
      page: 2,
      moment: { start: 5, end: null },
    });
  });
});

describe('updateSearchState', () => {
  it('changes the page alone', () => {
    expect(updateSearchState(busy, { page: 5 }).page).toBe(5);
  });

  it('goes back to page 1 when the term or a filter changes', () => {
    expect(updateSearchState(busy, { term: 'fish' }).page).toBe(1);
    expect(updateSearchState(busy, { venueIds: [] }).page).toBe(1);
    expect(updateSearchState(busy, { presenterIds: [6] }).page).toBe(1);
    expect(updateSearchState(busy, { types: DEFAULT_SEARCH_STATE.types }).page).toBe(1);
    expect(updateSearchState(busy, { fields: DEFAULT_SEARCH_STATE.fields }).page).toBe(1);
  });

  it('keeps the page when nothing really changed', () => {
    expect(updateSearchState(busy, { term: ' ice cream ' }).page).toBe(3);
    expect(updateSearchState(busy, { venueIds: [2] }).page).toBe(3);
  });

  it('keeps the page when only the moment or deployed changes', () => {
    expect(updateSearchState(busy, { moment: { start: 30, end: null } }).page).toBe(3);
    expect(updateSearchState(busy, { deployed: true }).page).toBe(3);
  });
});

const only = (...on: (keyof TypeToggles)[]): TypeToggles => ({
  live: on.includes('live'),
  office: on.includes('office'),
  wfh: on.includes('wfh'),
  compilation: on.includes('compilation'),
});

describe('countAlteredFilters', () => {
  const fields = { title: true, description: true, words: true, episode: true };
  const base: SearchState = { ...DEFAULT_SEARCH_STATE, types: { ...ALL_TYPES_ON }, fields };

  it('is zero for the defaults', () => {
    expect(countAlteredFilters(base)).toBe(0);
  });

  it('counts one per altered group, however much is altered in it', () => {
    expect(countAlteredFilters({ ...base, types: only('live') })).toBe(1);
    expect(countAlteredFilters({ ...base, fields: { ...fields, words: false } })).toBe(1);
    expect(
      countAlteredFilters({ ...base, fields: { ...fields, title: false, words: false } }),
    ).toBe(1);
    expect(countAlteredFilters({ ...base, presenterIds: [6, 7] })).toBe(1);
    expect(countAlteredFilters({ ...base, venueIds: [2] })).toBe(1);
    expect(countAlteredFilters({ ...base, saidBy: [4] })).toBe(1);
    expect(
      countAlteredFilters({
        ...base,
        types: only(),
        fields: { ...fields, episode: false },
        presenterIds: [6],
        venueIds: [1, 2],
      }),
    ).toBe(4);
  });

  it('does not count the term, the page, the moment or deployed', () => {
    expect(
      countAlteredFilters({ ...busy, types: ALL_TYPES_ON, fields, presenterIds: [], venueIds: [] }),
    ).toBe(0);
    expect(countAlteredFilters({ ...base, moment: { start: 4, end: null }, deployed: true })).toBe(
      0,
    );
  });
});
