/**
 * What search treats as the same letter (docs/decisions/0022-search-in-every-language.md):
 * compatibility forms (NFKC: 'ｶﾅﾀﾞ' is 'カナダ', 'ﬁ' is 'fi'), case, 'ß' and 'ss', final and
 * medial sigma, and marks on Latin, Greek and Cyrillic letters, except the letters the show's
 * language counts as its own (`language.ts`: German keeps 'ä', Spanish 'ñ'). Arabic vowel marks
 * and tatweel and Hebrew points go too: they are optional in writing. Every other mark is part
 * of its letter and stays (the kana voicing mark: 'ダ' is not 'タ'; Devanagari and Thai vowels).
 */
import { languageRules, searchLanguageOf } from './language.ts';

/** Zero-width characters: never part of what a word is (U+200B–U+200D, U+2060, U+FEFF, soft hyphen). */
export const ZERO_WIDTH = /[\u00ad\u200b-\u200d\u2060\ufeff]/gu;

/** A letter or digit with the marks that follow it. */
const CLUSTER = /\P{M}\p{M}*|\p{M}+/gu;

const MARKS = /\p{M}/gu;

/** Letters whose marks are accents: removed unless the language keeps the letter. */
const ACCENTED_SCRIPT = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;

/** Arabic harakat, superscript alef and Quranic marks; Hebrew points and cantillation. */
const OPTIONAL_MARKS =
  /[\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed]/gu;

const TATWEEL = /\u0640/gu;

const ASCII = /^[\p{ASCII}]*$/u;

/** How one language folds a token. */
export interface FoldRules {
  /** Letters that keep their marks, NFC. */
  keep: ReadonlySet<string>;
  keepMarks: boolean;
  /** Locale for lower-casing (Turkish and Azerbaijani dotted and dotless i), or undefined. */
  caseLocale: string | undefined;
  /** Letters written two ways that the language reads as one (Romanian ş and ș). */
  same: readonly (readonly [string, string])[];
}

/** Romanian's comma-below letters are often written with a cedilla. */
const ROMANIAN_SAME = [
  ['ş', 'ș'],
  ['ţ', 'ț'],
] as const;

/** The folding rules of a language tag or subtag. */
export function foldRulesOf(language: string): FoldRules {
  const rules = languageRules(language);
  const primary = searchLanguageOf(language);
  return {
    keep: new Set(rules.letters),
    keepMarks: rules.keepMarks === true,
    caseLocale: primary === 'tr' || primary === 'az' ? primary : undefined,
    same: primary === 'ro' ? ROMANIAN_SAME : [],
  };
}

function foldCluster(cluster: string, rules: FoldRules): string {
  const plain = cluster.length === 1 && cluster < '\u00c0';
  if (plain || rules.keepMarks || !ACCENTED_SCRIPT.test(cluster)) return cluster;
  const composed = cluster.normalize('NFC');
  if (rules.keep.has(composed)) return composed;
  return composed.normalize('NFD').replace(MARKS, '');
}

/**
 * Folds a run of letters, digits and marks (already NFKC-normalised, zero-width characters
 * removed) for search. The result may be empty (a run of marks alone).
 */
export function foldRun(run: string, rules: FoldRules): string {
  let lower = rules.caseLocale ? run.toLocaleLowerCase(rules.caseLocale) : run.toLowerCase();
  if (ASCII.test(lower)) return lower;
  lower = lower.replaceAll('ß', 'ss');
  for (const [from, to] of rules.same) lower = lower.replaceAll(from, to);
  let folded = '';
  for (const [cluster] of lower.matchAll(CLUSTER)) folded += foldCluster(cluster, rules);
  return folded
    .replace(OPTIONAL_MARKS, '')
    .replace(TATWEEL, '')
    .replaceAll('ς', 'σ')
    .replaceAll('ſ', 's')
    .normalize('NFC');
}
