/**
 * A quote of a transcript: the words a visitor selected, who said them, and where they are.
 * 'Copy quote', 'Share' and 'Suggest a correction' all start from one `Quote`.
 */
import { formatClockTime } from './time-format.ts';
import type { TranscriptModel } from './transcript-model.ts';
import { joinWords } from './unspaced-scripts.ts';

/** Words `first`..`last` (inclusive) of an episode's transcript. */
export interface Quote {
  first: number;
  last: number;
  text: string;
  /** Who says the first word, when the transcript knows. */
  speaker: string | null;
  /** Seconds: the first word's start and the last word's end. */
  start: number;
  end: number;
}

/** The quote of words `from`..`to` in either order, clamped to the transcript; null when empty. */
export function quoteOf(model: TranscriptModel, from: number, to: number): Quote | null {
  const first = Math.max(0, Math.min(from, to));
  const last = Math.min(model.words.length - 1, Math.max(from, to));
  const firstWord = model.words[first];
  const lastWord = model.words[last];
  if (!firstWord || !lastWord) return null;
  const paragraph = model.paragraphs.find((p) => p.start <= first && first < p.end);
  return {
    first,
    last,
    text: joinWords(model.words.slice(first, last + 1).map((word) => word.text)),
    speaker: paragraph?.speaker ?? null,
    start: firstWord.start,
    end: Math.max(lastWord.end, firstWord.start),
  };
}

/** The attribution line: '— Speaker, episode title, mm:ss' (no speaker: '— title, mm:ss'). */
export function quoteAttribution(quote: Quote, episodeTitle: string): string {
  const who = quote.speaker === null ? '' : `${quote.speaker}, `;
  return `— ${who}${episodeTitle}, ${formatClockTime(quote.start)}`;
}

/**
 * What 'Copy quote' puts on the clipboard: the words in quotes, who and where, and the link.
 * `quoted` puts the language's quotation marks around the words (the catalogue's 'quote.marks').
 */
export function quoteClipboardText(
  quote: Quote,
  episodeTitle: string,
  link: string,
  quoted: (text: string) => string = (text) => `“${text}”`,
): string {
  return `${quoted(quote.text)}\n${quoteAttribution(quote, episodeTitle)}\n${link}`;
}
