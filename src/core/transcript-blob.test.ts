import { describe, expect, it } from 'vitest';
import {
  CHECK_SLICE,
  checkItemsInSlices,
  parseTranscriptBlob,
  toStoredTranscript,
} from './transcript-blob.ts';

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

describe('checkItemsInSlices', () => {
  /** A version-1 blob of `count` words with speakers, as the worker posts a long one. */
  function longBlob(count: number): Record<string, unknown[] | number> {
    return {
      v: 1,
      words: Array.from({ length: count }, (_, i) => `w${i % 89}`),
      start: Array.from({ length: count }, (_, i) => i * 40),
      end: Array.from({ length: count }, (_, i) => i * 40 + 30.5),
      prob: Array.from({ length: count }, (_, i) => i % 100),
      speaker: Array.from({ length: count }, (_, i) => i % 3),
    };
  }
  const counting = (): { pause: () => Promise<void>; count: () => number } => {
    let pauses = 0;
    return {
      pause: () => {
        pauses += 1;
        return Promise.resolve();
      },
      count: () => pauses,
    };
  };

  it('checks every item a slice at a time, and the parse returns the same transcript', async () => {
    const json = longBlob(60_000);
    const expected = parseTranscriptBlob(longBlob(60_000), 'episode 1');
    const { pause, count } = counting();
    await checkItemsInSlices(json, pause);
    // Five columns of 60,000 items: a pause after every CHECK_SLICE of the 300,000.
    expect(CHECK_SLICE).toBe(100_000);
    expect(count()).toBe(3);
    expect(parseTranscriptBlob(json, 'episode 1')).toEqual(expected);
  });

  it('leaves a column with a wrong item to the parse, which names it', async () => {
    const notFinite = longBlob(1_000);
    notFinite.start = Array.from({ length: 1_000 }, (_, i) => (i === 999 ? Infinity : i));
    await checkItemsInSlices(notFinite, counting().pause);
    expect(() => parseTranscriptBlob(notFinite, 'episode 2')).toThrow(
      'episode 2: not a valid transcript at start: expected an array of finite numbers',
    );
    // Finite numbers that are not integers are no speakers.
    const halfSpeaker = longBlob(1_000);
    halfSpeaker.speaker = Array.from({ length: 1_000 }, (_, i) => (i === 500 ? 0.5 : 0));
    await checkItemsInSlices(halfSpeaker, counting().pause);
    expect(() => parseTranscriptBlob(halfSpeaker, 'episode 3')).toThrow(
      'episode 3: not a valid transcript at speaker: expected an array of integers',
    );
    const numberWord = longBlob(1_000);
    numberWord.words = Array.from({ length: 1_000 }, (_, i) => (i === 7 ? 7 : 'w'));
    await checkItemsInSlices(numberWord, counting().pause);
    expect(() => parseTranscriptBlob(numberWord, 'episode 4')).toThrow(
      'episode 4: not a valid transcript at words: expected an array of strings',
    );
  });
});
