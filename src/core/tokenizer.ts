/**
 * The one tokenizer of search (docs/decisions/0022-search-in-every-language.md). The builder
 * writes its tokens into every FTS table already folded and separated by spaces, and those
 * tables split on spaces only (FTS5's `ascii` tokenizer, which leaves such tokens as they are),
 * so SQLite never applies rules of its own; the site splits what a visitor types, the
 * transcript it highlights and the snippets it cuts with the same function. The index and the
 * query therefore agree on every token by construction.
 *
 * A token is a run of letters, digits and marks (private-use characters too), with zero-width
 * characters removed (`text-fold.ts`), NFKC-normalised, cut into words by `Intl.Segmenter`
 * where its script is written without spaces (`unspaced-scripts.ts`), and folded by the show's
 * language (`text-fold.ts`).
 */
import { foldRulesOf, foldRun, ZERO_WIDTH, type FoldRules } from './text-fold.ts';
import { hasUnspacedScript, segmentRun } from './unspaced-scripts.ts';
import { remembering } from './remembering.ts';

/**
 * The FTS5 tokenizer of every search table. The builder writes pre-split tokens, so all it does
 * is split on spaces; it folds only ASCII capitals, and tokens never hold any.
 */
export const FTS_TOKENIZER = 'ascii';

/** A token with its position in the source text, in UTF-16 code units. */
export interface TextToken {
  /** The folded token, as the index stores it. */
  token: string;
  start: number;
  end: number;
}

/** Splits text into index tokens for one language. */
export interface Tokenizer {
  /** The language tag whose folding rules it applies. */
  readonly language: string;
  /** The text's tokens with their offsets. */
  tokenizeWithOffsets: (text: string) => TextToken[];
  /** The text's tokens. */
  tokenize: (text: string) => string[];
}

/** Letters, digits, marks and private-use characters, with zero-width characters inside them. */
const TOKEN_RUN = /[\p{L}\p{N}\p{Co}\p{M}\u00ad\u200b-\u200d\u2060\ufeff]+/gu;

/** The same without zero-width characters: what separates the pieces of a normalised run. */
const CLEAN_RUN = /[\p{L}\p{N}\p{Co}\p{M}]+/gu;

const ASCII_RUN = /^[a-z0-9]+$/i;

/**
 * The tokens of one run that is not plain ASCII, with offsets from the run's start. Normalising
 * and segmenting cost far more than a lookup (ICU's segmenter takes tens of microseconds a
 * call), and a show repeats its vocabulary many times over, so runs are remembered.
 */
function runTokens(raw: string, rules: FoldRules): TextToken[] {
  const tokens: TextToken[] = [];
  const normalised = raw.replace(ZERO_WIDTH, '').normalize('NFKC');
  // Offsets within the run hold only while normalising changed nothing; otherwise each token
  // spans the whole run it came from.
  const exact = normalised === raw;
  for (const piece of normalised.matchAll(CLEAN_RUN)) {
    const words = hasUnspacedScript(piece[0])
      ? segmentRun(piece[0])
      : [{ text: piece[0], index: 0 }];
    for (const word of words) {
      const token = foldRun(word.text, rules);
      if (token === '') continue;
      const from = piece.index + word.index;
      tokens.push(
        exact
          ? { token, start: from, end: from + word.text.length }
          : { token, start: 0, end: raw.length },
      );
    }
  }
  return tokens;
}

/** Runs remembered per tokenizer; the memory is dropped when it holds this many. */
const MAX_REMEMBERED_RUNS = 100_000;

const tokenizers = new Map<string, Tokenizer>();

/** The tokenizer of a language (a BCP 47 tag); one per language, shared. */
export function createTokenizer(language: string): Tokenizer {
  const known = tokenizers.get(language);
  if (known) return known;
  const rules = foldRulesOf(language);
  const tokensOfRun = remembering((raw) => runTokens(raw, rules), MAX_REMEMBERED_RUNS);
  const tokenizeWithOffsets = (text: string): TextToken[] => {
    const tokens: TextToken[] = [];
    for (const match of text.matchAll(TOKEN_RUN)) {
      const raw = match[0];
      const start = match.index;
      // Most runs of most shows are plain ASCII words: no normalising, no marks to fold.
      if (rules.caseLocale === undefined && ASCII_RUN.test(raw)) {
        tokens.push({ token: raw.toLowerCase(), start, end: start + raw.length });
        continue;
      }
      for (const entry of tokensOfRun(raw)) {
        tokens.push({ token: entry.token, start: start + entry.start, end: start + entry.end });
      }
    }
    return tokens;
  };
  const tokenizer: Tokenizer = {
    language,
    tokenizeWithOffsets,
    tokenize: (text) => tokenizeWithOffsets(text).map((entry) => entry.token),
  };
  tokenizers.set(language, tokenizer);
  return tokenizer;
}
