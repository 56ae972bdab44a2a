import { describe, expect, it } from 'vitest';
import { formatClock, formatDuration, formatPubDate, pluralize, presenterName } from './format.ts';

describe('formatPubDate', () => {
  it('shows short month, 2-digit day and year', () => {
    expect(formatPubDate('2024-01-05')).toBe('Jan 05, 2024');
    expect(formatPubDate('2019-12-31')).toBe('Dec 31, 2019');
  });

  it('reads timestamps and RFC 2822 dates in UTC', () => {
    expect(formatPubDate('2024-03-09T23:30:00Z')).toBe('Mar 09, 2024');
    expect(formatPubDate('2024-03-10T00:30:00+01:00')).toBe('Mar 09, 2024');
    expect(formatPubDate('Fri, 05 Jan 2024 07:00:00 GMT')).toBe('Jan 05, 2024');
  });

  it('gives an empty string for missing or unreadable dates', () => {
    expect(formatPubDate(null)).toBe('');
    expect(formatPubDate(undefined)).toBe('');
    expect(formatPubDate('  ')).toBe('');
    expect(formatPubDate('Unknown')).toBe('');
    expect(formatPubDate('2024-13-01')).toBe('');
  });
});

describe('formatDuration', () => {
  it('shows whole minutes, rounded', () => {
    expect(formatDuration(2880)).toBe('48 minutes');
    expect(formatDuration(2909)).toBe('48 minutes');
    expect(formatDuration(2910)).toBe('49 minutes');
    expect(formatDuration(60)).toBe('1 minute');
    expect(formatDuration(5400)).toBe('90 minutes');
  });

  it('shows a clock under a minute', () => {
    expect(formatDuration(45)).toBe('0:45');
    expect(formatDuration(9.6)).toBe('0:09');
  });

  it('shows nothing for unknown lengths', () => {
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(0)).toBe('');
    expect(formatDuration(-5)).toBe('');
    expect(formatDuration(Number.NaN)).toBe('');
  });
});

describe("dates and lengths in the show's locale", () => {
  it('writes them as the language does, and reads an unknown tag as English', () => {
    expect(formatPubDate('2024-01-05', 'de')).toBe('05. Jan. 2024');
    expect(formatPubDate('2024-01-05', 'ja')).toBe('2024年1月05日');
    expect(formatPubDate('2024-01-05', 'en')).toBe('Jan 05, 2024');
    expect(formatPubDate('2024-01-05', 'not a tag!')).toBe('Jan 05, 2024');
    expect(formatDuration(48 * 60, 'de')).toBe('48 Minuten');
    expect(formatDuration(60, 'de')).toBe('1 Minute');
    expect(formatDuration(48 * 60, 'fr')).toBe('48 minutes');
    expect(formatDuration(30, 'de')).toBe('0:30');
  });
});

describe('formatClock', () => {
  it('shows mm:ss under an hour and h:mm:ss past it', () => {
    expect(formatClock(754)).toBe('12:34');
    expect(formatClock(3599)).toBe('59:59');
    expect(formatClock(3600)).toBe('1:00:00');
    expect(formatClock(4000)).toBe('1:06:40');
  });
});

describe('pluralize', () => {
  it('uses the singular for one only', () => {
    expect(pluralize(1, 'episode')).toBe('1 episode');
    expect(pluralize(0, 'episode')).toBe('0 episodes');
    expect(pluralize(2, 'utterance')).toBe('2 utterances');
  });
});

describe('presenterName', () => {
  it('joins the parts that are there', () => {
    expect(presenterName({ first_name: 'Anna', middle_name: null, last_name: 'Ptaszynski' })).toBe(
      'Anna Ptaszynski',
    );
    expect(presenterName({ first_name: 'Dan', middle_name: 'J', last_name: ' ' })).toBe('Dan J');
  });
});
