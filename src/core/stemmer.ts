/**
 * Word forms for search (docs/decisions/0009-english-stemming.md, 0022-search-in-every-language.md):
 * the Snowball stemmer of the show's language. The builder stems the index with the stemmer
 * `loadStemmer` gives, and the site stems what a visitor types with the same one, so
 * 'Häuser' and 'Haus' meet at 'haus' on both sides.
 *
 * Each stemmer is its own module, imported only when a show in that language needs it (Vite
 * makes each a chunk of its own, so the browser loads only the show's): English is Porter2 (the
 * `porter2` package, decision 0009), 25 languages come from `@orama/stemmers` (generated from
 * Snowball, a few kilobytes each), and the rest from `multilingual-stemmer` (Snowball 3 as
 * WebAssembly, one module for all of them). A language without a stemmer searches exact forms.
 */
import type { IsoCode } from 'multilingual-stemmer';
import { languageRules, type StemmerName } from './language.ts';
import { remembering } from './remembering.ts';

/** Stems one folded token. */
export type StemFunction = (token: string) => string;

/** A stemmer of `multilingual-stemmer`, by the language code it takes. */
async function snowballWasm(code: IsoCode): Promise<StemFunction> {
  const { createStemmer } = await import('multilingual-stemmer');
  return createStemmer(code);
}

/** Porter2 is an English algorithm: only plain ASCII tokens are stemmed (decision 0009). */
const ENGLISH_TOKEN = /^[a-z0-9]{1,64}$/;

const LOADERS: Record<StemmerName, () => Promise<StemFunction>> = {
  english: async () => {
    const { stem } = await import('porter2');
    return (token) => (ENGLISH_TOKEN.test(token) ? stem(token) : token);
  },
  arabic: async () => (await import('@orama/stemmers/arabic')).stemmer,
  armenian: async () => (await import('@orama/stemmers/armenian')).stemmer,
  danish: async () => (await import('@orama/stemmers/danish')).stemmer,
  dutch: async () => (await import('@orama/stemmers/dutch')).stemmer,
  finnish: async () => (await import('@orama/stemmers/finnish')).stemmer,
  french: async () => (await import('@orama/stemmers/french')).stemmer,
  german: async () => (await import('@orama/stemmers/german')).stemmer,
  greek: async () => (await import('@orama/stemmers/greek')).stemmer,
  hindi: async () => (await import('@orama/stemmers/indian')).stemmer,
  hungarian: async () => (await import('@orama/stemmers/hungarian')).stemmer,
  indonesian: async () => (await import('@orama/stemmers/indonesian')).stemmer,
  irish: async () => (await import('@orama/stemmers/irish')).stemmer,
  italian: async () => (await import('@orama/stemmers/italian')).stemmer,
  lithuanian: async () => (await import('@orama/stemmers/lithuanian')).stemmer,
  nepali: async () => (await import('@orama/stemmers/nepali')).stemmer,
  norwegian: async () => (await import('@orama/stemmers/norwegian')).stemmer,
  portuguese: async () => (await import('@orama/stemmers/portuguese')).stemmer,
  romanian: async () => (await import('@orama/stemmers/romanian')).stemmer,
  russian: async () => (await import('@orama/stemmers/russian')).stemmer,
  serbian: async () => (await import('@orama/stemmers/serbian')).stemmer,
  spanish: async () => (await import('@orama/stemmers/spanish')).stemmer,
  swedish: async () => (await import('@orama/stemmers/swedish')).stemmer,
  tamil: async () => (await import('@orama/stemmers/tamil')).stemmer,
  turkish: async () => (await import('@orama/stemmers/turkish')).stemmer,
  basque: () => snowballWasm('eu'),
  catalan: () => snowballWasm('ca'),
  czech: () => snowballWasm('cs'),
  esperanto: () => snowballWasm('eo'),
  estonian: () => snowballWasm('et'),
  persian: () => snowballWasm('fa'),
  polish: () => snowballWasm('pl'),
  yiddish: () => snowballWasm('yi'),
};

/** Stems already computed: a transcript repeats its vocabulary many times over. */
const MAX_KNOWN = 200_000;

/** Longest token a stemmer is given; longer ones are their own stem. */
const MAX_STEMMED = 64;

/** A stemmer with its stems remembered; a token longer than `MAX_STEMMED` is its own stem. */
function rememberingStems(stem: StemFunction): StemFunction {
  return remembering((token) => (token.length <= MAX_STEMMED ? stem(token) : token), MAX_KNOWN);
}

/** Every token is its own stem: a language without a stemmer. */
export const EXACT_FORMS: StemFunction = (token) => token;

const loaded = new Map<StemmerName, Promise<StemFunction>>();

/**
 * The stemmer of a language (a BCP 47 tag), loaded once; `EXACT_FORMS` for a language without
 * one. A failed load is forgotten, so the next call tries again.
 */
export function loadStemmer(language: string): Promise<StemFunction> {
  const name = languageRules(language).stemmer;
  if (name === undefined) return Promise.resolve(EXACT_FORMS);
  const known = loaded.get(name);
  if (known) return known;
  const pending = LOADERS[name]().then(rememberingStems);
  loaded.set(name, pending);
  pending.catch(() => {
    if (loaded.get(name) === pending) loaded.delete(name);
  });
  return pending;
}
