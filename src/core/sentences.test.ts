import { describe, expect, it } from 'vitest';
import {
  endsSentence,
  sentenceIndexes,
  spokenSentenceIndexes,
  spokenSentenceSteps,
} from './sentences.ts';

describe('endsSentence', () => {
  it('ends at a full stop, question mark or exclamation mark', () => {
    expect(endsSentence('fish.')).toBe(true);
    expect(endsSentence('really?')).toBe(true);
    expect(endsSentence('wow!')).toBe(true);
    expect(endsSentence('so...')).toBe(true);
  });

  it('allows closing quotes and brackets after the mark', () => {
    expect(endsSentence('"Really?"')).toBe(true);
    expect(endsSentence('(yes.)')).toBe(true);
    expect(endsSentence('it.”')).toBe(true);
    expect(endsSentence("'no!'")).toBe(true);
  });

  it('does not end elsewhere', () => {
    expect(endsSentence('fish')).toBe(false);
    expect(endsSentence('well,')).toBe(false);
    expect(endsSentence('3.5')).toBe(false);
    expect(endsSentence('"quote"')).toBe(false);
    expect(endsSentence('')).toBe(false);
  });
});

describe('sentenceIndexes', () => {
  it('gives each word its sentence, the closing word included', () => {
    const words = ['Hello', 'there.', 'How', 'are', '"you?"', 'Fine', 'thanks'];
    expect([...sentenceIndexes(words)]).toEqual([0, 0, 1, 1, 1, 2, 2]);
    expect([...sentenceIndexes(['Done.'])]).toEqual([0]);
    expect([...sentenceIndexes([])]).toEqual([]);
  });
});

describe('spokenSentenceIndexes', () => {
  /** Words one after the other, 0.3 s each, with `pauses` (seconds) after the given words. */
  function timed(words: readonly string[], pauses: Record<number, number> = {}) {
    const starts: number[] = [];
    const ends: number[] = [];
    let time = 0;
    words.forEach((_, i) => {
      starts.push(time);
      time += 0.3;
      ends.push(time);
      time += pauses[i] ?? 0.05;
    });
    return spokenSentenceIndexes(words, starts, ends);
  }
  const lengths = (indexes: Int32Array): number[] => {
    const counts: number[] = [];
    for (const sentence of indexes) counts[sentence] = (counts[sentence] ?? 0) + 1;
    return counts;
  };

  it('keeps the punctuation marks as sentence ends', () => {
    expect([...timed(['Hello', 'there.', 'How', 'are', '"you?"'])]).toEqual([0, 0, 1, 1, 1]);
  });

  it('ends a run without punctuation at a pause, once it has a few words', () => {
    const words = 'so we went down to the harbour and then the boat was gone'.split(' ');
    // A pause after 'harbour' (word 6) ends the sentence; one after 'so' is a hesitation.
    expect(lengths(timed(words, { 0: 1.2, 6: 0.9 }))).toEqual([7, 6]);
  });

  it('ends a long run at a comma or a short pause, and never lets one pass 24 words', () => {
    const words = Array.from({ length: 60 }, (_, i) => (i === 19 ? 'word,' : 'word'));
    const counts = lengths(timed(words));
    expect(counts[0]).toBe(20);
    expect(Math.max(...counts)).toBeLessThanOrEqual(24);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(60);
    expect(lengths(timed(words, { 17: 0.3 }))[0]).toBe(18);
  });

  it('ends a run of long words (a language without spaces) by its characters', () => {
    // Cues of 28 characters each, no punctuation, no pauses: five reach 120 characters.
    const cue = '后来有各种原因失去了就是要光复这个国恢复这个国叫复国主义';
    expect(Array.from(cue)).toHaveLength(28);
    const counts = lengths(timed(Array.from({ length: 12 }, () => cue)));
    expect(counts).toEqual([5, 5, 2]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(12);
  });

  it('agrees with sentenceIndexes on short punctuated text without pauses', () => {
    const words = ['One', 'two.', 'Three', 'four', 'five?', 'Six'];
    expect([...timed(words)]).toEqual([...sentenceIndexes(words)]);
  });
});

describe('spokenSentenceSteps', () => {
  /** Runs the steps to the end: the sentence numbers and how many times they paused. */
  function run(steps: Generator<void, Int32Array, void>): { indexes: number[]; pauses: number } {
    let pauses = 0;
    for (;;) {
      const step = steps.next();
      if (step.done) return { indexes: [...step.value], pauses };
      pauses += 1;
    }
  }

  it('pauses every N words and numbers the sentences as one pass over seconds does', () => {
    // Centiseconds with pauses of 69, 70 and 71 (around the 0.7 s a sentence ends at), words
    // with and without marks, an emoji (two UTF-16 units, one character) and a lone surrogate.
    const words: string[] = [];
    const starts: number[] = [];
    const ends: number[] = [];
    let time = 0;
    for (let i = 0; i < 1_000; i += 1) {
      words.push(i % 37 === 0 ? 'end.' : i % 11 === 0 ? '🎙️' : i % 53 === 0 ? '\ud800x' : 'word');
      starts.push(time);
      time += 17 + (i % 5);
      ends.push(time);
      time += i % 7 === 0 ? 69 + (i % 3) : 3;
    }
    const seconds = (times: number[]): number[] => times.map((value) => value / 100);
    const once = [...spokenSentenceIndexes(words, seconds(starts), seconds(ends))];
    const sliced = run(spokenSentenceSteps(words, starts, ends, 100, 300));
    expect(sliced.indexes).toEqual(once);
    expect(sliced.pauses).toBe(3);
    // The pauses of 0.7 s and more did end sentences: more than the marks alone make.
    expect((once.at(-1) ?? 0) + 1).toBeGreaterThan(1_000 / 37 + 1);
  });

  it('counts characters as code points: 24 words of four emoji stay under 120 characters', () => {
    const emoji = Array.from({ length: 30 }, () => '🎙🎙🎙🎙');
    // 4 code points and a space each: 24 words (the word limit) before 120 characters.
    const counts = run(spokenSentenceSteps(emoji, [], [], 1, Number.POSITIVE_INFINITY)).indexes;
    expect(counts.filter((sentence) => sentence === 0)).toHaveLength(24);
  });
});
