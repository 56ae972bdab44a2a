/**
 * English word forms for the search (docs/decisions/0009-english-stemming.md): Porter2, the
 * Snowball English stemmer, from the `porter2` package. The builder stems the index with these
 * functions and the site stems what a visitor types with the same ones, so 'submarines' and
 * 'submarine' meet at 'submarin' on both sides.
 *
 * Only plain ASCII tokens are stemmed (the tokens the term tables hold, `isIndexedToken`):
 * Porter2 is an English algorithm, and any other token (`søren`, `東京`) is its own stem.
 */
import { stem } from 'porter2';

/** Tokens Porter2 is applied to: folded ASCII letters and digits, as the term tables hold. */
const STEMMED_TOKEN = /^[a-z0-9]{1,64}$/;

/** Stems already computed: a transcript repeats its vocabulary many times over. */
const known = new Map<string, string>();
const MAX_KNOWN = 200_000;

/** The stem of one folded index token (`tokenizer.ts`); a token Porter2 does not apply to is its own stem. */
export function stemToken(token: string): string {
  const cached = known.get(token);
  if (cached !== undefined) return cached;
  const result = STEMMED_TOKEN.test(token) ? stem(token) : token;
  if (known.size >= MAX_KNOWN) known.clear();
  known.set(token, result);
  return result;
}

/** Folded tokens replaced by their stems, joined by spaces: the text the stemmed indexes hold. */
export function stemTokens(tokens: readonly string[]): string {
  return tokens.map(stemToken).join(' ');
}
