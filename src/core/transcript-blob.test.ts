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
      turns: [0, 0, 2, 1],
      speakerNames: blob.speakerNames,
    });
    expect(parseTranscriptBlob(JSON.parse(JSON.stringify(stored)), 'episode 2')).toEqual(blob);
    expect(() => parseTranscriptBlob({ ...stored, dur: [1] }, 'episode 2')).toThrow(
      'episode 2: not a valid transcript: words, gap, dur, prob and speaker must have the same length',
    );
  });

  it('stores speakers as runs, people and chapters, and reads them back; also per-word speakers', () => {
    const blob = {
      v: 1 as const,
      words: ['a', 'b', 'c', 'd', 'e'],
      start: [0, 10, 20, 30, 40],
      end: [10, 20, 30, 40, 50],
      prob: [-1, -1, -1, -1, -1],
      speaker: [-1, 0, 0, 1, 0],
      speakerNames: ['Dora Finch', 'Speaker 1'],
      speakerPresenters: [6, null],
      speakerIds: [3, -1],
      chapters: [{ title: 'Intro', start: 0, url: 'https://example.org/a' }],
    };
    const stored = toStoredTranscript(blob);
    expect(stored.turns).toEqual([0, -1, 1, 0, 3, 1, 4, 0]);
    expect(stored.speaker).toBeUndefined();
    expect(parseTranscriptBlob(JSON.parse(JSON.stringify(stored)), 'episode 4')).toEqual(blob);
    const { turns: _turns, ...perWord } = { ...stored, speaker: blob.speaker };
    expect(parseTranscriptBlob(perWord, 'episode 4')).toEqual(blob);
  });

  it('rejects runs that do not cover the words, and unsafe chapter links', () => {
    const base = { v: 2, words: ['a', 'b'], gap: [0, 0], dur: [1, 1], prob: [1, 1] };
    for (const turns of [[1, 0], [0, 0, 0, 1], [0, 0, 5, 1], [0]])
      expect(() => parseTranscriptBlob({ ...base, turns }, 'ep 1')).toThrow(
        'ep 1: not a valid transcript: turns must be ascending word indexes from 0 within the transcript',
      );
    for (const chapter of [
      { title: 'x', start: 0, url: 'javascript:alert(1)' },
      { title: 'x', start: 0, image: '../../secret.png' },
      { title: 'x', start: 0, image: 'data:image/png;base64,AAAA' },
    ])
      expect(() => parseTranscriptBlob({ ...base, chapters: [chapter] }, 'ep 1')).toThrow(
        /ep 1: not a valid transcript at chapters\.0/,
      );
  });
});
