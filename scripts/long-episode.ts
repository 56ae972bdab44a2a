/**
 * A show of one episode with a very long transcript, for the pages benchmark
 * (bench/page-scale.ts).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The word the long episode says once in every `RARE_EVERY` words (at 5,000, 15,000, …). */
export const RARE_WORD = 'zeppelin';
export const RARE_EVERY = 10_000;

/** The longest an episode may be (the builder refuses a time past 48 hours), with room to spare. */
const LONGEST_SECONDS = 40 * 3600;

/**
 * A show of one episode whose transcript is `words` words, as WebVTT cues of ten words, one
 * word every 0.4 s (closer for more than 360,000 words, so the episode stays under 40 hours):
 * seven common words in turn, and `RARE_WORD` once in every `RARE_EVERY`.
 */
export async function writeLongEpisode(dir: string, words: number): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, 'transcripts'), { recursive: true });
  await writeFile(
    join(dir, 'feed.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel><title>The Long Episode</title><link>https://long.example/</link>
<description>One very long episode.</description><language>en</language>
<item><title>1: The longest talk</title><itunes:episode>1</itunes:episode>
<pubDate>Mon, 02 Mar 2026 06:00:00 GMT</pubDate><guid>long-1</guid>
<enclosure url="https://long.example/1.mp3" length="1" type="audio/mpeg"/></item>
</channel></rss>
`,
  );
  const vocabulary = ['river', 'stone', 'harbour', 'lantern', 'orchard', 'signal', 'meadow'];
  // Whole milliseconds first: 59.9996 s written with toFixed(3) was "60.000", an invalid cue
  // time that failed the build of a 1 M-word episode.
  const clock = (seconds: number): string => {
    const ms = Math.round(seconds * 1000);
    const h = Math.floor(ms / 3_600_000);
    const m = Math.floor((ms % 3_600_000) / 60_000);
    const s = (ms % 60_000) / 1000;
    return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${s.toFixed(3).padStart(6, '0')}`;
  };
  const step = Math.min(0.4, LONGEST_SECONDS / Math.max(1, words));
  const cues: string[] = ['WEBVTT', ''];
  for (let first = 0; first < words; first += 10) {
    const count = Math.min(10, words - first);
    const text = Array.from({ length: count }, (_, i) =>
      (first + i) % RARE_EVERY === RARE_EVERY / 2
        ? RARE_WORD
        : (vocabulary[(first + i) % vocabulary.length] ?? 'word'),
    ).join(' ');
    cues.push(`${clock(first * step)} --> ${clock((first + count) * step)}`, `${text}.`, '');
  }
  await writeFile(join(dir, 'transcripts', '1.vtt'), cues.join('\n'));
}
