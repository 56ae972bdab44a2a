/**
 * Turns what a visitor typed into an FTS5 query that can never be a syntax error: the term is
 * split with the index's own tokenizer and every token goes inside a double-quoted FTS5
 * string, so operators (AND, NEAR, *, -, parentheses, quotes) are only ever searched as words.
 */
import type { Analyzer } from './analyzer.ts';
import { FTS_COLUMNS, type FtsColumn } from './db-schema.ts';
import { parseSearchQuery, type ParsedQuery } from './search-query.ts';
import { createTexts, type Texts } from './messages/message-format.ts';

/** What a submitted term means for the search. */
export type TermCheck =
  /** Nothing typed: the search is cleared and every episode shows. */
  | { kind: 'empty' }
  /** 1 to minLength-1 characters: ignored, the previous search stays. */
  | { kind: 'too-short'; term: string; minLength: number }
  /** Long enough but only punctuation or symbols: there is nothing to search for. */
  | { kind: 'no-tokens'; term: string }
  /** Long enough, waiting for the index's language rules (`analyzer.ts`) to load. */
  | { kind: 'pending'; term: string }
  /** A real search: `tokens` every token in order, `parsed` what must match (`search-query.ts`). */
  | { kind: 'search'; term: string; tokens: string[]; parsed: ParsedQuery };

/** A term that searches: the one checked, tokenised value carried from the URL to the SQL. */
export type SearchQuery = Extract<TermCheck, { kind: 'search' }>;

/** A ready-to-run full-text query: `sql` with `match` as its one bound parameter. */
export interface FtsQuery {
  match: string;
  sql: string;
}

/**
 * Characters that can be a whole word on their own (Han ideographs, kana, Hangul syllables): a
 * term holding one is long enough whatever `minSearchLength` says.
 */
const WORD_CHARACTER = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}]/u;

/** Whether a trimmed term is long enough to search. */
export function isLongEnough(term: string, minLength: number): boolean {
  // Code points, not UTF-16 units: an emoji is one character to the visitor.
  return [...term].length >= minLength || WORD_CHARACTER.test(term);
}

/**
 * Trims a term and decides whether it clears, is ignored, has nothing to search, or searches,
 * with the analyzer of the index it will search.
 */
export function checkSearchTerm(raw: string, minLength: number, analyzer: Analyzer): TermCheck {
  const term = raw.trim();
  if (term === '') return { kind: 'empty' };
  if (!isLongEnough(term, minLength)) return { kind: 'too-short', term, minLength };
  const tokens = analyzer.tokenize(term);
  const parsed = parseSearchQuery(term, analyzer);
  if (tokens.length === 0 || parsed.parts.length === 0) return { kind: 'no-tokens', term };
  return { kind: 'search', term, tokens, parsed };
}

/**
 * A term checked before the index's analyzer has loaded: cleared, too short, or pending (it is
 * checked again with `checkSearchTerm` once the analyzer is there).
 */
export function checkBeforeAnalyzer(raw: string, minLength: number): TermCheck {
  const term = raw.trim();
  if (term === '') return { kind: 'empty' };
  if (!isLongEnough(term, minLength)) return { kind: 'too-short', term, minLength };
  return { kind: 'pending', term };
}

/** The search a checked term runs, or null when it runs none. */
export function searchQueryOf(check: TermCheck): SearchQuery | null {
  return check.kind === 'search' ? check : null;
}

const ENGLISH = createTexts('en');

/** Message shown for a term that cannot be searched, or null for one that can. */
export function termProblem(check: TermCheck, texts: Texts = ENGLISH): string | null {
  switch (check.kind) {
    case 'too-short':
      return texts.text('search.tooShort', { count: check.minLength });
    case 'no-tokens':
      return texts.text('search.noTokens', { term: check.term });
    default:
      return null;
  }
}

/** Quotes text as one FTS5 string: double quotes inside are doubled. */
export function quoteFtsString(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** Orders and de-duplicates search fields into table column order. */
export function normaliseFields(fields: Iterable<FtsColumn>): FtsColumn[] {
  const wanted = new Set(fields);
  return FTS_COLUMNS.filter((column) => wanted.has(column));
}

/**
 * Builds the `words_fts` query for tokens over the checked fields: `title:"…" OR words:"…"`;
 * several tokens form a phrase. No field (or no token) means no query at all: the search
 * matches nothing. (A single ASCII token is usually looked up in `search_terms` instead:
 * `src/core/term-index.ts`.)
 */
export function buildFtsQuery(
  tokens: readonly string[],
  fields: Iterable<FtsColumn>,
): FtsQuery | null {
  const columns = normaliseFields(fields);
  if (columns.length === 0 || tokens.length === 0) return null;
  const phrase = quoteFtsString(tokens.join(' '));
  const match = columns.map((column) => `${column}:${phrase}`).join(' OR ');
  return { match, sql: 'SELECT rowid FROM words_fts WHERE words_fts MATCH ?' };
}
