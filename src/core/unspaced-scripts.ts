/**
 * Scripts written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Burmese;
 * Korean is spaced, but its particles follow the word): their words are found with
 * `Intl.Segmenter` (ICU's dictionaries, in Node and in every browser), when the index is built
 * and when a visitor searches, so a word inside an unspaced sentence is a token of its own.
 * The segmenter's locale is fixed: both sides must cut alike whatever the show's language.
 */

/** A character of a script whose words are not separated by spaces. */
const UNSPACED =
  /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]/u;

/** Punctuation of those scripts (ideographic comma and full stop, full-width forms). */
const UNSPACED_PUNCTUATION = /[\u3000-\u303f\uff00-\uffef]/u;

/**
 * Made at the first cut, not as the module loads: a word segmenter loads ICU's break rules and
 * dictionaries, about 10 ms of the app's start (decision 0077), and a show in a spaced script
 * never needs one.
 */
let segmenter: Intl.Segmenter | undefined;

function wordSegmenter(): Intl.Segmenter {
  segmenter ??= new Intl.Segmenter('und', { granularity: 'word' });
  return segmenter;
}

/** True when the text holds a character of a script written without spaces. */
export function hasUnspacedScript(text: string): boolean {
  return UNSPACED.test(text);
}

/** A piece of text and where it starts (UTF-16 units). */
export interface TextPiece {
  text: string;
  index: number;
}

/** The words of a run of letters and digits, as ICU cuts them, with their offsets in the run. */
export function segmentRun(run: string): TextPiece[] {
  return [...wordSegmenter().segment(run)].map(({ segment, index }) => ({ text: segment, index }));
}

/**
 * Cuts a piece of transcript text that has no spaces (a cue of Chinese) into the words it is
 * made of, keeping every character: punctuation stays with the word before it (or the first
 * word). Text without an unspaced script comes back whole.
 */
export function splitUnspacedText(text: string): string[] {
  if (!hasUnspacedScript(text)) return [text];
  const words: string[] = [];
  let pending = '';
  for (const { segment, isWordLike } of wordSegmenter().segment(text)) {
    if (isWordLike === true) {
      words.push(pending + segment);
      pending = '';
    } else if (words.length > 0) {
      words[words.length - 1] += segment;
    } else {
      pending += segment;
    }
  }
  if (pending !== '') words.push(pending);
  return words;
}

function isUnspacedChar(char: string | undefined): boolean {
  return char !== undefined && (UNSPACED.test(char) || UNSPACED_PUNCTUATION.test(char));
}

/**
 * Whether two consecutive transcript words are shown with a space between them: not when both
 * meet in a script written without spaces ('东京' then '天气').
 */
export function spaceBetween(before: string, after: string): boolean {
  const last = [...before].at(-1);
  const [first] = after;
  return !(isUnspacedChar(last) && isUnspacedChar(first));
}

/** Words joined as they are shown: a space between them unless both are in an unspaced script. */
export function joinWords(words: readonly string[]): string {
  let text = '';
  words.forEach((word, index) => {
    const previous = words[index - 1];
    text += previous !== undefined && spaceBetween(previous, word) ? ` ${word}` : word;
  });
  return text;
}
