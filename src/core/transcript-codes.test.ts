import { describe, expect, it } from 'vitest';
import { absoluteTranscript, parseTranscriptBlob, toStoredTranscript } from './transcript-blob.ts';
import {
  codeIntegers,
  codedTranscriptPieces,
  decodeIntegers,
  toCodedTranscript,
} from './transcript-codes.ts';

describe('codeIntegers', () => {
  it('writes 0–90 as one character and anything else escaped, and reads every value back', () => {
    const small = Array.from({ length: 91 }, (_, value) => value);
    expect(codeIntegers(small)).toHaveLength(91);
    const wide = [91, 92, -1, -55, 8463, 2 ** 40, -(2 ** 52), 0];
    const text = codeIntegers([...small, ...wide]);
    expect(decodeIntegers(text)).toEqual([...small, ...wide]);
    // JSON writes the text as it is: no character it would escape.
    expect(JSON.stringify(text)).toHaveLength(text.length + 2);
  });

  it('refuses text it did not write', () => {
    expect(decodeIntegers('ab~')).toBeNull(); // '~' is not in the alphabet
    expect(decodeIntegers('a\u00e9')).toBeNull();
    expect(decodeIntegers('}')).toBeNull(); // an escape cut before its length
    expect(decodeIntegers('}&')).toBeNull(); // a length of 3 with no digits
  });
});

describe('version 3 of transcripts.data (decision 0056)', () => {
  const blob = {
    v: 1 as const,
    words: [
      'Hi',
      'there.',
      'Again,',
      'ünïcode',
      '"quoted"',
      'back\\slash.',
      'iPhone?',
      'ßig!',
      'x',
      '',
    ],
    start: [12, 40, 36, 120, 500, 90_000, 90_010, 90_020, 90_030, 90_040],
    end: [38, 90, 62, 130, 502, 90_010, 90_010, 90_030, 90_040, 90_040],
    prob: [99, -1, 80, 0, 100, 51, 7, 60, 61, 62],
    speaker: [0, 0, 1, 1, -1, 0, 0, 0, 1, 1],
    speakerNames: ['Anna', 'Ben'],
    chapters: [{ title: 'Intro', start: 0 }],
  };

  it('reads back exactly what version 2 holds, through JSON, from its pieces joined', () => {
    const coded = toCodedTranscript(toStoredTranscript(blob));
    expect(coded).toMatchObject({ v: 3, n: 10, unit: 2 });
    if (!coded) throw new Error('not coded');
    // Sentence starts in lower case where upper case gives them back; 'iPhone' and 'ßig' kept.
    expect(coded.words).toBe('hi there. again, ünïcode "quoted" back\\slash. iPhone? ßig! x ');
    const json = codedTranscriptPieces(coded)
      .map((piece) => piece.text)
      .join('');
    expect(JSON.parse(json)).toEqual(coded);
    expect(parseTranscriptBlob(JSON.parse(json), 'episode 2')).toEqual(blob);
  });

  it('is turned into absolute times where the worker decodes it; an invalid one stays as it is', () => {
    const stored = toStoredTranscript(blob);
    const coded = toCodedTranscript(stored);
    // Version 3 and version 2 both come out as version 1: what the page's parse returns.
    expect(absoluteTranscript(JSON.parse(JSON.stringify(coded)))).toEqual(blob);
    expect(absoluteTranscript(stored)).toEqual(blob);
    expect(parseTranscriptBlob(absoluteTranscript(stored), 'episode 2')).toEqual(blob);
    const damaged = { ...coded, gap: '~' };
    expect(absoluteTranscript(damaged)).toBe(damaged);
    const wrongItem = { ...stored, dur: stored.dur.map((value, i) => (i === 3 ? 'x' : value)) };
    expect(absoluteTranscript(wrongItem)).toBe(wrongItem);
    // The page's parse still names the problem: the worker passed it on as it was.
    expect(() => parseTranscriptBlob(wrongItem, 'episode 2')).toThrow(
      'episode 2: not a valid transcript at dur: expected an array of finite numbers',
    );
  });

  it('keeps version 2 where it cannot code: no words, a word with a space, times not whole', () => {
    const stored = toStoredTranscript(blob);
    expect(toCodedTranscript({ ...stored, words: [], gap: [], dur: [], prob: [] })).toBeNull();
    expect(toCodedTranscript({ ...stored, words: stored.words.map((w) => `${w} x`) })).toBeNull();
    expect(
      toCodedTranscript({ ...stored, gap: stored.gap.map((value) => value + 0.5) }),
    ).toBeNull();
    expect(toCodedTranscript({ ...stored, prob: stored.prob.map(() => 101) })).toBeNull();
  });

  it('names the source and the problem when a column is damaged or short', () => {
    const coded = toCodedTranscript(toStoredTranscript(blob));
    if (!coded) throw new Error('not coded');
    expect(() => parseTranscriptBlob({ ...coded, gap: `${coded.gap}~` }, 'episode 9')).toThrow(
      'episode 9: not a valid transcript: a coded column holds a value it cannot',
    );
    expect(() => parseTranscriptBlob({ ...coded, dur: coded.dur.slice(1) }, 'episode 9')).toThrow(
      'episode 9: not a valid transcript: words, gap, dur and prob must have the same length',
    );
    expect(() => parseTranscriptBlob({ ...coded, unit: 0 }, 'episode 9')).toThrow(
      /^episode 9: not a valid transcript at unit/,
    );
  });
});
