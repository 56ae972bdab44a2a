/**
 * Where a search query (`search-query.ts`) matches in a run of index tokens: each unquoted
 * word wherever a token has its stem, each phrase wherever its exact tokens are consecutive.
 * Highlights, snippets and 'found N utterance(s)' all count with `matchTokens`, with the query's
 * own analyzer, and the builder indexes the same stems, so they agree with the result list.
 */
import { prefixLength } from './prefix-mark.ts';
import type { ParsedQuery } from './search-query.ts';

/** One occurrence of a query part: tokens [start, end). */
export interface TokenMatch {
  start: number;
  end: number;
  /** Index of the part in `query.parts`. */
  part: number;
  /** A token that only starts with the part's word (a prefix match), not the word itself. */
  prefix?: boolean;
}

const stemmed = new WeakMap<
  readonly string[],
  { stem: (token: string) => string; stems: string[] }
>();

/**
 * The stems of a run of tokens, remembered per run (a run is never changed once made): a
 * passage or a transcript is matched against many queries, by the builder's ready-made
 * snippets above all (decision 0082).
 */
export function stemsOf(tokens: readonly string[], stem: (token: string) => string): string[] {
  const known = stemmed.get(tokens);
  if (known?.stem === stem) return known.stems;
  const stems = tokens.map(stem);
  stemmed.set(tokens, { stem, stems });
  return stems;
}

/**
 * Every occurrence of every part, ordered by start then end. Overlapping occurrences of a
 * phrase each count ('ha ha' twice in 'ha ha ha'), as FTS5 counts phrase instances. A token
 * that two words of the query match ('octopus octo', 'octopus octopuses') is one place, counted
 * and stepped to once: a whole-word match where either word matches it whole.
 */
export function matchTokens(tokens: readonly string[], query: ParsedQuery): TokenMatch[] {
  const matches: TokenMatch[] = [];
  const wordMatches = new Map<number, TokenMatch>();
  let stems: string[] | null = null;
  query.parts.forEach((part, index) => {
    if (part.kind === 'word') {
      stems ??= stemsOf(tokens, query.analyzer.stem);
      stems.forEach((stem, at) => {
        const known = wordMatches.get(at);
        if (stem === part.stem) {
          if (known === undefined || known.prefix === true) {
            wordMatches.set(at, { start: at, end: at + 1, part: index });
          }
        } else if (
          known === undefined &&
          part.prefix === true &&
          tokens[at]?.startsWith(part.token)
        ) {
          wordMatches.set(at, { start: at, end: at + 1, part: index, prefix: true });
        }
      });
      return;
    }
    const size = part.tokens.length;
    // The last start that still leaves room for the whole phrase: never read past the end.
    for (let start = 0; start + size <= tokens.length; start += 1) {
      let offset = 0;
      while (offset < size && tokens[start + offset] === part.tokens[offset]) offset += 1;
      if (offset === size) matches.push({ start, end: start + size, part: index });
    }
  });
  matches.push(...wordMatches.values());
  return matches.sort((a, b) => a.start - b.start || a.end - b.end || a.part - b.part);
}

/** A half-open range of UTF-16 offsets in a text. */
export interface TextRange {
  start: number;
  end: number;
}

/**
 * Where the query matches in plain text (a title, a description's text), by the index's
 * tokenizer: a phrase is one range, each word its own, a word that only starts with the typed
 * last word its matched part ('octo' in 'octopus'); overlapping ranges merge.
 */
export function findQueryRanges(text: string, query: ParsedQuery): TextRange[] {
  const tokens = query.analyzer.tokenizeWithOffsets(text);
  const ranges: TextRange[] = [];
  for (const match of matchTokens(
    tokens.map((entry) => entry.token),
    query,
  )) {
    const from = tokens[match.start]?.start ?? 0;
    let to = tokens[match.end - 1]?.end ?? from;
    const part = query.parts[match.part];
    if (match.prefix === true && part?.kind === 'word') {
      to = from + prefixLength(text.slice(from, to), part.token, query.analyzer);
    }
    const last = ranges.at(-1);
    if (last && from <= last.end) last.end = Math.max(last.end, to);
    else ranges.push({ start: from, end: to });
  }
  return ranges;
}
