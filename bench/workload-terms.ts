/**
 * The benchmark's search terms as the site reads them. Since decision 0009 an unquoted word
 * finds every indexed form with its stem ('kimonos' finds 'kimono' too), so a rare word is
 * chosen, and its hits counted, by all the forms of its stem; a phrase is searched quoted.
 */
import type { StemFunction } from '../src/core/stemmer.ts';

/** An indexed word form and how many episodes hold it (`fts5vocab` of `words_fts`, 'row'). */
export interface VocabEntry {
  term: string;
  doc: number;
}

/** Indexed forms by stem (`stem`: the index's stemmer). */
export function formsByStem(
  vocab: readonly VocabEntry[],
  stemOf: StemFunction,
): Map<string, VocabEntry[]> {
  const forms = new Map<string, VocabEntry[]>();
  for (const entry of vocab) {
    const stem = stemOf(entry.term);
    forms.set(stem, [...(forms.get(stem) ?? []), entry]);
  }
  return forms;
}

/**
 * A rare word: one whose stem's forms are in 2–5 episodes in all (the sum of their episode
 * counts, at least the episodes an unquoted search of it finds), of 7 or more letters a–z, the
 * middle one by term. A word early in the alphabet shares its index leaf with the structure
 * record and would flatter the figure. Null when the vocabulary has none.
 */
export function chooseRareWord(
  vocab: readonly VocabEntry[],
  stemOf: StemFunction,
  language: 'en' | 'de' | 'ja' = 'en',
): string | null {
  const forms = formsByStem(vocab, stemOf);
  const candidates = vocab
    .filter(({ term }) => isRareCandidate(term, language))
    .filter(({ term }) => {
      const episodes = (forms.get(stemOf(term)) ?? []).reduce((sum, form) => sum + form.doc, 0);
      return episodes >= 2 && episodes <= 5;
    })
    .map(({ term }) => term)
    .sort();
  return candidates[Math.floor(candidates.length / 2)] ?? null;
}

/**
 * A word the benchmark may search as its rare word: in English 7 or more letters a–z; in German
 * 7 or more letters with one that is not ASCII (the words the term tables did not hold before
 * decision 0022); in Japanese 3 or more kana.
 */
function isRareCandidate(term: string, language: 'en' | 'de' | 'ja'): boolean {
  if (language === 'de') return /^\p{L}{7,}$/u.test(term) && /[^a-z]/.test(term);
  if (language === 'ja') return /^\p{scx=Katakana}{3,}$/u.test(term);
  return term.length >= 7 && /^[a-z]+$/.test(term);
}

/** The FTS5 query over `words_fts`'s columns for the episodes an unquoted word finds. */
export function stemHitsMatch(
  word: string,
  forms: ReadonlyMap<string, readonly VocabEntry[]>,
  columns: readonly string[],
  stemOf: StemFunction,
): string {
  const terms = (forms.get(stemOf(word)) ?? [{ term: word, doc: 0 }]).map(({ term }) => term);
  return termsMatch(terms, columns);
}

/** The FTS5 query over `words_fts`'s columns for the episodes holding any of the exact terms. */
export function termsMatch(terms: readonly string[], columns: readonly string[]): string {
  return columns.flatMap((column) => terms.map((term) => `${column}:"${term}"`)).join(' OR ');
}

/** A phrase as typed into the search box: quoted, so it is a phrase and not words anywhere. */
export function quotedPhrase(phrase: string): string {
  return `"${phrase}"`;
}
