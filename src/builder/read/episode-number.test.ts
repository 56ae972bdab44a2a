import { describe, expect, it } from 'vitest';
import {
  canonicalEpisodeNumber,
  compareEpisodeNumbers,
  DEFAULT_TITLE_PATTERNS,
  episodeNumberFromTitle,
} from './episode-number.ts';

describe('canonicalEpisodeNumber', () => {
  it('drops leading zeros and trailing fractional zeros but keeps halves exact', () => {
    expect(canonicalEpisodeNumber('010')).toBe('10');
    expect(canonicalEpisodeNumber('10.0')).toBe('10');
    expect(canonicalEpisodeNumber('14.50')).toBe('14.5');
    expect(canonicalEpisodeNumber('14.5')).toBe('14.5');
    expect(canonicalEpisodeNumber('0')).toBe('0');
    expect(canonicalEpisodeNumber(143.5)).toBe('143.5');
    expect(canonicalEpisodeNumber(' 7 ')).toBe('7');
  });

  it('rejects text that is not a plain decimal', () => {
    for (const bad of ['', '-1', '1e3', '14.', 'abc', '53-dj-spooky', '1,5'])
      expect(canonicalEpisodeNumber(bad)).toBeUndefined();
    expect(canonicalEpisodeNumber(-2)).toBeUndefined();
  });
});

describe('compareEpisodeNumbers', () => {
  it('orders numerically, halves between their neighbours', () => {
    const sorted = ['100', '15', '14.5', '2', '14', '14.25', '9'].sort(compareEpisodeNumbers);
    expect(sorted).toEqual(['2', '9', '14', '14.25', '14.5', '15', '100']);
  });
});

describe('episodeNumberFromTitle', () => {
  it.each([
    ['Episode 57: Rebel Rubes', '57'],
    ['The Grey NATO – 249 – Kristin Harila On Her Record', '249'],
    ['The Grey NATO - 184 – Watches, And Wonders', '184'],
    ['The Grey NATO – 206 Re-Reupload – New Watches!', '206'],
    ['The Grey NATO - Ep 116 - June Q And A', '116'],
    ['The Grey Nato Ep 25  - Dream Watches 2017', '25'],
    ['The Grey Nato - EP 17 - On Paper/On Wrist', '17'],
    ['The Grey Nato - Episode 09 - "Open Water Certifiable"', '9'],
    ['1393: "Space Wake"', '1393'],
    ['Episode 14.5: A half', '14.5'],
    // "#N" at the end counts (issue 23), even where it numbers a series within the show.
    ['The Grey Nato - Question & Answer #1', '1'],
    ['Octopus hearts #12', '12'],
    ['Octopus hearts (#12)', '12'],
  ])('finds the number in %s', (title, expected) => {
    expect(episodeNumberFromTitle(title, DEFAULT_TITLE_PATTERNS)).toBe(expected);
  });

  it.each([
    'Depth Charge - The Original Soundtrack',
    'TGN Chats - Chase Fancher :: Oak & Oscar',
    'Collection Inspection Vol. 10',
    'Top 10 #hashtags',
    'Watch #12 of 20',
  ])('finds no number in %s', (title) => {
    expect(episodeNumberFromTitle(title, DEFAULT_TITLE_PATTERNS)).toBeUndefined();
  });

  it('tries a configured pattern first', () => {
    expect(
      episodeNumberFromTitle('Show #12 (part 3)', [/#(\d+)/u, ...DEFAULT_TITLE_PATTERNS]),
    ).toBe('12');
  });
});
