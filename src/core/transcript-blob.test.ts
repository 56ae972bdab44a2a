import { describe, expect, it } from 'vitest';
import { parseTranscriptBlob, toStoredTranscript } from './transcript-blob.ts';

describe('parseTranscriptBlob', () => {
  it('accepts a blob with and without speakers', () => {
    const plain = { v: 1, words: ['Hi.'], start: [0], end: [40], prob: [-1] };
    expect(parseTranscriptBlob(plain, 'episode 1')).toEqual(plain);
    const spoken = { ...plain, speaker: [0], speakerNames: ['Anna'] };
    expect(parseTranscriptBlob(spoken, 'episode 1')).toEqual(spoken);
  });

  it('names the source and the problem', () => {
    expect(() => parseTranscriptBlob({ v: 9 }, 'episode 14.5')).toThrow(
      /^episode 14\.5: not a valid transcript at v:/,
    );
    expect(() =>
      parseTranscriptBlob({ v: 1, words: ['a', 'b'], start: [0], end: [1], prob: [1] }, 'ep 3'),
    ).toThrow(
      'ep 3: not a valid transcript: words, start, end, prob and speaker must have the same length',
    );
    expect(() => parseTranscriptBlob('nonsense', 'ep 3')).toThrow(/ep 3: not a valid transcript/);
  });

  it('reads the stored version 2 (gaps and durations) back to absolute times', () => {
    const blob = {
      v: 1 as const,
      words: ['Hi', 'there.', 'Again'],
      start: [12, 40, 35],
      end: [38, 90, 61],
      prob: [99, -1, 80],
      speaker: [0, 0, 1],
      speakerNames: ['Anna', 'Ben'],
    };
    const stored = toStoredTranscript(blob);
    expect(stored).toEqual({
      v: 2,
      words: blob.words,
      gap: [12, 2, -55],
      dur: [26, 50, 26],
      prob: blob.prob,
      speaker: blob.speaker,
      speakerNames: blob.speakerNames,
    });
    expect(parseTranscriptBlob(JSON.parse(JSON.stringify(stored)), 'episode 2')).toEqual(blob);
    expect(() => parseTranscriptBlob({ ...stored, dur: [1] }, 'episode 2')).toThrow(
      'episode 2: not a valid transcript: words, gap, dur, prob and speaker must have the same length',
    );
  });
});
