import { describe, expect, it } from 'vitest';
import type { Presenter } from './people.ts';
import {
  EMPTY_SPEAKERS_JSON,
  NO_SPEAKER_MAP,
  parseSpeakerMap,
  SpeakerResolver,
} from './speakers.ts';
import { WarningCollector } from '../warnings.ts';

const person = (id: number, firstName: string, lastName: string | null = null): Presenter => ({
  id,
  firstName,
  middleName: null,
  lastName,
  qiElf: false,
  guest: false,
  img: null,
});

const PRESENTERS = [
  person(6, 'Dora', 'Finch'),
  person(7, 'Milo', 'Quarrie'),
  person(8, 'Janek', 'Nouvertné'),
  person(9, 'Sam', 'One'),
  person(10, 'Sam', 'Two'),
];
const EPISODES = new Set(['1', '2', '14.5']);

describe('parseSpeakerMap', () => {
  it('reads the default map and per-episode overrides by canonical episode number', () => {
    const map = parseSpeakerMap(
      'speakers.json',
      JSON.stringify({
        default: { SPEAKER_00: 6, SPEAKER_01: 'Jason Heaton' },
        episodes: { '014.50': { SPEAKER_01: 7 } },
      }),
      PRESENTERS,
      EPISODES,
      new WarningCollector(),
    );
    expect(map.default).toEqual(
      new Map<string, number | string>([
        ['SPEAKER_00', 6],
        ['SPEAKER_01', 'Jason Heaton'],
      ]),
    );
    expect(map.episodes.get('14.5')).toEqual(new Map([['SPEAKER_01', 7]]));
  });

  it('reads what trawl init writes', () => {
    const map = parseSpeakerMap(
      'speakers.json',
      EMPTY_SPEAKERS_JSON,
      PRESENTERS,
      EPISODES,
      new WarningCollector(),
    );
    expect(map.default.size + map.episodes.size).toBe(0);
  });

  it('names the file and the key of every problem', () => {
    const parse = (value: unknown) =>
      parseSpeakerMap(
        '/p/speakers.json',
        JSON.stringify(value),
        PRESENTERS,
        EPISODES,
        new WarningCollector(),
      );
    expect(() => parse({ default: { SPEAKER_00: 99 } })).toThrow(
      '/p/speakers.json: default."SPEAKER_00": 99 is an unknown presenter id',
    );
    expect(() => parse({ episodes: { x: {} } })).toThrow(/episodes\."x": is not an episode number/);
    expect(() => parse({ default: { A: true } })).toThrow(/\/p\/speakers\.json: default\.A/);
    expect(() => parse({ speakers: {} })).toThrow(/speakers/);
    expect(() =>
      parseSpeakerMap(
        '/p/speakers.json',
        '{"default": ',
        PRESENTERS,
        EPISODES,
        new WarningCollector(),
      ),
    ).toThrow(/\/p\/speakers\.json.*not valid JSON/);
  });

  it('warns about, and ignores, an override for an episode the feed does not have', () => {
    // A deleted or renumbered episode must not block the build (issue 18: bad input gets a
    // clear message and loses nothing); the other overrides still apply.
    const warnings = new WarningCollector();
    const map = parseSpeakerMap(
      '/p/speakers.json',
      JSON.stringify({ episodes: { 3: { A: 6 }, 2: { B: 7 } } }),
      PRESENTERS,
      EPISODES,
      warnings,
    );
    expect([...map.episodes.keys()]).toEqual(['2']);
    expect(warnings.summary()).toEqual([
      {
        code: 'speakers-episode-not-in-feed',
        count: 1,
        message: '1 speakers.json override named an episode that is not in the feed; ignored',
        examples: ['/p/speakers.json: episodes."3": episode 3 is not in the feed'],
      },
    ]);
  });
});

describe('SpeakerResolver', () => {
  it('numbers unmapped diarisation labels by first appearance, after the mapped ones', () => {
    const map = parseSpeakerMap(
      'speakers.json',
      JSON.stringify({ default: { SPEAKER_01: 6 }, episodes: { 2: { SPEAKER_02: 'Guest Star' } } }),
      PRESENTERS,
      EPISODES,
      new WarningCollector(),
    );
    const resolver = new SpeakerResolver(map, PRESENTERS);
    const labels = ['SPEAKER_00', 'SPEAKER_01', 'SPEAKER_02', 'SPEAKER_03'];
    expect(resolver.resolve('1', labels, [-1, 3, 3, 1, 0, 2, 3])).toEqual({
      speaker: [-1, 0, 0, 1, 2, 3, 0],
      names: ['Speaker 1', 'Dora Finch', 'Speaker 2', 'Speaker 3'],
      presenters: [null, 6, null, null],
      ids: [-1, 1, -2, -3],
    });
    // Episode 2 maps SPEAKER_02 to a plain name, which joins the show's named speakers.
    expect(resolver.resolve('2', labels, [2, 1]).names).toEqual(['Guest Star', 'Dora Finch']);
    expect(resolver.showSpeakers).toEqual([
      { id: 1, name: 'Dora Finch', presenter: 6 },
      { id: 2, name: 'Guest Star', presenter: null },
    ]);
  });

  it('links voices that are a presenter’s name (accents, case, a unique first name) and keeps other names', () => {
    const resolver = new SpeakerResolver(NO_SPEAKER_MAP, PRESENTERS);
    const labels = ['janek nouvertne', 'Milo', 'Sam', 'Michael Kennedy', 'Host'];
    const resolved = resolver.resolve('1', labels, [0, 1, 2, 3, 4]);
    expect(resolved.names).toEqual([
      'Janek Nouvertné',
      'Milo Quarrie',
      'Sam',
      'Michael Kennedy',
      'Host',
    ]);
    expect(resolved.presenters).toEqual([8, 7, null, null, null]);
    expect(resolved.ids).toEqual([1, 2, 3, 4, 5]);
  });

  it('merges two labels mapped to the same person into one speaker', () => {
    const map = parseSpeakerMap(
      'speakers.json',
      JSON.stringify({ default: { SPEAKER_00: 6, SPEAKER_02: 6 } }),
      PRESENTERS,
      EPISODES,
      new WarningCollector(),
    );
    const resolved = new SpeakerResolver(map, PRESENTERS).resolve(
      '1',
      ['SPEAKER_00', 'SPEAKER_01', 'SPEAKER_02'],
      [0, 1, 2],
    );
    expect(resolved.speaker).toEqual([0, 1, 0]);
    expect(resolved.names).toEqual(['Dora Finch', 'Speaker 1']);
  });
});
