/**
 * What a search term asks for. Words outside double quotes are matched by their stem
 * (`stemmer.ts`: 'submarines' finds 'submarine') and must all occur in an episode, in any
 * checked field and any order. Text inside double quotes is a phrase of exact word forms, as
 * the spec's phrase rules have it; a single quoted word is its exact form. A word that splits
 * into several tokens ('don't', 'ice-cream') is a phrase of them, as the spec splits phrases.
 *
 * The site's searches, highlights, snippets and 'found N utterance(s)' all read a term through
 * `parseSearchQuery`, with the analyzer of the index they search (`analyzer.ts`), and the query
 * carries that analyzer, so whatever matches a query tokenizes and stems as the index did.
 */
import type { Analyzer } from './analyzer.ts';
import { isPrefixToken } from './prefix-index.ts';
import { ZERO_WIDTH } from './text-fold.ts';

/** One thing every result must contain. */
export type QueryPart =
  /**
   * An unquoted word: any token with the same stem. `token` is the word as typed, folded.
   * `prefix`: the term's last word, which also matches any token starting with `token`
   * (`prefix-index.ts`).
   */
  | { kind: 'word'; token: string; stem: string; prefix?: boolean }
  /** Consecutive exact tokens (one or more). */
  | { kind: 'phrase'; tokens: string[] };

/** A parsed search term: every part must match (in any of the checked fields). */
export interface ParsedQuery {
  parts: QueryPart[];
  /** The analyzer the parts were made with: text is matched against them with it. */
  analyzer: Analyzer;
}

/** A part's identity: equal keys match the same tokens. */
export function partKey(part: QueryPart): string {
  if (part.kind === 'phrase') return `"${part.tokens.join(' ')}"`;
  return part.prefix === true ? `~${part.stem}*${part.token}` : `~${part.stem}`;
}

/** A query's identity, for caches and effects: equal keys ask for the same matches. */
export function queryKey(query: ParsedQuery): string {
  return query.parts.map(partKey).join(' ');
}

/** An unquoted word part for a folded token. */
export function wordPart(token: string, analyzer: Analyzer): QueryPart {
  return { kind: 'word', token, stem: analyzer.stem(token) };
}

/** A query of one exact phrase (the spec's phrase search). */
export function phraseQuery(tokens: readonly string[], analyzer: Analyzer): ParsedQuery {
  return {
    parts: tokens.length === 0 ? [] : [{ kind: 'phrase', tokens: [...tokens] }],
    analyzer,
  };
}

/**
 * Reads a term: quoted phrases, unquoted words; duplicates dropped, order kept. The last word,
 * when nothing but spaces follows it and it is one token, is also a prefix (issue 27: 'octo'
 * finds what 'octopus' finds); `asTyped` turns that off.
 */
export function parseSearchQuery(
  term: string,
  analyzer: Analyzer,
  { asTyped = false }: { asTyped?: boolean } = {},
): ParsedQuery {
  const parts: QueryPart[] = [];
  const seen = new Set<string>();
  const add = (part: QueryPart): void => {
    const key = partKey(part);
    if (seen.has(key)) return;
    seen.add(key);
    parts.push(part);
  };
  // The word that ends the term, if a word does (no phrase or quote after it).
  let last: Extract<QueryPart, { kind: 'word' }> | null = null;
  // Even pieces are outside quotes, odd ones inside; an unclosed quote runs to the end.
  for (const [index, piece] of term.split('"').entries()) {
    if (index % 2 === 1) {
      const tokens = analyzer.tokenize(piece);
      if (tokens.length > 0) add({ kind: 'phrase', tokens });
      // A quote ends the term's last word, even an empty pair.
      last = null;
      continue;
    }
    // Zero-width characters join what they sit in (the tokenizer drops them), even U+FEFF,
    // which JavaScript counts as a space.
    for (const chunk of piece.replace(ZERO_WIDTH, '').split(/\s+/)) {
      const tokens = analyzer.tokenize(chunk);
      const [only] = tokens;
      if (tokens.length === 0) continue;
      if (tokens.length === 1 && only !== undefined) {
        last = { kind: 'word', token: only, stem: analyzer.stem(only) };
        add(last);
      } else {
        last = null;
        add({ kind: 'phrase', tokens });
      }
    }
  }
  if (asTyped || last === null || !isPrefixToken(last.token)) return { parts, analyzer };
  const word = last;
  // The word as a prefix replaces the same word without one (it finds all the word finds).
  const kept = parts.filter((part) => partKey(part) !== partKey(word));
  return { parts: [...kept, { ...word, prefix: true }], analyzer };
}

/** A term as the count line quotes it: one quoted phrase without its own quotes. */
export function displayTerm(term: string): string {
  const inner = /^"([^"]*)"$/.exec(term.trim());
  return inner?.[1] ?? term;
}

/** Every token a query names, in order (a word by its typed form). */
export function queryTokens(query: ParsedQuery): string[] {
  return query.parts.flatMap((part) => (part.kind === 'word' ? [part.token] : part.tokens));
}

/** The term with the first occurrence of the (folded) token replaced by `word`. */
export function replaceToken(
  term: string,
  token: string,
  word: string,
  analyzer: Analyzer,
): string {
  const found = analyzer.tokenizeWithOffsets(term).find((entry) => entry.token === token);
  return found ? `${term.slice(0, found.start)}${word}${term.slice(found.end)}` : term;
}
