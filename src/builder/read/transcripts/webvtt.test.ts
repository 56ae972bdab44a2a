import { describe, expect, it } from 'vitest';
import { fixtureText } from './fixture-text.ts';
import { parseWebVtt } from './webvtt.ts';

describe('parseWebVtt', () => {
  it('spreads each cue over its span by word length, skipping notes and tags', () => {
    const transcript = parseWebVtt('1.vtt', fixtureText('cues.vtt'));
    expect(transcript.timing).toBe('approximate');
    expect(transcript.words).toEqual([
      'Bees',
      'can',
      'recognise',
      'faces.',
      'Really?',
      'Amazing',
      '&',
      'strange.',
      'No',
      'speaker',
      'here',
    ]);
    // The first cue is 2 s for 4+3+9+6 = 22 characters.
    expect(transcript.start[0]).toBe(1);
    expect(transcript.end[0]).toBeCloseTo(1 + (2 * 4) / 22);
    expect(transcript.end[3]).toBe(3);
    expect(transcript.start[4]).toBe(3.5);
  });

  it('keeps <v> voice tags as speakers', () => {
    const transcript = parseWebVtt('1.vtt', fixtureText('cues.vtt'));
    expect(transcript.speakerNames).toEqual(['Anna Smith', 'Ben']);
    expect(transcript.speaker).toEqual([0, 0, 0, 0, 1, 1, 1, 1, -1, -1, -1]);
  });

  it('reads overlapping cues: a cue starting inside the previous one starts after its last word', () => {
    const text = [
      'WEBVTT',
      '',
      '00:00:01.000 --> 00:00:03.000',
      '<v Anna>one two three',
      '',
      '00:00:02.050 --> 00:00:04.000',
      '<v Ben>four',
    ].join('\n');
    const transcript = parseWebVtt('1.vtt', text);
    const lastOfFirst = transcript.start[2] ?? 0;
    expect(lastOfFirst).toBeGreaterThan(2.05);
    expect(transcript.start[3]).toBe(lastOfFirst);
    expect(transcript.end[3]).toBe(4);
    expect(transcript.speaker).toEqual([0, 0, 0, 1]);
    // A cue that starts before the previous cue started is still an error.
    expect(() => parseWebVtt('1.vtt', `${text}\n\n00:00:01.500 --> 00:00:05.000\nfive`)).toThrow(
      /times go backwards/,
    );
  });

  it('rejects a file without the WEBVTT header', () => {
    expect(() => parseWebVtt('2.vtt', '00:00:01.000 --> 00:00:02.000\nhi\n')).toThrow(
      /2\.vtt:1: a WebVTT file must start with "WEBVTT"/,
    );
  });

  it('rejects a cue that starts before the previous one, naming its line', () => {
    const text =
      'WEBVTT\n\n00:00:05.000 --> 00:00:06.000\nlate\n\n00:00:01.000 --> 00:00:02.000\nearly\n';
    expect(() => parseWebVtt('3.vtt', text)).toThrow(
      /3\.vtt: line 6, word "early": starts at 1 s, before the previous word \(5 s\): times go backwards/,
    );
  });

  it('rejects a bad timing line with its line number', () => {
    expect(() => parseWebVtt('4.vtt', 'WEBVTT\n\n00:00:xx --> 00:00:02.000\nhi\n')).toThrow(
      /4\.vtt:3: cue timing "00:00:xx --> 00:00:02.000" is not valid/,
    );
  });
});
