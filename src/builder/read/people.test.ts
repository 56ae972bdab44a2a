import { describe, expect, it } from 'vitest';
import { parseFeed } from './feed.ts';
import {
  derivePresenters,
  deriveVenues,
  episodePersons,
  parseOverrides,
  parsePresenters,
  parseVenues,
} from './people.ts';
import { resolveCast } from './cast.ts';
import { WarningCollector } from '../warnings.ts';
import type { FeedPerson } from './feed.ts';
import { mergePresenters } from './people-merge.ts';

describe('episodePersons (podcast:person, channel and item)', () => {
  const person = (name: string, role: FeedPerson['role']): FeedPerson => ({
    name,
    role,
    img: null,
    href: null,
  });
  const terry = person('Terry Scott', 'host');
  const june = person('June Whitfield', 'host');
  const reginald = person('Reginald Marsh', 'host');
  const sid = person('Sid James', 'guest');
  const channel = [terry, june];

  it('gives an item without people the channel people', () => {
    expect(episodePersons(channel, [])).toEqual([terry, june]);
  });

  it('lets an item that names a host replace the channel people wholly', () => {
    expect(episodePersons(channel, [reginald, june])).toEqual([reginald, june]);
    expect(episodePersons(channel, [sid, june])).toEqual([sid, june]);
  });

  it('keeps the channel hosts before an item that names only guests', () => {
    expect(episodePersons(channel, [sid])).toEqual([terry, june, sid]);
    expect(episodePersons([], [sid])).toEqual([sid]);
  });
});

describe('parsePresenters', () => {
  it('reads JSON with optional fields defaulted', () => {
    const presenters = parsePresenters(
      'presenters.json',
      '[{"id":7,"firstName":"Bram","middleName":"J.","lastName":"Okafor"},{"id":6,"firstName":"Ada","qiElf":true}]',
    );
    expect(presenters).toEqual([
      {
        id: 6,
        firstName: 'Ada',
        middleName: null,
        lastName: null,
        qiElf: true,
        guest: false,
        img: null,
      },
      {
        id: 7,
        firstName: 'Bram',
        middleName: 'J.',
        lastName: 'Okafor',
        qiElf: false,
        guest: false,
        img: null,
      },
    ]);
  });

  it('reads CSV with camelCase or snake_case headers and yes/no flags', () => {
    const presenters = parsePresenters(
      'presenters.csv',
      'id,first_name,last_name,qi_elf,guest\n8,Cleo,Hart,yes,\n9,Dev,,0,TRUE\n',
    );
    expect(presenters).toEqual([
      {
        id: 8,
        firstName: 'Cleo',
        middleName: null,
        lastName: 'Hart',
        qiElf: true,
        guest: false,
        img: null,
      },
      {
        id: 9,
        firstName: 'Dev',
        middleName: null,
        lastName: null,
        qiElf: false,
        guest: true,
        img: null,
      },
    ]);
  });

  it('keeps an http(s) avatar URL and refuses any other scheme', () => {
    const [ada] = parsePresenters(
      'p.json',
      '[{"id":1,"firstName":"Ada","img":"https://x.example/a.png"}]',
    );
    expect(ada?.img).toBe('https://x.example/a.png');
    for (const hostile of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/a.png',
    ]) {
      expect(() =>
        parsePresenters('p.json', JSON.stringify([{ id: 1, firstName: 'Ada', img: hostile }])),
      ).toThrow(/p\.json: entry 1: img: must be an http\(s\) URL/);
    }
  });

  it('names the file and entry or line of a bad record', () => {
    expect(() =>
      parsePresenters(
        '/p/presenters.json',
        '[{"id":1,"firstName":"A"},{"id":"two","firstName":"B"}]',
      ),
    ).toThrow(/presenters\.json: entry 2: id: /);
    expect(() => parsePresenters('/p/presenters.csv', 'id,firstName\n1,A\n2,\n')).toThrow(
      /presenters\.csv:3: firstName: /,
    );
    expect(() =>
      parsePresenters('/p/presenters.json', '[{"id":1,"firstName":"A","nickname":"x"}]'),
    ).toThrow(/entry 1: \(top level\): unknown key "nickname"/);
    expect(() => parsePresenters('/p/presenters.json', '{"id":1}')).toThrow(
      /presenters\.json: expected a JSON array/,
    );
  });

  it('rejects a duplicate id', () => {
    expect(() =>
      parsePresenters('/p/presenters.json', '[{"id":1,"firstName":"A"},{"id":1,"firstName":"B"}]'),
    ).toThrow(/entry 2: presenter id 1 is used twice \(also entry 1\)/);
  });
});

describe('parseVenues', () => {
  it('reads CSV with quoted names', () => {
    expect(
      parseVenues(
        'venues.csv',
        'id,name,city,country\n3,"Theatre Royal, Main Stage",Sydney,Australia\n',
      ),
    ).toEqual([
      {
        id: 3,
        name: 'Theatre Royal, Main Stage',
        city: 'Sydney',
        region: null,
        state: null,
        country: 'Australia',
      },
    ]);
  });
});

describe('parseOverrides', () => {
  it('accepts the episode as text or number and keeps it canonical', () => {
    const overrides = parseOverrides(
      'overrides.json',
      '[{"episode":"14.50","presenter1":6,"venue":2,"live":true},{"episode":3,"presenter2":null}]',
    );
    expect(overrides.map((override) => override.episode)).toEqual(['14.5', '3']);
    expect(overrides[0]).toMatchObject({
      presenters: [6, undefined, undefined, undefined, undefined],
      venue: 2,
      live: true,
    });
    expect(overrides[1]?.presenters[1]).toBeNull();
  });

  it('rejects bad episode numbers and duplicates', () => {
    expect(() => parseOverrides('/p/overrides.json', '[{"episode":"x"}]')).toThrow(
      /overrides\.json: entry 1: episode "x" is not an episode number/,
    );
    expect(() => parseOverrides('/p/overrides.csv', 'episode,live\n5,true\n05,false\n')).toThrow(
      /overrides\.csv:3: episode 5 already has overrides \(line 2\)/,
    );
  });
});

const FEED = `<rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>P</title>
<podcast:person role="host">Harry Host</podcast:person>
<podcast:person role="host">Hana Host</podcast:person>
<podcast:location country="us">Studio A</podcast:location>
<item><title>Episode 2</title><podcast:person role="guest">Gus Guest</podcast:person><podcast:person>Harry Host</podcast:person>
  <podcast:location rel="creator" country="ca">Toronto Hall</podcast:location></item>
<item><title>Episode 1</title></item>
<item><title>Episode 3</title><podcast:person role="guest">Gus Guest</podcast:person></item>
</channel></rss>`;

describe('derivePresenters and deriveVenues', () => {
  const feed = parseFeed('feed.xml', FEED, { warnings: new WarningCollector() });

  it('numbers people channel first, then by ascending episode, and takes hosts from the channel', () => {
    const { presenters, hostIds } = derivePresenters(feed);
    expect(
      presenters.map((presenter) => [presenter.id, presenter.firstName, presenter.guest]),
    ).toEqual([
      [1, 'Harry Host', false],
      [2, 'Hana Host', false],
      [3, 'Gus Guest', true],
    ]);
    expect(hostIds).toEqual([1, 2]);
  });

  it('numbers locations the same way, with their country', () => {
    expect(deriveVenues(feed).venues).toEqual([
      { id: 1, name: 'Studio A', city: null, region: null, state: null, country: 'US' },
      { id: 2, name: 'Toronto Hall', city: null, region: null, state: null, country: 'CA' },
    ]);
  });

  it('gives each episode its own people and place, or the channel hosts and location', () => {
    const people = derivePresenters(feed);
    const places = deriveVenues(feed);
    const casts = resolveCast({
      feed,
      presenters: people.presenters,
      venues: places.venues,
      derivedPresenterIds: people.idByName,
      derivedVenueIds: places.idByName,
      overrides: parseOverrides('overrides.json', '[{"episode":"1","live":true}]'),
      warnings: new WarningCollector(),
    });
    expect(casts.get('2')).toEqual({
      presenters: [3, 1, null, null, null],
      venue: 2,
      live: false,
      compilation: false,
    });
    expect(casts.get('1')).toEqual({
      presenters: [1, 2, null, null, null],
      venue: 1,
      live: true,
      compilation: false,
    });
    // An item naming only its guest keeps the channel's hosts (themnshow lists only guests).
    expect(casts.get('3')?.presenters).toEqual([1, 2, 3, null, null]);
  });

  it('with a presenters file, takes its people and corrections, and adds the feed people it lacks', () => {
    const listed = parsePresenters(
      'presenters.json',
      JSON.stringify([
        { id: 7, firstName: 'harry', lastName: 'HOST', img: 'https://example.org/harry.png' },
        { id: 2, firstName: 'Augustus', lastName: 'Guest', guest: true, feedNames: ['Gus Guest'] },
      ]),
    );
    const merged = mergePresenters(feed, listed);
    // Hana Host is not in the file: she keeps the id the feed alone gives her (2), unless
    // the file uses it (Augustus), so she gets the next id above every id in use.
    expect(
      merged.presenters.map(({ id, firstName, lastName }) => [id, firstName, lastName]),
    ).toEqual([
      [2, 'Augustus', 'Guest'],
      [7, 'harry', 'HOST'],
      [8, 'Hana Host', null],
    ]);
    expect(merged.hostIds).toEqual([7, 8]);
    const warnings = new WarningCollector();
    const casts = resolveCast({
      feed,
      presenters: merged.presenters,
      venues: [],
      derivedPresenterIds: merged.idByName,
      overrides: [],
      warnings,
    });
    expect(casts.get('1')?.presenters).toEqual([7, 8, null, null, null]);
    expect(casts.get('2')?.presenters).toEqual([2, 7, null, null, null]);
    expect(casts.get('3')?.presenters).toEqual([7, 8, 2, null, null]);
    expect(warnings.summary()).toEqual([]);
  });

  it('with a presenters file, a guest who is new next week is a presenter without an edit', () => {
    const listed = derivePresenters(feed).presenters;
    const nextWeek = parseFeed(
      'feed.xml',
      FEED.replace(
        '</channel>',
        '<item><title>Episode 4</title><podcast:person role="guest">Nia New</podcast:person></item></channel>',
      ),
      { warnings: new WarningCollector() },
    );
    const merged = mergePresenters(nextWeek, listed);
    expect(merged.presenters.map(({ id, firstName, guest }) => [id, firstName, guest])).toEqual([
      [1, 'Harry Host', false],
      [2, 'Hana Host', false],
      [3, 'Gus Guest', true],
      [4, 'Nia New', true],
    ]);
    expect(merged.idByName.get('nia new')).toBe(4);
  });

  it('rejects overrides with unknown ids or episodes, naming the file and episode', () => {
    const people = derivePresenters(feed);
    const base = {
      feed,
      presenters: people.presenters,
      venues: [],
      overrides: [],
      warnings: new WarningCollector(),
    };
    expect(() =>
      resolveCast({
        ...base,
        overrides: parseOverrides('/p/overrides.json', '[{"episode":2,"presenter3":42}]'),
      }),
    ).toThrow(/overrides\.json \(episode 2\): presenter3 is 42, an unknown presenter id/);
    expect(() =>
      resolveCast({
        ...base,
        overrides: parseOverrides('/p/overrides.json', '[{"episode":2,"venue":5}]'),
      }),
    ).toThrow(/venue is 5, an unknown venue id/);
    expect(() =>
      resolveCast({ ...base, overrides: parseOverrides('/p/overrides.json', '[{"episode":9}]') }),
    ).toThrow(/overrides\.json \(episode 9\): overrides episode 9, which is not in the feed/);
  });
});
