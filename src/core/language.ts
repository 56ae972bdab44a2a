/**
 * The show's language and what search does in it (docs/decisions/0022-search-in-every-language.md):
 * which letters keep their marks when text is folded for search, and which Snowball stemmer
 * (`stemmer.ts`) finds a word's other forms. The builder and the site read the same table, so
 * the index and the query fold and stem alike.
 */
import { z } from 'zod/mini';

/** What search does in one language. */
export interface LanguageRules {
  /**
   * Letters the language's alphabet counts as letters of their own (lower case, NFC): they keep
   * their marks. Every other Latin, Greek or Cyrillic letter loses its marks (é → e).
   */
  letters: string;
  /** True when no mark is ever removed (Vietnamese: its tone marks tell words apart). */
  keepMarks?: boolean;
  /** The Snowball stemmer of the language (`stemmer.ts`), or none: exact forms only. */
  stemmer?: StemmerName;
}

/** The stemmers Trawl ships, one module each (`stemmer.ts`). */
export const STEMMER_NAMES = [
  'arabic',
  'armenian',
  'basque',
  'catalan',
  'czech',
  'danish',
  'dutch',
  'english',
  'esperanto',
  'estonian',
  'finnish',
  'french',
  'german',
  'greek',
  'hindi',
  'hungarian',
  'indonesian',
  'irish',
  'italian',
  'lithuanian',
  'nepali',
  'norwegian',
  'persian',
  'polish',
  'portuguese',
  'romanian',
  'russian',
  'serbian',
  'spanish',
  'swedish',
  'tamil',
  'turkish',
  'yiddish',
] as const;

export type StemmerName = (typeof STEMMER_NAMES)[number];

const ALL_RULES = {
  ar: { letters: '', stemmer: 'arabic' },
  bg: { letters: 'й' },
  be: { letters: 'йў' },
  ca: { letters: '', stemmer: 'catalan' },
  cs: { letters: 'áčďéěíňóřšťúůýž', stemmer: 'czech' },
  da: { letters: 'å', stemmer: 'danish' },
  de: { letters: 'äöü', stemmer: 'german' },
  el: { letters: '', stemmer: 'greek' },
  en: { letters: '', stemmer: 'english' },
  eo: { letters: 'ĉĝĥĵŝŭ', stemmer: 'esperanto' },
  es: { letters: 'ñ', stemmer: 'spanish' },
  et: { letters: 'äöõüšž', stemmer: 'estonian' },
  eu: { letters: 'ñ', stemmer: 'basque' },
  fa: { letters: '', stemmer: 'persian' },
  fi: { letters: 'åäö', stemmer: 'finnish' },
  fr: { letters: '', stemmer: 'french' },
  ga: { letters: 'áéíóú', stemmer: 'irish' },
  hi: { letters: '', stemmer: 'hindi' },
  hr: { letters: 'čćšž' },
  hu: { letters: 'áéíóöőúüű', stemmer: 'hungarian' },
  hy: { letters: '', stemmer: 'armenian' },
  id: { letters: '', stemmer: 'indonesian' },
  is: { letters: 'áéíóúýö' },
  it: { letters: '', stemmer: 'italian' },
  lt: { letters: 'ąčęėįšųūž', stemmer: 'lithuanian' },
  lv: { letters: 'āčēģīķļņšūž' },
  ms: { letters: '', stemmer: 'indonesian' },
  nb: { letters: 'å', stemmer: 'norwegian' },
  ne: { letters: '', stemmer: 'nepali' },
  nl: { letters: '', stemmer: 'dutch' },
  nn: { letters: 'å', stemmer: 'norwegian' },
  no: { letters: 'å', stemmer: 'norwegian' },
  pl: { letters: 'ąćęńóśźż', stemmer: 'polish' },
  pt: { letters: '', stemmer: 'portuguese' },
  ro: { letters: 'ăâîșț', stemmer: 'romanian' },
  ru: { letters: 'й', stemmer: 'russian' },
  sk: { letters: 'áäčďéíĺľňóôŕšťúýž' },
  sl: { letters: 'čšž' },
  sr: { letters: 'čćšž', stemmer: 'serbian' },
  sv: { letters: 'åäö', stemmer: 'swedish' },
  ta: { letters: '', stemmer: 'tamil' },
  tr: { letters: 'çğöşü', stemmer: 'turkish' },
  az: { letters: 'çğöşü' },
  uk: { letters: 'йї' },
  vi: { letters: '', keepMarks: true },
  yi: { letters: '', stemmer: 'yiddish' },
} satisfies Record<string, LanguageRules>;

/** Rules by primary language subtag; a language not listed folds as English without stemming. */
const RULES: ReadonlyMap<string, LanguageRules> = new Map(Object.entries(ALL_RULES));

/** Old or alternative primary subtags, as the language they name. */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['iw', 'he'],
  ['in', 'id'],
  ['ji', 'yi'],
  ['jw', 'jv'],
  ['zsm', 'ms'],
  ['nob', 'nb'],
  ['nno', 'nn'],
]);

/** Rules of a language with no entry: marks folded as in English, exact forms only. */
const NO_RULES: LanguageRules = { letters: '' };

/** The language of a database built before Trawl read languages, and of a feed without one. */
export const DEFAULT_LANGUAGE = 'en';

const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i;

/**
 * A BCP 47 language tag as feeds write it ('en-us', 'de_DE', ' DE ') in its canonical form
 * ('en-US', 'de-DE', 'de'), or null when it is not one ('English', '').
 */
export function normaliseLanguageTag(raw: string): string | null {
  const tag = raw.trim().replaceAll('_', '-');
  if (!LANGUAGE_TAG.test(tag)) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical ?? null;
  } catch {
    return null;
  }
}

/** The language search works in for a tag: its primary subtag, lower case ('pt-BR' → 'pt'). */
export function searchLanguageOf(tag: string): string {
  const primary = (tag.split('-')[0] ?? '').toLowerCase();
  return ALIASES.get(primary) ?? primary;
}

/** The search rules of a language (a tag or a primary subtag). */
export function languageRules(language: string): LanguageRules {
  return RULES.get(searchLanguageOf(language)) ?? NO_RULES;
}

/** A language tag in config files and settings: canonical BCP 47. */
export const languageTagSchema = z.pipe(
  z.string(),
  z.transform((value: string, context) => {
    const tag = normaliseLanguageTag(value);
    if (tag === null) {
      context.issues.push({
        code: 'custom',
        input: value,
        message: `"${value}" is not a language tag such as en, de or pt-BR`,
      });
      return z.NEVER;
    }
    return tag;
  }),
);

/** Languages written right to left, by primary subtag. */
const RIGHT_TO_LEFT = new Set([
  'ar',
  'arc',
  'ckb',
  'dv',
  'fa',
  'he',
  'ks',
  'ps',
  'sd',
  'syr',
  'ug',
  'ur',
  'yi',
]);

/** The direction a language is written in: 'rtl' for Arabic, Hebrew, Persian, Urdu…, else 'ltr'. */
export function textDirection(tag: string): 'ltr' | 'rtl' {
  const subtags = tag.split('-');
  // A script subtag decides where one is given (Azerbaijani in Arabic script: az-Arab).
  if (subtags.some((subtag) => /^(arab|hebr|thaa|syrc|nkoo|adlm|rohg)$/i.test(subtag)))
    return 'rtl';
  if (subtags.some((subtag) => /^(latn|cyrl)$/i.test(subtag))) return 'ltr';
  return RIGHT_TO_LEFT.has(searchLanguageOf(tag)) ? 'rtl' : 'ltr';
}
