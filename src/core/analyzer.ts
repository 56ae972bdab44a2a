/**
 * What search does with text, for one database: its tokenizer (`tokenizer.ts`), its stemmer
 * (`stemmer.ts`) and which tokens its term tables hold. The builder writes an index with an
 * analyzer and the site reads it with one made from the same record (`SearchIndexInfo` in the
 * version's config.json), so every token, stem and table lookup agrees with the index.
 */
import { DEFAULT_LANGUAGE } from './language.ts';
import type { SearchIndexInfo } from './site-config.ts';
import { loadStemmer, type StemFunction } from './stemmer.ts';
import { createTokenizer, type Tokenizer } from './tokenizer.ts';

/** The tokenizer, stemmer and term-table rules of one search index. */
export interface Analyzer extends Tokenizer {
  /** The index's format (`SearchIndexInfo.version`; 1 for databases without the record). */
  readonly version: 1 | 2;
  /** The stem of one folded token (itself in a language without a stemmer). */
  readonly stem: StemFunction;
  /**
   * True when the term tables (`search_terms`, `search_stems`, `search_pairs`) hold a folded
   * token or stem; any other token is searched in `words_fts`.
   */
  readonly inTermTables: (token: string) => boolean;
}

/** The index record of a database built before languages: English, ASCII term tables. */
export const LEGACY_INDEX = { version: 1, language: DEFAULT_LANGUAGE } as const;

/** Longest token (UTF-16 units) the term tables of a version-2 index hold. */
export const MAX_TERM_TABLE_TOKEN = 64;

/** Version 1 term tables: plain ASCII tokens only (decision 0007). */
const ASCII_TOKEN = /^[a-z0-9]{1,64}$/;

function holdsToken(version: 1 | 2): (token: string) => boolean {
  if (version === 1) return (token) => ASCII_TOKEN.test(token);
  return (token) =>
    token.length > 0 && token.length <= MAX_TERM_TABLE_TOKEN && !token.includes(' ');
}

/** An analyzer from an index record and its language's stemmer, already loaded. */
export function createAnalyzer(
  index: SearchIndexInfo | typeof LEGACY_INDEX,
  stem: StemFunction,
): Analyzer {
  return {
    ...createTokenizer(index.language),
    version: index.version,
    stem,
    inTermTables: holdsToken(index.version),
  };
}

/** The analyzer of an index (its config's `search` record; absent: `LEGACY_INDEX`). */
export async function loadAnalyzer(index: SearchIndexInfo | undefined): Promise<Analyzer> {
  const record = index ?? LEGACY_INDEX;
  return createAnalyzer(record, await loadStemmer(record.language));
}
