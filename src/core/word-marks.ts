/**
 * What a search marks in a run of transcript words, one place for the snippets and the
 * transcript (decision 0072). A word that a whole-word match or a phrase covers is marked whole,
 * with its punctuation, and a run of such words is one highlight, spaces included. A word that
 * only starts with the typed last word (a prefix match) has just that part marked: 'Octo' of
 * '"Octopus,'. A word matched both ways is marked whole.
 */
import type { PhraseMatch } from './phrase-match.ts';
import type { TextRange } from './query-match.ts';
import { spaceBetween } from './unspaced-scripts.ts';

/** The words a search marks: whole words, and words marked in part (UTF-16 ranges in the word). */
export interface WordMarks {
  whole: ReadonlySet<number>;
  parts: ReadonlyMap<number, TextRange>;
}

/** The marks of a list of matches (from `findQueryMatches`, after any 'said by' choice). */
export function wordMarksOf(matches: readonly PhraseMatch[]): WordMarks {
  const whole = new Set<number>();
  const parts = new Map<number, TextRange>();
  for (const match of matches) {
    if (match.part) continue;
    for (let word = match.startWord; word < match.endWord; word += 1) whole.add(word);
  }
  for (const { startWord, part } of matches) {
    if (!part || whole.has(startWord)) continue;
    // Two tokens of one word ("don't") may both begin with the prefix: one span covers both.
    const known = parts.get(startWord);
    parts.set(
      startWord,
      known
        ? { start: Math.min(known.start, part.start), end: Math.max(known.end, part.end) }
        : { ...part },
    );
  }
  return { whole, parts };
}

/** A piece of a word or of a run of words, marked or not. */
export interface MarkedText {
  text: string;
  mark: boolean;
}

/** A word cut at its marked part: the text before it, the part, the text after (empty ones left out). */
export function splitWord(text: string, part: TextRange): MarkedText[] {
  return [
    { text: text.slice(0, part.start), mark: false },
    { text: text.slice(part.start, part.end), mark: true },
    { text: text.slice(part.end), mark: false },
  ].filter((piece) => piece.text !== '');
}

/**
 * Words [from, to) joined into marked and unmarked runs, spaces included: the space between two
 * wholly marked words is marked too, the space at a run's edge is not. Words of scripts written
 * without spaces meet without one (`spaceBetween`).
 */
export function markedRuns(
  words: readonly string[],
  from: number,
  to: number,
  marks: WordMarks,
): MarkedText[] {
  const runs: MarkedText[] = [];
  const push = (text: string, mark: boolean): void => {
    const last = runs.at(-1);
    if (last && last.mark === mark) last.text += text;
    else if (text !== '') runs.push({ text, mark });
  };
  for (let word = from; word < to; word += 1) {
    const text = words[word] ?? '';
    const mark = marks.whole.has(word);
    const before = words[word - 1];
    if (word > from && before !== undefined && spaceBetween(before, text)) {
      push(' ', mark && marks.whole.has(word - 1));
    }
    const part = marks.parts.get(word);
    if (part) for (const piece of splitWord(text, part)) push(piece.text, piece.mark);
    else push(text, mark);
  }
  return runs;
}
