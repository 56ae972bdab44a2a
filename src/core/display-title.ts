/**
 * The title an episode row shows after its number ('180: Python at …'). Feeds often start the
 * title with the number itself ('#180 Python at …', 'Episode 57: …', 'Ep. 12 - …',
 * '1377: "R9X"', 'The Grey NATO – 249 – …'); the row would then say it twice. The database
 * keeps the feed's whole title; this drops the leading number (and a show name before it)
 * only when it is the episode's own number.
 */
import { normaliseEpisodeNumber } from './episode-filters.ts';

const DASH = '[-–—|]';

/**
 * `show name – ` (optional), then a marker ('Episode', 'Ep.', 'No.', '#') and the number, then
 * a separator. A bare number needs punctuation after it ('10 things' keeps its number); after
 * a marker a space will do ('#180 Python').
 */
const LEADING_NUMBER = new RegExp(
  // A show name before the number: ended by a dash ('The Grey NATO – 249 –', 'Show- Ep 60 -'),
  // or by a space when 'Episode' or 'Ep' follows ('The Grey Nato Ep 25 - …').
  `^\\s*(?:[^\\s:|][^:|]{0,79}?(?:\\s*${DASH}\\s*|\\s+(?=(?:episode|ep\\.?)\\s*#?\\d)))?` +
    `(?:(?<marked>(?:episode|ep\\.?|no\\.?|#)\\s*#?)(?<n1>\\d+(?:\\.\\d+)?)(?:\\s*(?:[:.)]|${DASH})\\s*|\\s+|$)` +
    `|(?<n2>\\d+(?:\\.\\d+)?)\\s*(?:[:.)]|${DASH})\\s*)`,
  'iu',
);

/** The title without a leading copy of the episode's number; the whole title otherwise. */
export function displayTitle(title: string, episode: string): string {
  const match = LEADING_NUMBER.exec(title);
  const number = match?.groups?.n1 ?? match?.groups?.n2;
  if (!match || number === undefined) return title;
  const own = normaliseEpisodeNumber(episode);
  if (own === null || normaliseEpisodeNumber(number) !== own) return title;
  const rest = title.slice(match[0].length).trim();
  return rest === '' ? title : rest;
}
