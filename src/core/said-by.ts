/**
 * The 'said by' rule, one place for the transcript, its count and the snippets: a match counts
 * when every word of it was said by one chosen speaker, as `speech_fts` (one row per turn)
 * finds it. Speakers are show-wide codes (`wordSpeakerCodes`, `PassageData.p`).
 */
import type { PhraseMatch } from './phrase-match.ts';
import { speakerOfWords } from './speech.ts';

/** Whether a match's words were all said by the same one of `chosen`. */
export function saidByChosen(
  codes: ArrayLike<number>,
  match: PhraseMatch,
  chosen: ReadonlySet<number>,
): boolean {
  const first = codes[match.startWord] ?? 0;
  if (!chosen.has(first)) return false;
  for (let word = match.startWord + 1; word < match.endWord; word += 1) {
    if (codes[word] !== first) return false;
  }
  return true;
}

/**
 * The matches a 'said by' choice keeps: all of them when nobody is chosen, none when the words
 * have no speakers.
 */
export function keepSaidBy<T extends PhraseMatch>(
  matches: readonly T[],
  codes: ArrayLike<number> | null,
  chosen: readonly number[],
): T[] {
  if (chosen.length === 0) return [...matches];
  if (codes === null) return [];
  const wanted = new Set(chosen);
  return matches.filter((match) => saidByChosen(codes, match, wanted));
}

/** The per-word codes of a passage from its runs (`PassageData.p`), or null without them. */
export function passageSpeakerCodes(
  runs: readonly number[] | undefined,
  wordCount: number,
): number[] | null {
  return runs ? speakerOfWords(runs, wordCount) : null;
}
