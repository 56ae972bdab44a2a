/**
 * Transcripts cut into overlapping passages for the snippet index (`passages_fts`) and the
 * passage text the site reads to show where a search matched (`passage_blocks`).
 *
 * Passages are measured in index tokens, not words, so the guarantee is exact: a passage owns
 * `PASSAGE_STEP` tokens and also holds the next `PASSAGE_OVERLAP` tokens, so any phrase of up to
 * `PASSAGE_OVERLAP + 1` tokens lies wholly inside the passage that owns its first token, even
 * when it crosses a boundary. A match in an overlap is found in two passages; the snippet
 * finder (`snippets.ts`) counts it once.
 */
import { z } from 'zod/mini';
import type { PassageBlockData, PassageData } from './db-schema.ts';
import { buildTokenStream } from './phrase-match.ts';
import { sentenceIndexes } from './sentences.ts';
import type { Tokenizer } from './tokenizer.ts';

/** Tokens each passage owns (the distance between consecutive passage starts). */
export const PASSAGE_STEP = 48;

/** Tokens of the next passage each passage also holds: phrases up to this + 1 tokens are never cut. */
export const PASSAGE_OVERLAP = 16;

/** Longest phrase, in tokens, that is always found inside one passage. */
export const MAX_UNCUT_PHRASE_TOKENS = PASSAGE_OVERLAP + 1;

/** A passage as a half-open range of transcript words. */
export interface PassageSpan {
  firstWord: number;
  /** One past the last word. */
  endWord: number;
}

export interface PassageGeometry {
  step: number;
  overlap: number;
}

const DEFAULT_GEOMETRY: PassageGeometry = { step: PASSAGE_STEP, overlap: PASSAGE_OVERLAP };

/**
 * Cuts a transcript into passages. Passage `j` holds the words of tokens
 * `[j·step, j·step + step + overlap)`; the first passage also takes any token-less words
 * before it and the last one those after it. A transcript without tokens has no passages.
 */
export function splitPassages(
  words: readonly string[],
  tokenizer: Tokenizer,
  geometry: PassageGeometry = DEFAULT_GEOMETRY,
): PassageSpan[] {
  const { step, overlap } = geometry;
  if (!Number.isInteger(step) || step < 1 || !Number.isInteger(overlap) || overlap < 0) {
    throw new RangeError(`invalid passage geometry: step ${step}, overlap ${overlap}`);
  }
  const { wordOfToken } = buildTokenStream(words, tokenizer);
  const tokenCount = wordOfToken.length;
  const spans: PassageSpan[] = [];
  for (let start = 0; start < tokenCount; start += step) {
    const end = Math.min(start + step + overlap, tokenCount);
    const firstWord = start === 0 ? 0 : (wordOfToken[start] ?? 0);
    const last = end === tokenCount ? words.length : (wordOfToken[end - 1] ?? 0) + 1;
    spans.push({ firstWord, endWord: last });
    if (end === tokenCount) break;
  }
  return spans;
}

/** Words inside a passage are joined by single spaces, so a space inside a word becomes this. */
const WORD_SPACE = '\u00a0';

/** Joins passage words into `PassageData.w`; `passageWords` splits it back. */
export function joinPassageWords(words: readonly string[]): string {
  return words.map((word) => word.replace(/\s+/gu, WORD_SPACE)).join(' ');
}

const passageDataSchema = z.object({ w: z.string(), s: z.array(z.number()) });

const passageBlockSchema = z.array(
  z.extend(passageDataSchema, {
    f: z.int().check(z.minimum(0)),
    p: z.optional(z.array(z.int())),
  }),
);

/**
 * Reads the JSON of a `passage_blocks.data` blob (once inflated); null for anything that is
 * not a block, so one bad row costs its snippets, not the page.
 */
export function parsePassageBlock(json: string): PassageBlockData | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = passageBlockSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The words of a stored passage, in order. */
export function passageWords(data: PassageData): string[] {
  return data.w === '' ? [] : data.w.split(' ');
}

/**
 * The stored form of each passage of a transcript: its words and where its sentences start.
 * `startCs` is each word's start time in centiseconds. When the passage's first word does not
 * start a sentence, `s` begins with `-1` and the start of that sentence in an earlier passage.
 */
export function buildPassages(
  words: readonly string[],
  startCs: readonly number[],
  tokenizer: Tokenizer,
  geometry: PassageGeometry = DEFAULT_GEOMETRY,
): { span: PassageSpan; data: PassageData }[] {
  const sentences = sentenceIndexes(words);
  const sentenceStartOf = new Int32Array(words.length);
  for (let word = 0; word < words.length; word += 1) {
    const starts = word === 0 || sentences[word] !== sentences[word - 1];
    sentenceStartOf[word] = starts ? word : (sentenceStartOf[word - 1] ?? 0);
  }
  return splitPassages(words, tokenizer, geometry).map((span) => {
    const s: number[] = [];
    for (let word = span.firstWord; word < span.endWord; word += 1) {
      const sentenceStart = sentenceStartOf[word] ?? word;
      if (sentenceStart === word) s.push(word - span.firstWord, startCs[word] ?? 0);
      else if (word === span.firstWord) s.push(-1, startCs[sentenceStart] ?? 0);
    }
    return { span, data: { w: joinPassageWords(words.slice(span.firstWord, span.endWord)), s } };
  });
}

/**
 * Start time in centiseconds of the sentence that holds word `index` of a passage (the last
 * sentence start at or before it).
 */
export function sentenceStartCs(data: PassageData, index: number): number {
  let found = data.s[1] ?? 0;
  for (let pair = 0; pair + 1 < data.s.length; pair += 2) {
    if ((data.s[pair] ?? 0) > index) break;
    found = data.s[pair + 1] ?? found;
  }
  return found;
}

/**
 * Index within the passage of the first word of the sentence that holds word `index`, or -1
 * when that sentence began before the passage.
 */
export function sentenceStartWord(data: PassageData, index: number): number {
  let found = -1;
  for (let pair = 0; pair + 1 < data.s.length; pair += 2) {
    const word = data.s[pair] ?? 0;
    if (word > index) break;
    found = word;
  }
  return found;
}
