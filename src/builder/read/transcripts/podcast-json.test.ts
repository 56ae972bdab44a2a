import { describe, expect, it } from 'vitest';
import { fixtureJson } from './fixture-text.ts';
import { parsePodcastJson } from './podcast-json.ts';

describe('parsePodcastJson', () => {
  it('reads word-level segments exactly, with speakers', () => {
    const transcript = parsePodcastJson('1.json', fixtureJson('podcast.json'));
    expect(transcript.words).toEqual(['Hello', 'and', 'welcome!']);
    expect(transcript.timing).toBe('exact');
    expect(transcript.start).toEqual([0.5, 0.9, 1.4]);
    expect(transcript.end).toEqual([0.9, 1.3, 2.0]);
    expect(transcript.speakerNames).toEqual(['Host', 'Guest']);
    expect(transcript.speaker).toEqual([0, 0, 1]);
    expect(transcript.prob).toEqual([-1, -1, -1]);
  });

  it('spreads phrase segments by word length and marks them approximate', () => {
    const transcript = parsePodcastJson('2.json', fixtureJson('podcast-phrases.json'));
    expect(transcript.timing).toBe('approximate');
    expect(transcript.words).toEqual(['Hi', 'everyone', 'bye']);
    // "Hi" is 2 of 10 characters of a 2-second segment.
    expect(transcript.end[0]).toBeCloseTo(0.4);
    expect(transcript.speaker).toEqual([0, 0, -1]);
  });

  it('rejects a segment without endTime', () => {
    expect(() => parsePodcastJson('3.json', { segments: [{ startTime: 1, body: 'x' }] })).toThrow(
      /3\.json: not a valid Podcasting 2\.0 JSON transcript: segments\.0\.endTime/,
    );
  });
});
