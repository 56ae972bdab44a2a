/**
 * Episode numbers are decimal text ("14", "14.5"). They are kept exact as text and compared
 * numerically. The canonical form drops leading zeros and trailing fractional zeros, so a
 * feed's "Episode 010" and a transcript named "10.0.json" are the same episode "10".
 */

const NUMBER_TEXT = /^\d+(?:\.\d+)?$/;

/** The canonical text of an episode number, or undefined when the text is not a plain decimal. */
export function canonicalEpisodeNumber(raw: string | number): string | undefined {
  const text = typeof raw === 'number' ? numberToText(raw) : raw.trim();
  if (text === undefined || !NUMBER_TEXT.test(text)) return undefined;
  const [whole = '', fraction = ''] = text.split('.');
  const integer = whole.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '');
  return decimals === '' ? integer : `${integer}.${decimals}`;
}

function numberToText(value: number): string | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined;
  const text = String(value);
  return /e/i.test(text) ? undefined : text;
}

/**
 * The longest episode number a site has a page for: 12 whole digits, 6 decimals. Longer ones are
 * timestamps or typos, not episode numbers, and a page path must stay short and predictable.
 */
export const MAX_WHOLE_DIGITS = 12;
export const MAX_DECIMALS = 6;

/** True when a canonical episode number is within `MAX_WHOLE_DIGITS` and `MAX_DECIMALS`. */
export function episodeNumberFits(canonical: string): boolean {
  const [whole = '', fraction = ''] = canonical.split('.');
  return whole.length <= MAX_WHOLE_DIGITS && fraction.length <= MAX_DECIMALS;
}

/** Orders canonical episode numbers numerically (14 < 14.5 < 15 < 100). */
export function compareEpisodeNumbers(a: string, b: string): number {
  const [aWhole = '', aFraction = ''] = a.split('.');
  const [bWhole = '', bFraction = ''] = b.split('.');
  if (aWhole.length !== bWhole.length) return aWhole.length - bWhole.length;
  if (aWhole !== bWhole) return aWhole < bWhole ? -1 : 1;
  if (aFraction === bFraction) return 0;
  return aFraction < bFraction ? -1 : 1;
}

/** "… #12" at the end of a title: a number, though the weakest (src/builder/read/episode-numbering.ts). */
export const END_HASH_PATTERN = /(?:^|[\s([])#(\d+(?:\.\d+)?)\s*[)\].]?\s*$/u;

/**
 * Title patterns tried when a feed item has no episode tag, in order. Each captures the number:
 * "Episode 57: …", "Ep 116 - …", "EP 17 - …", "The Grey NATO – 249 – …", "1393: …", "#12 …",
 * "… #12".
 */
export const DEFAULT_TITLE_PATTERNS: readonly RegExp[] = [
  /\b(?:episode|ep)\.?\s*#?\s*(\d+(?:\.\d+)?)(?![\d.]*\d)/iu,
  /(?:^|\s)[-–—]\s*#?(\d+(?:\.\d+)?)(?=\s*(?:[-–—:|]|$)|\s+\p{Lu})/u,
  /^\s*#?(\d+(?:\.\d+)?)\s*(?:[:.\-–—|]\s|$)/u,
  END_HASH_PATTERN,
];

/** The episode number in a title, by the given patterns (their first capture group). */
export function episodeNumberFromTitle(
  title: string,
  patterns: readonly RegExp[],
): string | undefined {
  return titleNumberOf(title, patterns)?.number;
}

/** The number in a title and whether only `END_HASH_PATTERN` found it. */
export function titleNumberOf(
  title: string,
  patterns: readonly RegExp[],
): { number: string; weak: boolean } | undefined {
  for (const pattern of patterns) {
    const captured = pattern.exec(title)?.[1];
    if (captured === undefined) continue;
    const number = canonicalEpisodeNumber(captured);
    if (number !== undefined) return { number, weak: pattern === END_HASH_PATTERN };
  }
  return undefined;
}
