import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Options for a generated podcast folder. */
export interface SyntheticPodcastOptions {
  episodes: number;
  wordsPerEpisode: number;
  seed?: number;
}

const VOCABULARY = (
  'the a and of to in is it that was for on you he with as they at be this have from or one had by word but not what all ' +
  'were we when your can said there use an each which she do how their if will up other about out many then them these so ' +
  'some her would make like him into time has look two more write go see number no way could people my than first water been ' +
  'call who oil its now find long down day did get come made may part fact elephant octopus banana lighthouse penguin ' +
  'volcano telescope ice cream museum island parliament whale'
).split(' ');

/** A small deterministic PRNG (mulberry32), so generated folders are identical run to run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Writes a podcast folder with a feed and openai-whisper transcripts of generated words, for
 * measuring the builder's speed and memory on a corpus of any size. Every 10th episode number
 * is a half (14.5).
 */
export async function writeSyntheticPodcast(
  dir: string,
  options: SyntheticPodcastOptions,
): Promise<void> {
  const next = random(options.seed ?? 1);
  await mkdir(join(dir, 'transcripts'), { recursive: true });
  const items: string[] = [];
  for (let index = 1; index <= options.episodes; index += 1) {
    const episode = index % 10 === 0 ? `${index - 1}.5` : String(index);
    const segments: {
      start: number;
      end: number;
      text: string;
      words: { word: string; start: number; end: number; probability: number }[];
    }[] = [];
    let time = 1;
    let segment: (typeof segments)[number] | undefined;
    for (let count = 0; count < options.wordsPerEpisode; count += 1) {
      if (!segment || segment.words.length >= 20) {
        segment = { start: time, end: time, text: '', words: [] };
        segments.push(segment);
      }
      const word = VOCABULARY[Math.floor(Math.pow(next(), 2) * VOCABULARY.length)] ?? 'the';
      const length = 0.2 + next() * 0.3;
      segment.words.push({
        word: ` ${segment.words.length === 0 ? word[0]?.toUpperCase() + word.slice(1) : word}${segment.words.length === 19 ? '.' : ''}`,
        start: Math.round(time * 1000) / 1000,
        end: Math.round((time + length) * 1000) / 1000,
        probability: Math.round(next() * 1000) / 1000,
      });
      time += length + 0.05;
      segment.end = Math.round(time * 1000) / 1000;
      segment.text += segment.words.at(-1)?.word ?? '';
    }
    await writeFile(
      join(dir, 'transcripts', `${episode}.json`),
      JSON.stringify({ text: '', segments, language: 'en' }),
    );
    items.push(`<item>
  <title>Episode ${episode}: Facts number ${index}</title>
  <description><![CDATA[<p>Generated episode <em>${episode}</em> with <a href="https://example.org/${index}">a link</a>.</p>]]></description>
  <pubDate>${new Date(Date.UTC(2020, 0, 1) + index * 7 * 86400000).toUTCString()}</pubDate>
  <itunes:duration>${Math.round(time)}</itunes:duration>
  <enclosure url="audio/${episode}.mp3" length="1" type="audio/mpeg"/>
  <podcast:episode>${episode}</podcast:episode>
</item>`);
  }
  await writeFile(
    join(dir, 'feed.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
<channel>
<title>Synthetic Podcast</title>
${items.join('\n')}
</channel>
</rss>
`,
  );
}
