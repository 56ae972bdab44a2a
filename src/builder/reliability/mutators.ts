import type { Prng } from '../../core/prng.ts';

/**
 * Seeded mutations for the importers' fuzz tests: each takes a file's text and a generator and
 * returns a broken or hostile variant; the same seed gives the same variant.
 */

/** Texts that have broken parsers and pages elsewhere. */
export const HOSTILE_TEXT = [
  '',
  '-1',
  'NaN',
  'Infinity',
  '1e309',
  '99999999999999999999999999999999',
  '14.5.5',
  '../../etc/passwd',
  '<script>window.__pwned=true</script>',
  '\u0000\u0001\u001f',
  '\u202e\u0644\u0627',
  '🦑🦑🦑',
  '"\'\\',
  ']]>',
  '&amp;&#0;',
];

const HOSTILE_JSON: unknown[] = [
  null,
  -1,
  1e308,
  -1e308,
  0.000001,
  '',
  'NaN',
  true,
  [],
  {},
  '9'.repeat(400),
  '../../x',
  '<img src=x onerror=alert(1)>',
];

/** Cuts the text at a random point (never at the very end). */
function truncate(text: string, prng: Prng): string {
  return text.slice(0, prng.int(0, Math.max(0, text.trimEnd().length - 1)));
}

/** Overwrites a few random characters with markup and control characters. */
function flipCharacters(text: string, prng: Prng): string {
  const chars = [...text];
  const pool = ['<', '>', '&', '"', "'", '/', '\\', '\u0000', '\n', ']', '{', '}', ',', ':'];
  for (let count = prng.int(1, 8); count > 0; count -= 1) {
    chars[prng.int(0, chars.length - 1)] = prng.pick(pool);
  }
  return chars.join('');
}

/** Replaces the text of a random XML element with a hostile value. */
function replaceXmlText(text: string, prng: Prng): string {
  const texts = [...text.matchAll(/>([^<>]+)</g)];
  if (texts.length === 0) return text;
  const target = prng.pick(texts);
  const value = prng.pick(HOSTILE_TEXT).replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  const at = (target.index ?? 0) + 1;
  return text.slice(0, at) + value + text.slice(at + (target[1]?.length ?? 0));
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isJsonObject(value: unknown): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every [container, key] pair of a JSON document's leaves and nodes. */
function jsonSlots(value: Json, slots: [Json[] | { [key: string]: Json }, string | number][] = []) {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      slots.push([value, index]);
      jsonSlots(item, slots);
    });
  } else if (isJsonObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      slots.push([value, key]);
      jsonSlots(item, slots);
    }
  }
  return slots;
}

/** Sets a few random values of a JSON document to wrong types, huge numbers or markup. */
function mutateJsonValues(text: string, prng: Prng): string {
  const document = JSON.parse(text) as Json;
  const slots = jsonSlots(document);
  if (slots.length === 0) return text;
  for (let count = prng.int(1, 4); count > 0; count -= 1) {
    const [container, key] = prng.pick(slots);
    const value = prng.pick(HOSTILE_JSON) as Json;
    if (Array.isArray(container) && typeof key === 'number') container[key] = value;
    else if (!Array.isArray(container) && typeof key === 'string') container[key] = value;
  }
  return JSON.stringify(document);
}

/** Reverses the start and end times of a random timed word (and sends one time backwards). */
function reverseTimes(text: string, prng: Prng): string {
  const document = JSON.parse(text) as Json;
  const timed = jsonSlots(document)
    .map(([container, key]) =>
      Array.isArray(container) ? container[key as number] : container[key as string],
    )
    .filter(
      (item): item is { [key: string]: Json } =>
        isJsonObject(item) && typeof item.start === 'number',
    );
  if (timed.length === 0) return text;
  const word = prng.pick(timed);
  const { start, end } = word;
  word.start = typeof end === 'number' ? end + 10 : 10;
  word.end = start ?? 0;
  return JSON.stringify(document);
}

/** One way to break a file, with its name for the test report. */
export interface Mutator {
  name: string;
  apply: (text: string, prng: Prng) => string;
  json?: boolean;
}

export const TEXT_MUTATORS: Mutator[] = [
  { name: 'truncated', apply: truncate },
  { name: 'characters flipped', apply: flipCharacters },
];
export const XML_MUTATORS: Mutator[] = [
  ...TEXT_MUTATORS,
  { name: 'element text replaced', apply: replaceXmlText },
];
export const JSON_MUTATORS: Mutator[] = [
  ...TEXT_MUTATORS,
  { name: 'values of wrong types', apply: mutateJsonValues, json: true },
];
export const TRANSCRIPT_MUTATORS: Mutator[] = [
  ...JSON_MUTATORS,
  { name: 'times reversed', apply: reverseTimes, json: true },
];
