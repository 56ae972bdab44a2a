import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { corpusOptionsSchema, episodeNumbers, generateCorpus, loadVocabulary } from './corpus.ts';

let scratch = '';
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'trawl-corpus-test-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

const wordSchema = z.object({
  word: z.string(),
  start: z.number(),
  end: z.number(),
  probability: z.number(),
});
const transcriptSchema = z.object({
  text: z.string(),
  language: z.literal('en'),
  segments: z.array(
    z.object({
      id: z.number(),
      start: z.number(),
      end: z.number(),
      text: z.string(),
      words: z.array(wordSchema),
    }),
  ),
});

describe('the scale corpus', () => {
  it('is byte-for-byte identical for the same seed, and different for another', async () => {
    const options = { episodes: 20, words: 400, seed: 5, audio: true };
    const first = join(scratch, 'first');
    const second = join(scratch, 'second');
    const other = join(scratch, 'other');
    await generateCorpus({ ...options, out: first });
    await generateCorpus({ ...options, out: second });
    await generateCorpus({ ...options, seed: 6, out: other });

    const files = await listFiles(first);
    expect(await listFiles(second)).toEqual(files);
    expect(files).toContain('transcripts/14.5.json');
    for (const file of files) {
      expect(
        Buffer.compare(await readFile(join(first, file)), await readFile(join(second, file))),
        file,
      ).toBe(0);
    }
    const transcript = await readFile(join(first, 'transcripts/3.json'));
    expect(Buffer.compare(transcript, await readFile(join(other, 'transcripts/3.json')))).not.toBe(
      0,
    );
  });

  it('writes a podcast folder in the demo format with Whisper-like transcripts', async () => {
    const out = join(scratch, 'shape');
    const summary = await generateCorpus({ episodes: 16, words: 1000, seed: 1, audio: false, out });
    expect(summary).toMatchObject({ episodes: 16, words: 16_000 });

    const files = await listFiles(out);
    expect(files).toEqual(
      [
        'feed.xml',
        'media/audio/silence.mp3',
        'overrides.json',
        'presenters.json',
        'trawl.config.json',
        'venues.json',
        ...episodeNumbers(16).map((episode) => `transcripts/${episode}.json`),
        // Chapters of every episode (issue 15); the transcripts' segments name the speaker.
        ...episodeNumbers(16).map((episode) => `chapters/${episode}.json`),
      ].sort(),
    );

    const feed = z
      .object({
        rss: z.object({
          channel: z.object({ item: z.array(z.object({ 'podcast:episode': z.string() })) }),
        }),
      })
      .parse(
        new XMLParser({ parseTagValue: false }).parse(
          await readFile(join(out, 'feed.xml'), 'utf8'),
        ),
      );
    expect(feed.rss.channel.item.map((item) => item['podcast:episode']).sort()).toEqual(
      [...episodeNumbers(16)].sort(),
    );

    const presenters = z
      .array(
        z.object({ id: z.number(), qiElf: z.boolean().optional(), guest: z.boolean().optional() }),
      )
      .parse(JSON.parse(await readFile(join(out, 'presenters.json'), 'utf8')));
    expect(presenters.map((presenter) => presenter.id)).toEqual(
      expect.arrayContaining([6, 7, 12, 22]),
    );
    expect(presenters.filter((presenter) => presenter.qiElf).length).toBeGreaterThanOrEqual(2);
    expect(presenters.filter((presenter) => presenter.guest).length).toBeGreaterThanOrEqual(3);

    const transcript = transcriptSchema.parse(
      JSON.parse(await readFile(join(out, 'transcripts/14.5.json'), 'utf8')),
    );
    const words = transcript.segments.flatMap((segment) => segment.words);
    expect(words).toHaveLength(1000);
    expect(words.every((word) => word.word.startsWith(' '))).toBe(true);
    expect(transcript.segments.every((segment) => /^ [A-Z]/.test(segment.text))).toBe(true);
    expect(transcript.segments.every((segment) => /[.?!]$/.test(segment.text))).toBe(true);
    expect(words.some((word) => word.probability < 0.5)).toBe(true);
    // Every segment names a host; turns change hands.
    const speakers = JSON.parse(await readFile(join(out, 'transcripts/14.5.json'), 'utf8')) as {
      segments: { speaker?: string }[];
    };
    const named = new Set(speakers.segments.map((segment) => segment.speaker));
    expect(named.has(undefined)).toBe(false);
    expect(named.size).toBeGreaterThanOrEqual(3);
    const chapters = JSON.parse(await readFile(join(out, 'chapters/14.5.json'), 'utf8')) as {
      chapters: { startTime: number; title: string }[];
    };
    expect(chapters.chapters).toHaveLength(6);
    expect(chapters.chapters[0]).toEqual({ startTime: 0, title: 'Introduction' });
    words.forEach((word, index) => {
      expect(word.end).toBeGreaterThan(word.start);
      expect(word.start).toBeGreaterThanOrEqual(words[index - 1]?.end ?? 0);
    });
    const rate = words.length / (words.at(-1)?.end ?? 1);
    expect(rate).toBeGreaterThan(2);
    expect(rate).toBeLessThan(3);
  });

  it('links the silent MP3 per episode only with --audio', async () => {
    const out = join(scratch, 'audio');
    await generateCorpus({ episodes: 3, words: 10, seed: 2, audio: true, out });
    const silence = await stat(join(out, 'media/audio/silence.mp3'));
    for (const episode of ['1', '2', '3']) {
      expect((await stat(join(out, `media/audio/${episode}.mp3`))).size).toBe(silence.size);
    }
  });

  it('draws words with a Zipf-like spread: common words dominate, rare ones exist', () => {
    const vocabulary = loadVocabulary();
    expect(vocabulary.words.length).toBeGreaterThan(50_000);
    expect(vocabulary.words).toEqual(
      expect.arrayContaining(["don't", "it's", 'I', 'ice', 'cream']),
    );
    expect(vocabulary.words).not.toContain('t');
    // Words that are also Object.prototype's names stay words (30,000-word episodes drew one).
    expect(vocabulary.words.every((word) => typeof word === 'string')).toBe(true);
    expect(vocabulary.words).toContain('constructor');
    const total = vocabulary.cumulative[vocabulary.cumulative.length - 1] ?? 0;
    // In spoken English the top 100 words make up about half of all words.
    expect((vocabulary.cumulative[99] ?? 0) / total).toBeGreaterThan(0.4);
  });

  it('rejects bad options with a message naming the option', () => {
    const result = corpusOptionsSchema.safeParse({
      episodes: 'many',
      words: '10',
      seed: '1',
      out: 'x',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['episodes']);
  });
});
