/**
 * Display formats of the episode list: publication dates ('Jan 05, 2024') and durations ('48
 * minutes', or a clock under a minute), both in the show's locale (`Intl`), and clock times.
 * Clock times come from `time-format.ts` so the list, the player and the transcript agree ('m:ss', 'h:mm:ss' from an
 * hour on).
 */
import type { PresenterRow } from './db-schema.ts';
import { formatClockTime } from './time-format.ts';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The locale's formats, made once each: building an `Intl` format costs more than using it. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const minuteFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(formats: Map<string, T>, locale: string, make: (locale: string) => T): T {
  let format = formats.get(locale);
  if (format === undefined) {
    try {
      format = make(locale);
    } catch {
      // A tag Intl refuses reads as English rather than breaking the list.
      format = make('en');
    }
    formats.set(locale, format);
  }
  return format;
}

/**
 * Formats a publication date in the show's locale as short month, 2-digit day and year: 'Jan
 * 05, 2024' in English, '05. Jan. 2024' in German. A plain 'YYYY-MM-DD' is taken as that
 * calendar day; a timestamp is read in UTC so every visitor sees the same day. Anything
 * unreadable gives ''.
 */
export function formatPubDate(value: string | null | undefined, locale = 'en'): string {
  if (value === null || value === undefined) return '';
  const text = value.trim();
  if (text === '') return '';
  const dateOnly = DATE_ONLY.exec(text);
  let year: number;
  let month: number;
  let day: number;
  if (dateOnly) {
    year = Number(dateOnly[1]);
    month = Number(dateOnly[2]) - 1;
    day = Number(dateOnly[3]);
    if (month < 0 || month > 11 || day < 1 || day > 31) return '';
  } else {
    const time = Date.parse(text);
    if (Number.isNaN(time)) return '';
    const date = new Date(time);
    year = date.getUTCFullYear();
    month = date.getUTCMonth();
    day = date.getUTCDate();
  }
  const format = cached(
    dateFormats,
    locale,
    (tag) =>
      new Intl.DateTimeFormat(tag, {
        year: 'numeric',
        month: 'short',
        day: '2-digit',
        timeZone: 'UTC',
      }),
  );
  return format.format(new Date(Date.UTC(year, month, day)));
}

/**
 * Formats an episode's length for the list in the show's locale: 'N minutes' (rounded; '1
 * minute'; '48 Minuten'), or a clock ('0:45') under a minute where minutes would say nothing.
 * Unknown or nonsense gives ''.
 */
export function formatDuration(seconds: number | null | undefined, locale = 'en'): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) {
    return '';
  }
  if (seconds < 60) return formatClockTime(seconds);
  const minutes = Math.round(seconds / 60);
  const format = cached(
    minuteFormats,
    locale,
    (tag) => new Intl.NumberFormat(tag, { style: 'unit', unit: 'minute', unitDisplay: 'long' }),
  );
  return format.format(minutes);
}

/** Formats a moment or a length as a clock: 'm:ss', or 'h:mm:ss' from an hour on. */
export function formatClock(seconds: number): string {
  return formatClockTime(seconds);
}

/** '1 episode' / '3 episodes': a count with its noun in the right number. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** A presenter's full name: first, middle and last, as given. */
export function presenterName(
  presenter: Pick<PresenterRow, 'first_name' | 'middle_name' | 'last_name'>,
): string {
  return [presenter.first_name, presenter.middle_name, presenter.last_name]
    .filter((part): part is string => part !== null && part.trim() !== '')
    .join(' ');
}
