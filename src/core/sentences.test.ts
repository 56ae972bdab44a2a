import { describe, expect, it } from 'vitest';
import { endsSentence, sentenceIndexes } from './sentences.ts';

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
