import { describe, expect, it } from 'vitest';
import { fixtureText } from './fixture-text.ts';
import { parseSrt } from './srt.ts';

describe('parseSrt', () => {
  it('reads CRLF cues, drops formatting tags and spreads words over each cue', () => {
    const transcript = parseSrt('14.5.srt', fixtureText('cues.srt'));
    expect(transcript.format).toBe('srt');
    expect(transcript.timing).toBe('approximate');
    expect(transcript.words).toEqual([
      'Bees',
      'can',
      'recognise',
      'faces.',
      'Really?',
      'Amazing.',
      'Instant.',
    ]);
    expect(transcript.start[4]).toBe(3.5);
    expect(transcript.end[5]).toBe(5.5);
    expect(transcript.start[6]).toBe(6);
    expect(transcript.end[6]).toBe(6);
    expect(transcript.speakerNames).toEqual([]);
  });

  it('rejects a cue that ends before it starts, naming the line', () => {
    const text = '1\n00:00:05,000 --> 00:00:04,000\nbackwards\n';
    expect(() => parseSrt('2.srt', text)).toThrow(
      /2\.srt: line 2, word "backwards": ends \(4 s\) before it starts \(5 s\)/,
    );
  });

  it('rejects a block without a timing line', () => {
    expect(() => parseSrt('3.srt', '1\njust text\n')).toThrow(
      /3\.srt:1: expected a cue number and a timing line/,
    );
  });
});
