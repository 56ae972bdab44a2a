import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTranscript } from '../../src/builder/read/transcripts/detect.ts';
import { bestLag, decodeMp3, hasLame } from './alignment.ts';
import { castMember } from './cast.ts';
import { EPISODES, scriptWords, type EpisodeScript } from './episode-scripts.ts';
import { SAMPLE_RATE, hasEspeak, wordClip } from './espeak.ts';
import { readMp3Info } from './mp3-info.ts';

const DEMO_DIR = join(import.meta.dirname, '../podcast');

/** An episode's transcript words and times, read as the build reads them (whatever the format). */
function transcriptWords(episode: string): { word: string; start: number; end: number }[] {
  const path = join(DEMO_DIR, 'transcripts', `${episode}.json`);
  const reading = parseTranscript(path, readFileSync(path, 'utf8'));
  if (reading.kind !== 'words') throw new Error(`${path} holds no words: ${reading.reason}`);
  const { words, start, end } = reading.transcript;
  return words.map((word, index) => ({
    word,
    start: start[index] ?? Number.NaN,
    end: end[index] ?? Number.NaN,
  }));
}

function audioPath(episode: string): string {
  return join(DEMO_DIR, 'media', 'audio', `${episode}.mp3`);
}

interface SampledWord {
  episode: EpisodeScript;
  index: number;
  text: string;
  speaker: number;
  start: number;
  end: number;
}

/** Three words per episode (first, middle, last) and the longest one: 40 words in all. */
function sampleWords(): SampledWord[] {
  return EPISODES.flatMap((episode) => {
    const script = scriptWords(episode);
    const words = transcriptWords(episode.episode);
    const longest = script.reduce(
      (best, word, index) => (word.text.length > (script[best]?.text.length ?? 0) ? index : best),
      0,
    );
    return [0, Math.floor(script.length / 2), script.length - 1, longest].map(
      (index): SampledWord => {
        const word = words[index];
        const spoken = script[index];
        if (word === undefined || spoken === undefined)
          throw new Error(`episode ${episode.episode} has no word ${index}`);
        return {
          episode,
          index,
          text: spoken.text,
          speaker: spoken.speaker,
          start: word.start,
          end: word.end,
        };
      },
    );
  });
}

describe('demo transcripts', () => {
  it.each(EPISODES.map((episode) => episode.episode))(
    'episode %s: words follow the script, in order, inside the MP3',
    (episode) => {
      const script = EPISODES.find((candidate) => candidate.episode === episode);
      if (script === undefined) throw new Error(`no script for ${episode}`);
      const words = transcriptWords(episode);
      expect(words.map((word) => word.word)).toEqual(scriptWords(script).map((word) => word.text));

      const mp3 = readMp3Info(readFileSync(audioPath(episode)));
      let previousEnd = 0;
      for (const word of words) {
        expect(word.start).toBeGreaterThanOrEqual(previousEnd);
        expect(word.end).toBeGreaterThan(word.start);
        previousEnd = word.end;
      }
      expect(previousEnd).toBeLessThanOrEqual(mp3.durationSeconds);
      expect(mp3.durationSeconds).toBeGreaterThanOrEqual(60);
      expect(mp3.durationSeconds).toBeLessThanOrEqual(180);
    },
  );
});

/**
 * The synthesis checks run espeak-ng for every sampled word and decode every episode's MP3 with
 * lame, one after another: about 4 s on a quiet machine, past the run's 30 s default at a load
 * average of 15–20. Their limit is set by that work, not by a hang.
 */
const SYNTHESIS = { timeout: 120_000 };

describe('word timings match the synthesis', () => {
  const sample = sampleWords();

  it('samples at least 20 words across every episode', () => {
    expect(sample.length).toBeGreaterThanOrEqual(20);
    expect(new Set(sample.map((word) => word.episode.episode)).size).toBe(EPISODES.length);
  });

  it('each re-synthesised word lasts end − start (±10 ms)', SYNTHESIS, async (context) => {
    if (!hasEspeak()) context.skip('espeak-ng is not installed (apt-get install -y espeak-ng)');
    for (const word of sample) {
      const clip = await wordClip(castMember(word.speaker).voice, word.text);
      const label = `episode ${word.episode.episode} word ${word.index} '${word.text}'`;
      expect(Math.abs(clip.length / SAMPLE_RATE - (word.end - word.start)), label).toBeLessThan(
        0.01,
      );
    }
  });

  it(
    'the decoded MP3 has each word where the transcript puts it (±10 ms)',
    SYNTHESIS,
    async (context) => {
      if (!hasEspeak() || !hasLame()) context.skip('espeak-ng or lame is not installed');
      const decodedByEpisode = new Map<string, Int16Array>();
      for (const word of sample) {
        let decoded = decodedByEpisode.get(word.episode.episode);
        if (decoded === undefined) {
          const result = await decodeMp3(audioPath(word.episode.episode));
          expect(result.sampleRate).toBe(SAMPLE_RATE);
          expect(result.samples.length).toBe(
            readMp3Info(readFileSync(audioPath(word.episode.episode))).samples,
          );
          decoded = result.samples;
          decodedByEpisode.set(word.episode.episode, decoded);
        }
        const clip = await wordClip(castMember(word.speaker).voice, word.text);
        const { lag, correlation } = bestLag(
          decoded,
          clip,
          Math.round(word.start * SAMPLE_RATE),
          Math.round(0.025 * SAMPLE_RATE),
        );
        const label = `episode ${word.episode.episode} word ${word.index} '${word.text}': lag ${lag}, r ${correlation.toFixed(2)}`;
        expect(Math.abs(lag), label).toBeLessThanOrEqual(Math.round(0.01 * SAMPLE_RATE));
        expect(correlation, label).toBeGreaterThan(0.5);
      }
    },
  );
});
