/**
 * The scale corpus in another language (`npm run corpus -- --language de|ja`): the same
 * Zipf-distributed stream of SUBTLEX words, each written as a word of the target language, so
 * the benchmark can measure search on non-ASCII text of the same shape and size as the English
 * corpus (issue 24). No dictionary: the most frequent words are real function words, every
 * other word is a deterministic pseudo-word with that language's letters.
 *
 * - German: umlauts and ß on a third of the words, and inflected forms drawn per occurrence
 *   ('häus', 'häuse', 'häusen', 'häuser'), which the German stemmer brings together.
 * - Japanese: words in katakana (with voicing marks: ガ, ダ, パ), hiragana particles, no spaces
 *   between words and '。' at a sentence's end, as Whisper writes Japanese.
 */
import type { Prng } from '../src/core/prng.ts';

/** The corpus languages: English (the original corpus), German and Japanese. */
export const CORPUS_LANGUAGES = ['en', 'de', 'ja'] as const;
export type CorpusLanguage = (typeof CORPUS_LANGUAGES)[number];

/** How a corpus language writes words and sentences. */
export interface CorpusWriting {
  /** The feed's `<language>`. */
  tag: string;
  /** A SUBTLEX word as a word of the language; `prng` draws an inflection per occurrence. */
  word: (english: string, prng: Prng) => string;
  /** A word's one fixed form (phrases and topics recur exactly). */
  base: (english: string) => string;
  /** A word as it starts a sentence. */
  capitalise: (word: string) => string;
  /** Sentence-final marks for '.', '?', '!' and the comma. */
  marks: { stop: string; question: string; exclamation: string; comma: string };
  /** An episode title from three topic words. */
  title: (first: string, second: string, third: string) => string;
}

function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return hash >>> 0;
}

const capitaliseLatin = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

const GERMAN_WORDS: Readonly<Record<string, string>> = {
  the: 'der',
  a: 'ein',
  and: 'und',
  to: 'zu',
  of: 'von',
  i: 'ich',
  you: 'du',
  it: 'es',
  is: 'ist',
  that: 'dass',
  in: 'in',
  was: 'war',
  he: 'er',
  for: 'für',
  on: 'auf',
  are: 'sind',
  with: 'mit',
  we: 'wir',
  they: 'sie',
  not: 'nicht',
  but: 'aber',
  what: 'was',
  this: 'dies',
  have: 'haben',
  so: 'also',
  yeah: 'ja',
  no: 'nein',
  about: 'über',
  would: 'würde',
  very: 'sehr',
};

const GERMAN_ENDINGS = ['', '', '', 'e', 'en', 'er', 'es', 'n', 's'];

/** A pseudo-German stem of an English word: k for c, sch for sh, umlauts and ß by its hash. */
function germanStem(english: string): string {
  const hash = hashOf(english);
  let stem = english
    .toLowerCase()
    .replace(/sh/g, 'sch')
    .replace(/c(?=[aou])/g, 'k');
  if (hash % 3 === 0) stem = stem.replace('a', 'ä');
  if (hash % 5 === 0) stem = stem.replace('o', 'ö');
  if (hash % 4 === 0) stem = stem.replace('u', 'ü');
  if (hash % 7 === 0) stem = stem.includes('ss') ? stem.replace('ss', 'ß') : `${stem}ß`;
  return stem;
}

function germanBase(english: string): string {
  const lower = english.toLowerCase();
  const known = Object.hasOwn(GERMAN_WORDS, lower) ? GERMAN_WORDS[lower] : undefined;
  if (known !== undefined) return known;
  return /^[a-z]+$/.test(lower) ? germanStem(lower) : english;
}

const GERMAN: CorpusWriting = {
  tag: 'de',
  word: (english, prng) => {
    const base = germanBase(english);
    const lower = english.toLowerCase();
    if (Object.hasOwn(GERMAN_WORDS, lower) || !/^[a-z]+$/.test(lower)) return base;
    return base + prng.pick(GERMAN_ENDINGS);
  },
  base: germanBase,
  capitalise: capitaliseLatin,
  marks: { stop: '.', question: '?', exclamation: '!', comma: ',' },
  title: (first, second, third) =>
    `${capitaliseLatin(first)}, ${capitaliseLatin(second)} und ${capitaliseLatin(third)}`,
};

const JAPANESE_WORDS: Readonly<Record<string, string>> = {
  the: 'の',
  a: 'が',
  and: 'と',
  to: 'に',
  of: 'を',
  i: '私',
  you: 'あなた',
  it: 'それ',
  is: 'です',
  that: 'その',
  in: 'で',
  was: 'でした',
  he: '彼',
  for: 'ため',
  on: '上',
  are: 'います',
  with: 'と',
  we: '私たち',
  they: '彼ら',
  not: 'ない',
  yeah: 'はい',
  no: 'いいえ',
  what: '何',
  this: 'これ',
};

const KANA_ROWS: Readonly<Record<string, string>> = {
  '': 'アイウエオ',
  k: 'カキクケコ',
  g: 'ガギグゲゴ',
  s: 'サシスセソ',
  z: 'ザジズゼゾ',
  t: 'タチツテト',
  d: 'ダヂヅデド',
  n: 'ナニヌネノ',
  h: 'ハヒフヘホ',
  b: 'バビブベボ',
  p: 'パピプペポ',
  m: 'マミムメモ',
  y: 'ヤイユエヨ',
  r: 'ラリルレロ',
  w: 'ワイウエヲ',
};

const CONSONANT: Readonly<Record<string, string>> = {
  c: 'k',
  q: 'k',
  x: 's',
  l: 'r',
  v: 'b',
  f: 'h',
  j: 'z',
};
const VOWELS = 'aiueo';

/** An English word in katakana, syllable by syllable ('house' → ホウセ, 'dog' → ドグ). */
function katakana(english: string): string {
  let out = '';
  const letters = english.toLowerCase().replace(/[^a-z]/g, '');
  for (let at = 0; at < letters.length; at += 1) {
    const letter = letters.charAt(at);
    const vowel = VOWELS.indexOf(letter === 'y' && at > 0 ? 'i' : letter);
    if (vowel >= 0) {
      out += KANA_ROWS['']?.charAt(vowel) ?? '';
      continue;
    }
    const consonant = CONSONANT[letter] ?? letter;
    const next = VOWELS.indexOf(letters.charAt(at + 1));
    if (next >= 0) {
      out += KANA_ROWS[consonant]?.charAt(next) ?? '';
      at += 1;
    } else if (consonant === 'n') out += 'ン';
    else out += KANA_ROWS[consonant]?.charAt(2) ?? '';
  }
  return out === '' ? 'ン' : out;
}

function japaneseWord(english: string): string {
  const lower = english.toLowerCase();
  const known = Object.hasOwn(JAPANESE_WORDS, lower) ? JAPANESE_WORDS[lower] : undefined;
  return known ?? katakana(lower);
}

const JAPANESE: CorpusWriting = {
  tag: 'ja',
  word: japaneseWord,
  base: japaneseWord,
  capitalise: (word) => word,
  marks: { stop: '。', question: '？', exclamation: '！', comma: '、' },
  title: (first, second, third) => `${first}と${second}と${third}`,
};

const ENGLISH: CorpusWriting = {
  tag: 'en-gb',
  word: (english) => english,
  base: (english) => english,
  capitalise: capitaliseLatin,
  marks: { stop: '.', question: '?', exclamation: '!', comma: ',' },
  title: (first, second, third) =>
    `${capitaliseLatin(first)}, ${capitaliseLatin(second)} and ${capitaliseLatin(third)}`,
};

/** How the corpus writes a language. */
export function corpusWriting(language: CorpusLanguage): CorpusWriting {
  return language === 'de' ? GERMAN : language === 'ja' ? JAPANESE : ENGLISH;
}
