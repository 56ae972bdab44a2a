import { describe, expect, it } from 'vitest';
import { fixtureJson } from './fixture-text.ts';
import { looksLikeWhisper, parseWhisper } from './whisper.ts';

describe('parseWhisper', () => {
  it('reads words without their leading space, with times, probabilities and speakers', () => {
    const transcript = parseWhisper('1.json', fixtureJson('whisper.json'));
    expect(transcript.format).toBe('whisper');
    expect(transcript.timing).toBe('exact');
    expect(transcript.words).toEqual([
      'Welcome',
      'to',
      'the',
      'show.',
      'Did',
      'you',
      'know',
      'octopuses',
      'have',
      'three',
      'hearts?',
    ]);
    expect(transcript.start.slice(0, 2)).toEqual([0.5, 0.92]);
    expect(transcript.end[3]).toBe(2.1);
    expect(transcript.prob[7]).toBe(0.42);
    expect(transcript.speakerNames).toEqual(['Anna']);
    expect(transcript.speaker).toEqual([-1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('reads the wrapper with page metadata (yonearth) and has no speakers when all are null', () => {
    const transcript = parseWhisper('7.json', fixtureJson('whisper-wrapped.json'));
    expect(transcript.words).toEqual(['Healthy', 'soil', 'holds', 'water.']);
    expect(transcript.speakerNames).toEqual([]);
    expect(transcript.speaker).toEqual([]);
  });

  it('spreads segments without word timestamps over their span and marks them approximate', () => {
    const transcript = parseWhisper('2.json', {
      segments: [{ start: 0, end: 4, text: ' One two three four.' }],
    });
    expect(transcript.timing).toBe('approximate');
    expect(transcript.words).toEqual(['One', 'two', 'three', 'four.']);
    expect(transcript.start[0]).toBe(0);
    expect(transcript.end[3]).toBe(4);
  });

  it('rejects a word whose start goes backwards, naming the segment and word', () => {
    const data = {
      segments: [
        { start: 0, end: 2, words: [{ word: ' one', start: 1, end: 1.5, probability: 0.9 }] },
        { start: 2, end: 3, words: [{ word: ' two', start: 0.5, end: 0.8, probability: 0.9 }] },
      ],
    };
    expect(() => parseWhisper('/p/transcripts/3.json', data)).toThrow(
      /3\.json: segment 2, word "two": starts at 0\.5 s, before the previous word \(1 s\): times go backwards/,
    );
  });

  it('rejects negative times and words that end before they start', () => {
    const negative = { segments: [{ words: [{ word: ' a', start: -1, end: 0.5 }] }] };
    expect(() => parseWhisper('4.json', negative)).toThrow(
      /segment 1, word "a": start time -1 is negative/,
    );
    const reversed = { segments: [{ words: [{ word: ' a', start: 2, end: 1 }] }] };
    expect(() => parseWhisper('4.json', reversed)).toThrow(/ends \(1 s\) before it starts \(2 s\)/);
  });

  it('rejects a segment whose words are not Whisper words', () => {
    expect(() => parseWhisper('5.json', { segments: [{ words: [{ text: 'x' }] }] })).toThrow(
      /5\.json: not valid Whisper JSON: segments\.0\.words\.0\.word/,
    );
  });

  it('recognises Whisper documents but not Podcasting 2.0 segments', () => {
    expect(looksLikeWhisper({ segments: [{ start: 0, end: 1, text: 'x' }] })).toBe(true);
    expect(looksLikeWhisper({ segments: [{ startTime: 0, endTime: 1, body: 'x' }] })).toBe(false);
  });
});
