import { describe, expect, it } from 'vitest';
import { fixtureJson } from './fixture-text.ts';
import { looksLikeWhisperx, parseWhisperx } from './whisperx.ts';

function load(name: string): Record<string, unknown> {
  const data = fixtureJson(name);
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new Error('fixture is not an object');
  return Object.fromEntries(Object.entries(data));
}

describe('parseWhisperx', () => {
  it('keeps words with null timing and interpolates them between their neighbours', () => {
    const transcript = parseWhisperx('10.0.json', load('whisperx.json'));
    expect(transcript.words).toEqual([
      'Founded',
      'in',
      '1926,',
      'really.',
      'It',
      'costs',
      '95%',
      'less.',
    ]);
    expect(transcript.interpolated).toBe(2);
    // "1926," sits between "in" (ends 1.6) and "really." (starts 2.4).
    expect(transcript.start[2]).toBeCloseTo(1.6);
    expect(transcript.end[2]).toBeCloseTo(2.4);
    expect(transcript.start[6]).toBeCloseTo(4.6);
    expect(transcript.end[6]).toBeCloseTo(5.5);
    expect(transcript.prob[2]).toBe(-1);
    expect(transcript.prob[0]).toBe(0.91);
  });

  it('keeps speaker labels, falling back to the segment speaker when a word has none', () => {
    const transcript = parseWhisperx('10.0.json', load('whisperx.json'));
    expect(transcript.speakerNames).toEqual(['SPEAKER_00', 'SPEAKER_01']);
    expect(transcript.speaker).toEqual([0, 0, 0, 0, 1, 1, 1, 1]);
  });

  it('reads a bare word_segments list and gives trailing untimed words a nominal length', () => {
    const transcript = parseWhisperx('3.json', load('whisperx-word-segments.json'));
    expect(transcript.words).toEqual(['Hello', 'there', '2024']);
    expect(transcript.start[2]).toBeCloseTo(1.0);
    expect(transcript.end[2]).toBeCloseTo(1.3);
  });

  it('is recognised by its response wrapper, word_segments or score fields', () => {
    expect(looksLikeWhisperx(load('whisperx.json'))).toBe(true);
    expect(looksLikeWhisperx(load('whisperx-word-segments.json'))).toBe(true);
    expect(
      looksLikeWhisperx({ segments: [{ words: [{ word: 'a', start: 0, end: 1, score: 0.5 }] }] }),
    ).toBe(true);
    expect(
      looksLikeWhisperx({
        segments: [{ words: [{ word: ' a', start: 0, end: 1, probability: 0.5 }] }],
      }),
    ).toBe(false);
  });

  it('rejects times that go backwards, naming the segment', () => {
    const data = {
      segments: [
        { start: 5, end: 6, words: [{ word: 'late', start: 5, end: 6, score: 1 }] },
        { start: 1, end: 2, words: [{ word: 'early', start: 1, end: 2, score: 1 }] },
      ],
      word_segments: [],
    };
    expect(() => parseWhisperx('9.json', data)).toThrow(
      /9\.json: segment 2, word "early": starts at 1 s, before the previous word \(5 s\)/,
    );
  });
});
