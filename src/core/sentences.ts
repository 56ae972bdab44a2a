/**
 * Sentence boundaries in a transcript: a sentence ends at a word ending in '.', '?' or '!' (or
 * the ideographic '。', '？', '！'), also when closing quotes or brackets follow the mark
 * ('"Really?"', '(yes.)', '「はい。」'). For reading along, where a transcript's times are known,
 * a run without such a mark also ends at a pause or after about 20 words
 * (`spokenSentenceIndexes`).
 */

const SENTENCE_END = /[.?!…。？！]["'”’»)\]}」』）]*$/u;

/** Whether a transcript word closes its sentence. */
export function endsSentence(word: string): boolean {
  return SENTENCE_END.test(word.trimEnd());
}

/**
 * The sentence number of every word, counting from 0. The word that ends a sentence belongs
 * to it; the next word starts the next one.
 */
export function sentenceIndexes(words: readonly string[]): Int32Array {
  const indexes = new Int32Array(words.length);
  let sentence = 0;
  for (let i = 0; i < words.length; i += 1) {
    indexes[i] = sentence;
    if (endsSentence(words[i] ?? '')) sentence += 1;
  }
  return indexes;
}

/** A pause this long (seconds) between two words ends a sentence, punctuated or not. */
export const SENTENCE_PAUSE_SECONDS = 0.7;

/** A sentence is at least this many words before a pause ends it (a hesitation is no end). */
const WORDS_BEFORE_PAUSE = 3;

/** From this many words on, a sentence also ends at a comma or a short pause… */
export const SOFT_SENTENCE_WORDS = 16;

/** …and at the latest after this many: the highlight never covers a paragraph. */
export const MAX_SENTENCE_WORDS = 24;

/**
 * The same limits in characters, for text whose 'words' are long: a language written without
 * spaces (a Chinese cue is one word of up to a few dozen characters).
 */
export const SOFT_SENTENCE_CHARACTERS = 80;
export const MAX_SENTENCE_CHARACTERS = 120;

const SHORT_PAUSE_SECONDS = 0.25;

/** A word that closes a clause: a comma, semicolon, colon or dash, before closing quotes. */
const CLAUSE_END = /[,;:–—]["'”’»)\]}]*$/u;

/** The code points of a word, as `Array.from(word).length` counts them, without an array. */
function codePoints(word: string): number {
  let count = word.length;
  for (let i = 0; i < word.length - 1; i += 1) {
    const code = word.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = word.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count -= 1;
        i += 1;
      }
    }
  }
  return count;
}

/**
 * The sentence number of every word as the reading view lights them up: at the marks
 * `sentenceIndexes` knows, and where those are missing (machine transcripts without
 * punctuation, or with 100-word run-ons) at a pause of `SENTENCE_PAUSE_SECONDS`, at a comma or
 * short pause once a sentence has `SOFT_SENTENCE_WORDS` words (or `SOFT_SENTENCE_CHARACTERS`
 * characters), and after `MAX_SENTENCE_WORDS` words (or `MAX_SENTENCE_CHARACTERS` characters)
 * at the latest. `starts` and `ends` are the words' times in seconds.
 */
export function spokenSentenceIndexes(
  words: readonly string[],
  starts: ArrayLike<number>,
  ends: ArrayLike<number>,
): Int32Array {
  const steps = spokenSentenceSteps(words, starts, ends, 1, Number.POSITIVE_INFINITY);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `spokenSentenceIndexes` in steps of `every` words, so a page can split a long transcript
 * between its other tasks (one pass over a million words was the page's longest task; issue
 * 26, defect 10). The times are in units of 1 / `perSecond` s (100: a stored transcript's
 * centiseconds), each divided as it is read: the same seconds, to the bit, as dividing the
 * arrays first, without two more arrays of a million numbers.
 */
export function* spokenSentenceSteps(
  words: readonly string[],
  starts: ArrayLike<number>,
  ends: ArrayLike<number>,
  perSecond: number,
  every: number,
): Generator<void, Int32Array, void> {
  const indexes = new Int32Array(words.length);
  let sentence = 0;
  let length = 0;
  let characters = 0;
  for (let i = 0; i < words.length; i += 1) {
    indexes[i] = sentence;
    const word = words[i] ?? '';
    length += 1;
    characters += (length > 1 ? 1 : 0) + codePoints(word);
    const next = starts[i + 1];
    const end = ends[i] ?? starts[i];
    const pause =
      (next === undefined ? Number.NaN : next / perSecond) -
      (end === undefined ? Number.NaN : end / perSecond);
    const long = length >= SOFT_SENTENCE_WORDS || characters >= SOFT_SENTENCE_CHARACTERS;
    const closes =
      endsSentence(word) ||
      (length >= WORDS_BEFORE_PAUSE && pause >= SENTENCE_PAUSE_SECONDS) ||
      (long && (CLAUSE_END.test(word) || pause >= SHORT_PAUSE_SECONDS)) ||
      length >= MAX_SENTENCE_WORDS ||
      characters >= MAX_SENTENCE_CHARACTERS;
    if (closes) {
      sentence += 1;
      length = 0;
      characters = 0;
    }
    if ((i + 1) % every === 0) yield;
  }
  return indexes;
}
