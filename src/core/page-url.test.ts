import { describe, expect, it } from 'vitest';
import {
  episodeQuery,
  listLocation,
  listPageOfPath,
  listQuery,
  searchBehind,
  typeListQuery,
  pathWithinBase,
  readPageUrl,
  readRoute,
} from './page-url.ts';
import { DEFAULT_SEARCH_STATE } from './search-state.ts';

const page = (path: string, query = '') => readPageUrl(path, new URLSearchParams(query));

describe('readRoute', () => {
  it('names the home page, an episode page, or no page of ours', () => {
    expect(readRoute('/')).toEqual({ kind: 'home' });
    expect(readRoute('')).toEqual({ kind: 'home' });
    expect(readRoute('/episodes/12')).toEqual({ kind: 'episode', episode: '12' });
    expect(readRoute('/episodes/14.5/')).toEqual({ kind: 'episode', episode: '14.5' });
    expect(readRoute('/episodes/a%20b')).toEqual({ kind: 'episode', episode: 'a b' });
    expect(readRoute('/episodes/%E0%A4%A')).toEqual({ kind: 'episode', episode: '%E0%A4%A' });
    expect(readRoute('/episodes/')).toEqual({ kind: 'not-found' });
    expect(readRoute('/episodes/1/2')).toEqual({ kind: 'not-found' });
    expect(readRoute('/nope')).toEqual({ kind: 'not-found' });
  });
});

describe('list pages as paths', () => {
  it('reads /page/N as page N of the list, and nothing else as a page', () => {
    expect(listPageOfPath('/page/3')).toBe(3);
    expect(listPageOfPath('/page/30/')).toBe(30);
    for (const path of ['/page/0', '/page/03', '/page/', '/page/x', '/page/1/2', '/page/1e3']) {
      expect(listPageOfPath(path)).toBeNull();
    }
    expect(readRoute('/page/3')).toEqual({ kind: 'home' });
    expect(readRoute('/page/abc')).toEqual({ kind: 'not-found' });
    expect(page('/page/3').state.page).toBe(3);
    expect(page('/page/3').isHomePage).toBe(false);
    expect(page('/page/1').isHomePage).toBe(true);
    // A `p` written by hand wins over the path.
    expect(page('/page/3', 'p=5').state.page).toBe(5);
  });

  it('writes the plain list as /page/N and anything narrowed as a query string', () => {
    const plain = { ...DEFAULT_SEARCH_STATE };
    expect(listLocation({ ...plain, page: 1 }, [])).toBe('/');
    expect(listLocation({ ...plain, page: 4 }, [])).toBe('/page/4');
    expect(listLocation({ ...plain, page: 4, deployed: true }, [['utm', 'x']])).toBe(
      '/page/4?deployed=1&utm=x',
    );
    expect(listLocation({ ...plain, term: 'ice cream', page: 2 }, [])).toBe('/?q=ice+cream&p=2');
    expect(listLocation({ ...plain, venueIds: [2], page: 1 }, [])).toBe('/?venues=2');
    // Every address it writes reads back as the same state.
    const state = { ...plain, page: 7 };
    const written = listLocation(state, []);
    expect(page(written).state).toEqual(state);
  });
});

describe('pathWithinBase', () => {
  it('cuts the base path off, with or without its slash', () => {
    expect(pathWithinBase('/', '/')).toBe('/');
    expect(pathWithinBase('/episodes/3', '/')).toBe('/episodes/3');
    expect(pathWithinBase('/podcast', '/podcast/')).toBe('/');
    expect(pathWithinBase('/podcast/', '/podcast/')).toBe('/');
    expect(pathWithinBase('/podcast/episodes/3', '/podcast/')).toBe('/episodes/3');
    expect(pathWithinBase('/podcasting/', '/podcast/')).toBeNull();
    expect(pathWithinBase('/', '/podcast/')).toBeNull();
  });
});

describe('readPageUrl', () => {
  it('is the plain home page only with nothing searched, filtered or paged', () => {
    expect(page('/').isHomePage).toBe(true);
    expect(page('/', 'deployed&utm=x').isHomePage).toBe(true);
    expect(page('/', 'p=abc').isHomePage).toBe(true);
    for (const query of ['q=cats', 'p=2', 'typesOff=live', 'presenters=6', 'fieldsOff=words']) {
      expect(page('/', query).isHomePage, query).toBe(false);
    }
    expect(page('/episodes/3').isHomePage).toBe(false);
    expect(page('/elsewhere').isHomePage).toBe(false);
  });

  it('opens at t on an episode page only', () => {
    expect(page('/episodes/3', 't=1:05').startAt).toBe(65);
    expect(page('/episodes/3', 't=1:05').endAt).toBeNull();
    expect(page('/episodes/3', 't=1:05,1:20').endAt).toBe(80);
    expect(page('/episodes/3', 't=later').startAt).toBeNull();
    expect(page('/', 't=65').startAt).toBeNull();
    expect(page('/', 't=65').state.moment).toEqual({ start: 65, end: null });
  });

  it('keeps the parameters it does not own', () => {
    const url = page('/', 'utm=x&q=cats&ref=1');
    expect(url.state).toEqual({ ...DEFAULT_SEARCH_STATE, term: 'cats' });
    expect(url.others).toEqual([
      ['utm', 'x'],
      ['ref', '1'],
    ]);
  });
});

describe('episodeQuery', () => {
  it('keeps the search and filters of a link to an episode, not its page or moment', () => {
    const url = page('/', 'q=ice+cream&p=3&t=40&venues=2&deployed&utm=x');
    expect(new URLSearchParams(episodeQuery(url)).toString()).toBe(
      'q=ice+cream&venues=2&deployed=1&utm=x',
    );
    expect(episodeQuery(page('/', 'p=2'))).toEqual([]);
  });
});

describe('listQuery', () => {
  it('applies a change for the list, back to page 1, without the moment', () => {
    const url = page('/episodes/7', 'q=ice+cream&p=3&t=40&venues=2&utm=x');
    expect(new URLSearchParams(listQuery(url, { term: 'omega' })).toString()).toBe(
      'q=omega&venues=2&utm=x',
    );
  });
});

describe('searchBehind', () => {
  it('is the search or filters an episode page was reached with, else null', () => {
    expect(
      new URLSearchParams(searchBehind(page('/episodes/7', 'q=omega&t=3')) ?? []).toString(),
    ).toBe('q=omega');
    expect(
      new URLSearchParams(searchBehind(page('/episodes/7', 'venues=2')) ?? []).toString(),
    ).toBe('venues=2');
    // A page or a moment alone is no search.
    expect(searchBehind(page('/episodes/7', 'p=2&t=40'))).toBeNull();
    expect(searchBehind(page('/episodes/7', ''))).toBeNull();
  });
});

describe('typeListQuery', () => {
  it('names the types turned off, nothing else', () => {
    expect(typeListQuery({ office: false, wfh: false })).toEqual([['typesOff', 'office,wfh']]);
    expect(typeListQuery({})).toEqual([]);
  });
});
