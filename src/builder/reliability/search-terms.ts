/**
 * Random and adversarial search terms, from a seed: FTS5 syntax, SQL fragments, control
 * characters, emoji, right-to-left text, lone surrogates and 10,000-character strings. The Node
 * fuzz test and the browser fuzz test draw from the same generator, so a failure names a seed
 * and an index that reproduce it.
 */
import { createPrng, type Prng } from '../../core/prng.ts';

/** Terms every run tries first: each one has broken a search engine somewhere. */
export const ADVERSARIAL_TERMS: readonly string[] = [
  '"',
  '""',
  '"""',
  '"ice',
  'ice"',
  'ice "cream',
  "'",
  "ice'cream",
  '(',
  ')',
  '((ice)',
  'ice)',
  '()',
  'ice OR',
  'OR ice',
  'AND',
  'NOT',
  'ice NOT cream',
  'NEAR',
  'NEAR(ice cream)',
  'NEAR(ice cream, 2)',
  'ice NEAR/2 cream',
  '*',
  '***',
  'ice*',
  '*ice',
  '^ice',
  '^',
  'ice^2',
  ':',
  'title:ice',
  'words:',
  '{title words}: ice',
  '{',
  '}',
  '-ice',
  '+ice',
  'ice + cream',
  'col:val:val',
  'rowid:1',
  'episode:1',
  "'; DROP TABLE episodes; --",
  '" OR 1=1 --',
  "' OR '1'='1",
  'ice"); DELETE FROM episodes; --',
  'x UNION SELECT * FROM meta',
  '%',
  '_',
  '%%%',
  '\\',
  '\\"',
  '\u0000',
  '\u0000\u0000\u0000',
  'ice\u0000cream',
  '\u0001\u0002\u0003\u0004',
  '\u001b[31mred',
  '\t\n\r',
  '   ice   ',
  '\u00a0\u00a0\u00a0',
  '\u200b\u200b\u200b',
  '\ufeffice',
  '\ud83e\udd91\ud83e\udd91\ud83e\udd91',
  '🦑 octopus',
  '👩‍👩‍👧‍👦👩‍👩‍👧‍👦',
  '🇬🇧🇺🇸',
  'مرحبا بالعالم',
  'שלום עולם',
  '\u202eesrever',
  '\u202b\u0645\u0631\u062d\u0628\u0627\u202c',
  '中文搜索',
  '日本語のテキスト',
  'café',
  'cafe\u0301',
  'ÅÄÖ',
  'ǅǆ',
  'ﬁ ligature',
  'ß straße',
  '\ud800',
  '\udfff\ud800',
  'ice\ud800cream',
  '0',
  '000',
  '14.5',
  '-1',
  '1e309',
  'NaN',
  'undefined',
  'null',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '&amp;&lt;',
  '${1+1}',
  '{{7*7}}',
  '../../etc/passwd',
  'ice '.repeat(2500),
  'a'.repeat(10_000),
  '"'.repeat(10_000),
  '('.repeat(10_000),
  '*'.repeat(10_000),
  '🦑'.repeat(5_000),
  'the of and to a in '.repeat(20),
];

const POOLS: readonly string[][] = [
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'],
  [...'"\'()*^:{}+-,.;!?[]<>=&|\\/%_~`@#$'],
  [' ', ' ', '\t', '\n', '\u00a0', '\u3000'],
  ['AND', 'OR', 'NOT', 'NEAR', 'NEAR/3', 'title:', 'words:', 'episode:', 'description:'],
  ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\u2028', '\u200d', '\ufeff'],
  ['🦑', '🎙️', '👍🏽', '❤️', '🇳🇴', '∑', '∞', '€'],
  [...'مرحباשלוםабвгдеñéüçøå中文字日本한국어'],
  ['\u0301', '\u0308', '\u202e', '\u202d', '\u2066', '\ud800', '\udc00'],
  ['ice', 'cream', 'octopus', 'elephant', 'banana', 'the', 'fact', 'honey', 'clouds', 'robot'],
  ['SELECT', 'DROP TABLE', '--', '/*', '*/', 'UNION', "'", ';'],
];

function randomTerm(prng: Prng): string {
  const roll = prng.next();
  if (roll < 0.02) {
    // Very long: up to 10,000 characters.
    const unit = prng.pick(prng.pick(POOLS));
    return unit.repeat(Math.ceil(prng.int(1_000, 10_000) / unit.length)).slice(0, 10_000);
  }
  const length = roll < 0.6 ? prng.int(1, 12) : prng.int(1, 60);
  const parts: string[] = [];
  for (let index = 0; index < length; index += 1) parts.push(prng.pick(prng.pick(POOLS)));
  return parts.join(prng.chance(0.5) ? '' : ' ');
}

/** `count` terms: the adversarial list first, then random ones from `seed`. */
export function searchTerms(count: number, seed: number): string[] {
  const prng = createPrng(seed);
  const terms = ADVERSARIAL_TERMS.slice(0, count);
  while (terms.length < count) terms.push(randomTerm(prng));
  return terms;
}

/** A short, printable description of a term for test messages. */
export function describeTerm(term: string): string {
  const shown = JSON.stringify(term.length > 60 ? `${term.slice(0, 60)}…` : term);
  return term.length > 60 ? `${shown} (${term.length} chars)` : shown;
}
