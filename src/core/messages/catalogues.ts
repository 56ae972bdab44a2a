/**
 * The builder's side of the interface texts: which catalogue a show's language chooses, and
 * what config.json carries for it. The site imports none of these catalogues (they would all
 * ride in its bundle); it reads the chosen one from config.json.
 */
import { searchLanguageOf } from '../language.ts';
import type { MessageOverrides } from './message-format.ts';
import { MESSAGES_AR } from './messages-ar.ts';
import { MESSAGES_DE } from './messages-de.ts';
import { isExtraPluralKey, type Catalogue } from './messages-en.ts';
import { MESSAGES_ES } from './messages-es.ts';
import { MESSAGES_FR } from './messages-fr.ts';
import { MESSAGES_HE } from './messages-he.ts';
import { MESSAGES_JA } from './messages-ja.ts';
import { MESSAGES_PT } from './messages-pt.ts';

/** Catalogues besides English, by primary language subtag. */
const CATALOGUES: ReadonlyMap<string, Catalogue> = new Map([
  ['ar', MESSAGES_AR],
  ['de', MESSAGES_DE],
  ['es', MESSAGES_ES],
  ['fr', MESSAGES_FR],
  ['he', MESSAGES_HE],
  ['ja', MESSAGES_JA],
  ['pt', MESSAGES_PT],
]);

/** The primary subtags that have a catalogue of their own (English aside). */
export const TRANSLATED_LANGUAGES = [...CATALOGUES.keys()];

/**
 * The messages config.json carries for a show: its language's catalogue (none for English or
 * a language without one: the site's English applies) with the show's own texts over it.
 */
export function showMessages(language: string, overrides: MessageOverrides = {}): MessageOverrides {
  const catalogue: MessageOverrides = CATALOGUES.get(searchLanguageOf(language)) ?? {};
  // A show that rewrites a count ('list.episodes.other') would see the catalogue's 'few' form
  // win for 3 to 10: its own texts replace all of the catalogue's forms of that count.
  const rewritten = new Set(Object.keys(overrides).map(pluralBaseOf));
  const kept = Object.entries(catalogue).filter(
    ([key]) => !isExtraPluralKey(key) || !rewritten.has(pluralBaseOf(key)),
  );
  return { ...Object.fromEntries(kept), ...overrides };
}

/** The key without its plural category ('list.episodes' for 'list.episodes.two'). */
function pluralBaseOf(key: string): string {
  return key.replace(/\.(?:zero|one|two|few|many|other)$/, '');
}
