import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { siteSettingsSchema } from '../../src/core/site-config.ts';
import { createTokenizer } from '../../src/core/tokenizer.ts';
import { parsePodcastConfig } from '../../src/builder/read/podcast-config.ts';
import { DEMO_FACTS } from './demo-facts.ts';
import { CAST } from './cast.ts';

/** The demo feed's language, en-gb: the tokenizer the build indexes it with. */
const { tokenize } = createTokenizer('en-GB');

// Checks the committed demo folder (not the generator's inputs) against what demo/README.md
// promises, because the site's end-to-end tests rely on each of these.
const DEMO_DIR = join(import.meta.dirname, '../podcast');
const read = (path: string): string => readFileSync(join(DEMO_DIR, path), 'utf8');

const itemSchema = z.object({
  title: z.string(),
  description: z.string(),
  'podcast:episode': z.union([z.string(), z.number()]).transform(String),
  enclosure: z.object({ '@_url': z.string(), '@_length': z.union([z.string(), z.number()]) }),
  'itunes:image': z.object({ '@_href': z.string() }),
  'podcast:transcript': z.object({ '@_url': z.string(), '@_type': z.string() }),
});
const feedSchema = z.object({
  rss: z.object({ channel: z.object({ item: z.array(itemSchema) }) }),
});
const presenterSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  qiElf: z.boolean().optional(),
  guest: z.boolean().optional(),
});
const venueSchema = z.object({ id: z.number(), name: z.string(), country: z.string() });
const overrideSchema = z.object({
  episode: z.string(),
  presenter1: z.number(),
  presenter2: z.number().optional(),
  presenter3: z.number().optional(),
  presenter4: z.number().optional(),
  presenter5: z.number().optional(),
  venue: z.number(),
  live: z.boolean().optional(),
  compilation: z.boolean().optional(),
});
// openai-whisper words have `probability`, WhisperX words (episodes 8 and 9) `score`.
const transcriptSchema = z.object({
  segments: z.array(
    z.object({
      speaker: z.string(),
      words: z.array(
        z
          .object({
            word: z.string(),
            probability: z.number().optional(),
            score: z.number().optional(),
          })
          .transform((word) => ({
            word: word.word,
            probability: word.probability ?? word.score ?? -1,
          })),
      ),
    }),
  ),
});

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false });
const items = feedSchema.parse(parser.parse(read('feed.xml'))).rss.channel.item;
const presenters = z.array(presenterSchema).parse(JSON.parse(read('presenters.json')));
const venues = z.array(venueSchema).parse(JSON.parse(read('venues.json')));
const overrides = z.array(overrideSchema).parse(JSON.parse(read('overrides.json')));
const config = parsePodcastConfig('trawl.config.json', read('trawl.config.json'));
const settings = siteSettingsSchema.parse(config.site);
/** The venue ids of a type whose rule is `{ venue: [...] }`. */
const venueRule = (id: string): number[] => {
  const rule = config.episodeTypes.find((type) => type.id === id)?.rule;
  return rule !== undefined && 'venue' in rule ? rule.venue : [];
};

const words = (episode: string): string[] =>
  transcriptSchema
    .parse(JSON.parse(read(`transcripts/${episode}.json`)))
    .segments.flatMap((segment) => segment.words.map((word) => word.word));
const episodeNumbers = items.map((item) => item['podcast:episode']);
const presentersOf = (episode: string): number[] => {
  const override = overrides.find((candidate) => candidate.episode === episode);
  if (override === undefined) throw new Error(`episode ${episode} has no override`);
  const { presenter1, presenter2, presenter3, presenter4, presenter5 } = override;
  return [presenter1, presenter2, presenter3, presenter4, presenter5].filter(
    (id) => id !== undefined,
  );
};
/** Every token an episode can be found by: title, description text and transcript. */
const episodeTokens = (episode: string): string[] => {
  const item = items.find((candidate) => candidate['podcast:episode'] === episode);
  const text = `${item?.title ?? ''} ${(item?.description ?? '').replace(/<[^>]*>/g, ' ')} ${words(episode).join(' ')}`;
  return tokenize(text);
};
// The build's state folder (.trawl-cache/: render cache, resume record) is ignored by git and
// grows with every build of the demo; what is committed must stay small.
const folderBytes = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, entry) =>
      sum +
      (entry.name === '.trawl-cache'
        ? 0
        : entry.isDirectory()
          ? folderBytes(join(dir, entry.name))
          : statSync(join(dir, entry.name)).size),
    0,
  );
const containsPhrase = (tokens: string[], phrase: string[]): boolean =>
  tokens.some((_, start) => phrase.every((token, offset) => tokens[start + offset] === token));

describe('the demo podcast folder', () => {
  it('has ten episodes, 1 to 9 and 4.5, each with audio, an image and a transcript', () => {
    expect([...episodeNumbers].sort()).toEqual([
      '1',
      '2',
      '3',
      '4',
      '4.5',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
    for (const item of items) {
      const audio = join(DEMO_DIR, 'media', item.enclosure['@_url']);
      expect(statSync(audio).size).toBe(Number(item.enclosure['@_length']));
      expect(existsSync(join(DEMO_DIR, 'media', item['itunes:image']['@_href']))).toBe(true);
      expect(existsSync(join(DEMO_DIR, item['podcast:transcript']['@_url']))).toBe(true);
    }
  });

  it('uses the spec settings, with an avatar for every host', () => {
    expect(settings).toMatchObject({
      hostIds: [6, 7, 12, 22],
      secondGroupLabel: 'QI Elves',
      searchPlaceholder: 'no such thing as a search bar',
      pageSize: 10,
      timestampEvery: 200,
      minSearchLength: 3,
      mediaBase: '',
      errorReports: '/reports',
    });
    expect(config.episodeTypes.map(({ id, label }) => [id, label])).toEqual([
      ['live', 'live'],
      ['office', 'qi offices'],
      ['wfh', 'wfh'],
      ['compilation', 'compilation'],
    ]);
    expect(venueRule('office')).toEqual([1, 4, 9]);
    expect(venueRule('wfh')).toEqual([2]);
    for (const id of settings.hostIds)
      expect(existsSync(join(DEMO_DIR, 'media', 'hosts', `${id}.png`))).toBe(true);
  });

  it('leaves a host out of the episodes the README names', () => {
    const missing = episodeNumbers.filter((episode) =>
      settings.hostIds.some((id) => !presentersOf(episode).includes(id)),
    );
    expect(missing.sort()).toEqual([...DEMO_FACTS.episodesMissingAHost].sort());
  });

  it('has at least two elves and three guests, all of whom speak somewhere', () => {
    const elves = presenters.filter((presenter) => presenter.qiElf === true);
    const guests = presenters.filter((presenter) => presenter.guest === true);
    expect(elves.length).toBeGreaterThanOrEqual(2);
    expect(guests.length).toBeGreaterThanOrEqual(3);
    for (const presenter of [...elves, ...guests]) {
      expect(episodeNumbers.some((episode) => presentersOf(episode).includes(presenter.id))).toBe(
        true,
      );
    }
  });

  it('has venues in at least three countries, including the office and wfh venues', () => {
    expect(new Set(venues.map((venue) => venue.country)).size).toBeGreaterThanOrEqual(3);
    for (const id of [1, 2, 4, 9]) expect(venues.some((venue) => venue.id === id)).toBe(true);
  });

  it('has the live, compilation and no-type episodes the README names', () => {
    const types = overrides.map((override) => ({
      episode: override.episode,
      live: override.live === true,
      compilation: override.compilation === true,
      office: venueRule('office').includes(override.venue),
      wfh: venueRule('wfh').includes(override.venue),
    }));
    expect(types.filter((type) => type.live).map((type) => type.episode)).toEqual(
      DEMO_FACTS.liveEpisodes,
    );
    expect(types.filter((type) => type.compilation).map((type) => type.episode)).toEqual(
      DEMO_FACTS.compilationEpisodes,
    );
    const noType = types.filter(
      (type) => !type.live && !type.compilation && !type.office && !type.wfh,
    );
    expect(noType.map((type) => type.episode)).toEqual([DEMO_FACTS.noTypeEpisode]);
  });

  it('has HTML descriptions with links and emphasis', () => {
    for (const item of items) {
      expect(item.description).toMatch(/<a href="https:\/\/[^"]+">/);
      expect(item.description).toMatch(/<em>/);
    }
  });

  it('has one episode of well over 400 words, so it shows two timestamp markers', () => {
    const long = episodeNumbers.filter(
      (episode) => words(episode).length > 2 * settings.timestampEvery,
    );
    expect(long).toEqual([DEMO_FACTS.longEpisode]);
    expect(words(DEMO_FACTS.longEpisode).length).toBeGreaterThan(420);
  });

  it("has sentences ending in '.', '?' and '!', apostrophes and numbers", () => {
    const all = episodeNumbers.flatMap(words);
    for (const mark of ['.', '?', '!']) expect(all.some((word) => word.endsWith(mark))).toBe(true);
    expect(all.some((word) => /\w'\w/.test(word))).toBe(true);
    expect(all.some((word) => /\d/.test(word))).toBe(true);
  });

  it('has a word in exactly one episode and a phrase in several', () => {
    const withWord = episodeNumbers.filter((episode) =>
      episodeTokens(episode).includes(DEMO_FACTS.uniqueWord),
    );
    expect(withWord).toEqual([DEMO_FACTS.uniqueWordEpisode]);
    const phrase = tokenize(DEMO_FACTS.phrase);
    const withPhrase = episodeNumbers.filter((episode) =>
      containsPhrase(tokenize(words(episode).join(' ')), phrase),
    );
    expect(withPhrase.sort()).toEqual([...DEMO_FACTS.phraseEpisodes].sort());
  });

  it('stays small: under 3 MB in all', () => {
    expect(folderBytes(DEMO_DIR)).toBeLessThan(3_000_000);
  });

  it('has varied word probabilities, some below 0.5', () => {
    const probabilities = episodeNumbers.flatMap((episode) =>
      transcriptSchema
        .parse(JSON.parse(read(`transcripts/${episode}.json`)))
        .segments.flatMap((segment) => segment.words.map((word) => word.probability)),
    );
    expect(probabilities.filter((probability) => probability < 0.5).length).toBeGreaterThan(20);
    expect(new Set(probabilities).size).toBeGreaterThan(probabilities.length / 2);
  });

  it('names its speakers in two formats and has chapters in three episodes', () => {
    const speakersOf = (episode: string) =>
      new Set(
        transcriptSchema
          .parse(JSON.parse(read(`transcripts/${episode}.json`)))
          .segments.map((segment) => segment.speaker),
      );
    // openai-whisper segments by name; WhisperX words by diarisation label, mapped in speakers.json.
    expect(speakersOf('1')).toEqual(
      new Set(['Dora Finch', 'Milo Quarrie', 'Priya Shah', 'Hamish Angus MacLeod']),
    );
    expect(speakersOf('8')).toEqual(
      new Set(['SPEAKER_00', 'SPEAKER_01', 'SPEAKER_02', 'SPEAKER_03']),
    );
    expect(JSON.parse(read('transcripts/8.json')).segments[0].words[0]).toMatchObject({
      speaker: 'SPEAKER_00',
      score: expect.any(Number),
    });
    expect(JSON.parse(read('speakers.json')).episodes['8']).toEqual({
      SPEAKER_00: 7,
      SPEAKER_01: 31,
      SPEAKER_02: 12,
      SPEAKER_03: 22,
    });
    for (const path of ['chapters/1.json', 'media/chapters/7.json', 'chapters/9.json'])
      expect(JSON.parse(read(path)).chapters.length).toBeGreaterThanOrEqual(4);
    expect(read('feed.xml')).toContain('<podcast:chapters url="media/chapters/7.json"');
  });

  it('gives every presenter a distinct espeak-ng voice', () => {
    const voices = CAST.map(({ voice }) => `${voice.voice} ${voice.speed} ${voice.pitch}`);
    expect(new Set(voices).size).toBe(CAST.length);
  });
});
