/**
 * How much of a word a typed prefix matched, for the highlight (decision 0072): 'Octo' of
 * 'Octopus' for 'octo'. The prefix is folded (`text-fold.ts`) and folding may change lengths
 * ('Straße' is 'strasse', 'ﬁ' is 'fi', a combining accent goes), so the part is measured by
 * folding the word's own characters, whole grapheme clusters at a time: a highlight never
 * splits a letter from its accent, a ligature or an emoji.
 */
import type { Tokenizer } from './tokenizer.ts';

/** Letters and digits that fold one to one (lower case), in every language's rules. */
const PLAIN = /^[a-z0-9]+$/i;

let graphemes: Intl.Segmenter | null = null;

/**
 * How many UTF-16 units at the start of `text` (the characters of one index token) the folded
 * `prefix` covers: the fewest grapheme clusters whose folded form starts with it. `text.length`
 * when that is all of them, or when `text` is not exactly one token starting with `prefix`
 * (then the whole word is marked, as for a whole-word match).
 */
export function prefixLength(text: string, prefix: string, tokenizer: Tokenizer): number {
  if (prefix === '') return text.length;
  // ASCII letters fold to one letter each, whatever the language (Turkish 'I' is 'ı').
  if (PLAIN.test(text)) return Math.min(prefix.length, text.length);
  const whole = tokenizer.tokenize(text);
  if (whole.length !== 1 || !(whole[0] ?? '').startsWith(prefix)) return text.length;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { index, segment } of graphemes.segment(text)) {
    const end = index + segment.length;
    if (tokenizer.tokenize(text.slice(0, end)).join('').startsWith(prefix)) return end;
  }
  return text.length;
}
