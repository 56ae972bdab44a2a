import { describe, expect, it } from 'vitest';
import { fixtureJson } from './fixture-text.ts';
import { parseWhisperCpp } from './whisper-cpp.ts';

describe('parseWhisperCpp', () => {
  it('joins sub-word tokens into words and skips special tokens', () => {
    const transcript = parseWhisperCpp('4.json', fixtureJson('whisper-cpp.json'));
    expect(transcript.format).toBe('whisper-cpp');
    expect(transcript.words).toEqual(['And', 'so', 'my', 'fellow', 'Americans,', 'ask']);
    expect(transcript.timing).toBe('exact');
  });

  it('times a joined word from its first token to its last, in seconds, with the mean probability', () => {
    const transcript = parseWhisperCpp('4.json', fixtureJson('whisper-cpp.json'));
    expect(transcript.start[4]).toBe(1.4);
    expect(transcript.end[4]).toBe(2.3);
    expect(transcript.prob[4]).toBeCloseTo((0.8 + 0.6 + 0.7) / 3);
    expect(transcript.start[0]).toBe(0.32);
  });

  it('spreads token-less segments (-oj output) over their offsets', () => {
    const transcript = parseWhisperCpp('5.json', {
      transcription: [{ offsets: { from: 1000, to: 2000 }, text: ' ab cd' }],
    });
    expect(transcript.timing).toBe('approximate');
    expect(transcript.start).toEqual([1, 1.5]);
  });

  it('rejects a segment without offsets, naming the file', () => {
    expect(() => parseWhisperCpp('6.json', { transcription: [{ text: 'x' }] })).toThrow(
      /6\.json: not valid whisper\.cpp JSON: transcription\.0\.offsets/,
    );
  });
});
