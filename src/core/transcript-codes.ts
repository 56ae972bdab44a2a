/**
 * Version 3 of `transcripts.data` (decision 0056): version 2's columns written as text that
 * DEFLATE packs tighter. The words are one string joined by spaces; gaps, durations and
 * confidences are one character each from a 92-character alphabet (`codeIntegers`), times in
 * the transcript's own unit (Whisper's 20 ms steps: 2 centiseconds). The builder compresses
 * each column as a DEFLATE block of its own, so each gets its own Huffman codes, and the whole
 * is still one raw-DEFLATE stream of JSON: readers inflate and parse it as before.
 */
import type { StoredTranscriptBlob } from './db-schema.ts';

/** The JSON inside a version-3 `transcripts.data` blob. */
export interface CodedTranscriptBlob extends Omit<
  StoredTranscriptBlob,
  'v' | 'words' | 'gap' | 'dur' | 'prob' | 'speaker' | 'turns'
> {
  v: 3;
  /**
   * The words joined by single spaces (no word holds one), a sentence's first letter in lower
   * case where upper case gives it back (`Clear` after `it.` is written `clear`): the same word
   * is then the same bytes for DEFLATE to find again.
   */
  words: string;
  /** How many words: the joined text alone cannot tell none from one empty word. */
  n: number;
  /** `codeIntegers` of the gaps between the sentence starts whose case is kept as it is. */
  keep: string;
  /** Centiseconds per unit of `gap` and `dur`: every gap and duration is a multiple of it. */
  unit: number;
  /** `codeIntegers` of the gaps, durations (in `unit`s) and confidences (`confidenceCode`). */
  gap: string;
  dur: string;
  prob: string;
  /** Version 2's speaker runs, `codeIntegers` of each run's gap from the last and speaker + 1. */
  turns?: string;
}

/**
 * The alphabet: printable ASCII from space to `}` less `"` and `\`, which JSON would escape.
 * Its last character starts an escaped value.
 */
const DIGITS = Array.from({ length: 0x7e - 0x20 }, (_, at) => String.fromCharCode(0x20 + at))
  .filter((char) => char !== '"' && char !== '\\')
  .join('');
const BASE = DIGITS.length;
const ESCAPE = BASE - 1;
/** Each character code's value (-1: not in the alphabet): a long transcript decodes in a loop. */
const VALUE_OF = new Int8Array(128).fill(-1);
for (let value = 0; value < BASE; value += 1) VALUE_OF[DIGITS.charCodeAt(value)] = value;
const valueAt = (text: string, at: number): number => VALUE_OF[text.charCodeAt(at)] ?? -1;

/**
 * Integers as one character each when 0 ≤ n < 91; any other safe integer as the escape, one
 * character for its sign and digit count, then its digits in base 92.
 */
export function codeIntegers(values: readonly number[]): string {
  let text = '';
  for (const value of values) {
    if (value >= 0 && value < ESCAPE) {
      text += DIGITS.charAt(value);
      continue;
    }
    let digits = '';
    let rest = Math.abs(value);
    do {
      digits = DIGITS.charAt(rest % BASE) + digits;
      rest = Math.floor(rest / BASE);
    } while (rest > 0);
    text += DIGITS.charAt(ESCAPE) + DIGITS.charAt(digits.length * 2 + (value < 0 ? 1 : 0)) + digits;
  }
  return text;
}

/** Reads `codeIntegers` text back; null for a character outside the alphabet or a cut value. */
export function decodeIntegers(text: string): number[] | null {
  const values: number[] = [];
  for (let at = 0; at < text.length;) {
    const value = valueAt(text, at);
    if (value < 0) return null;
    at += 1;
    if (value < ESCAPE) {
      values.push(value);
      continue;
    }
    const header = valueAt(text, at);
    const length = header >> 1;
    if (header < 0 || length === 0 || at + 1 + length > text.length) return null;
    let number = 0;
    for (let digit = at + 1; digit < at + 1 + length; digit += 1) {
      const place = valueAt(text, digit);
      if (place < 0) return null;
      number = number * BASE + place;
    }
    values.push(header % 2 === 1 ? -number : number);
    at += 1 + length;
  }
  return values;
}

function gcd(a: number, b: number): number {
  return b === 0 ? Math.abs(a) : gcd(b, a % b);
}

/** A word at a sentence's start as the reader shows it: its first letter in upper case. */
const sentenceCase = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** After a word ending in `.`, `?` or `!`, the next word starts a sentence. */
const endsSentence = (word: string | undefined): boolean => {
  if (word === undefined) return true;
  const last = word.charCodeAt(word.length - 1);
  return last === 0x2e || last === 0x3f || last === 0x21;
};

/** The words as stored, and the sentence starts the reader must leave as they are. */
function lowerSentenceStarts(words: readonly string[]): { text: string; keep: number[] } {
  const keep: number[] = [];
  const stored = words.map((word, index) => {
    if (!endsSentence(words[index - 1])) return word;
    const lower = word.charAt(0).toLowerCase() + word.slice(1);
    if (sentenceCase(lower) === word) return lower;
    if (sentenceCase(word) !== word) keep.push(index);
    return word;
  });
  return { text: stored.join(' '), keep };
}

/**
 * A confidence as one character: unknown (-1) as 0, a whole percent p as 101 − p, so the
 * usual ones (above 10 %) need no escape.
 */
const confidenceCode = (percent: number): number => (percent < 0 ? 0 : 101 - percent);

/** Ascending integers as their gaps (the first from 0), and back. */
const gapsOf = (values: readonly number[]): number[] =>
  values.map((value, index) => value - (index > 0 ? (values[index - 1] ?? 0) : 0));
const sumsOf = (gaps: readonly number[]): number[] => {
  let sum = 0;
  return gaps.map((gap) => (sum += gap));
};

/**
 * Version 2 as version 3, or null when it cannot be (no words, a word with a space, a time or
 * confidence that is not a safe integer): the builder then stores version 2 as it is.
 */
export function toCodedTranscript(stored: StoredTranscriptBlob): CodedTranscriptBlob | null {
  const { words, gap, dur, prob, speaker, turns, v: _version, ...rest } = stored;
  if (speaker !== undefined || words.length === 0 || words.some((word) => word.includes(' '))) {
    return null;
  }
  const columns = [gap, dur, prob, turns ?? []];
  if (!columns.every((values) => values.every((value) => Number.isSafeInteger(value)))) {
    return null;
  }
  if (prob.some((value) => value < -1 || value > 100)) return null;
  const unit = [...gap, ...dur].reduce(gcd, 0) || 1;
  const { text, keep } = lowerSentenceStarts(words);
  const coded: CodedTranscriptBlob = {
    ...rest,
    v: 3,
    n: words.length,
    keep: codeIntegers(gapsOf(keep)),
    words: text,
    unit,
    gap: codeIntegers(gap.map((value) => value / unit)),
    dur: codeIntegers(dur.map((value) => value / unit)),
    prob: codeIntegers(prob.map(confidenceCode)),
  };
  if (turns) {
    const starts = gapsOf(turns.filter((_, index) => index % 2 === 0));
    const speakers = turns.filter((_, index) => index % 2 === 1);
    coded.turns = codeIntegers(starts.flatMap((start, run) => [start, (speakers[run] ?? -1) + 1]));
  }
  return coded;
}

/**
 * Version 3 back as version 2's columns; an Error message (a string) when a column does not
 * decode or the lengths disagree.
 */
export function fromCodedTranscript(coded: CodedTranscriptBlob): StoredTranscriptBlob | string {
  const { words: text, n, keep, unit, gap, dur, prob, turns, v: _version, ...rest } = coded;
  const columns = [gap, dur, prob].map(decodeIntegers);
  const [gaps, durations, confidences] = columns;
  const kept = decodeIntegers(keep);
  const runs = turns === undefined ? [] : decodeIntegers(turns);
  if (!gaps || !durations || !confidences || !kept || !runs || runs.length % 2 !== 0) {
    return 'a coded column holds a value it cannot';
  }
  const words = text.split(' ');
  if (words.length !== n || columns.some((values) => values?.length !== n)) {
    return 'words, gap, dur and prob must have the same length';
  }
  const keepCase = new Set(sumsOf(kept));
  words.forEach((word, index) => {
    if (endsSentence(words[index - 1]) && !keepCase.has(index)) words[index] = sentenceCase(word);
  });
  const stored: StoredTranscriptBlob = {
    ...rest,
    v: 2,
    words,
    gap: gaps.map((value) => value * unit),
    dur: durations.map((value) => value * unit),
    prob: confidences.map((code) => (code === 0 ? -1 : 101 - code)),
  };
  if (turns !== undefined) {
    const starts = sumsOf(runs.filter((_, index) => index % 2 === 0));
    stored.turns = starts.flatMap((start, run) => [start, (runs[run * 2 + 1] ?? 0) - 1]);
  }
  return stored;
}

/**
 * The blob's JSON text in the pieces the builder compresses as blocks of their own: the
 * header (speakers, chapters, turns), the words, then each coded column (the last closes the
 * object). `numeric`: the piece is coded integers, which DEFLATE often packs best by Huffman
 * codes alone (a 30,000-word transcript's gaps: 11.6 KB against 13.9 with string matching).
 */
export function codedTranscriptPieces(
  coded: CodedTranscriptBlob,
): { text: string; numeric: boolean }[] {
  const { words, gap, dur, prob, ...rest } = coded;
  const head = JSON.stringify(rest);
  return [
    { text: head.slice(0, -1), numeric: false },
    { text: `,"words":${JSON.stringify(words)}`, numeric: false },
    { text: `,"gap":${JSON.stringify(gap)}`, numeric: true },
    { text: `,"dur":${JSON.stringify(dur)}`, numeric: true },
    { text: `,"prob":${JSON.stringify(prob)}}`, numeric: true },
  ];
}
