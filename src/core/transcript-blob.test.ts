import { describe, expect, it } from 'vitest';
import { parseTranscriptBlob } from './transcript-blob.ts';

describe('parseTranscriptBlob', () => {
  it('accepts a blob with and without speakers', () => {
    const plain = { v: 1, words: ['Hi.'], start: [0], end: [40], prob: [-1] };
    expect(parseTranscriptBlob(plain, 'episode 1')).toEqual(plain);
    const spoken = { ...plain, speaker: [0], speakerNames: ['Anna'] };
    expect(parseTranscriptBlob(spoken, 'episode 1')).toEqual(spoken);
  });

  it('names the source and the problem', () => {
    expect(() => parseTranscriptBlob({ v: 2 }, 'episode 14.5')).toThrow(
      /^episode 14\.5: not a valid transcript at v:/,
    );
    expect(() =>
      parseTranscriptBlob({ v: 1, words: ['a', 'b'], start: [0], end: [1], prob: [1] }, 'ep 3'),
    ).toThrow(
      'ep 3: not a valid transcript: words, start, end, prob and speaker must have the same length',
    );
    expect(() => parseTranscriptBlob('nonsense', 'ep 3')).toThrow(/ep 3: not a valid transcript/);
  });
});
