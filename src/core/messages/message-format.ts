/**
 * Interface texts as the site shows them: the English catalogue with the show's messages over
 * it, values put into `{name}` places, plural forms chosen by `Intl.PluralRules`, and the
 * config key that overrides single texts (docs/decisions/0026-interface-in-the-shows-language.md).
 */
import { z } from 'zod';
import { isMessageKey, MESSAGES_EN, type MessageKey } from './messages-en.ts';

/** The longest text a show may set for one message. */
const MAX_MESSAGE_LENGTH = 500;

const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;

/** The `{name}` places of a text. */
export function placeholdersOf(text: string): Set<string> {
  return new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''));
}

/**
 * Messages by key, as trawl.config.json's `site.messages` overrides them and config.json
 * carries them: only known keys, plain text, and no `{name}` place the English text lacks (it
 * would show as written).
 */
export const messagesSchema = z
  .record(z.string(), z.string().max(MAX_MESSAGE_LENGTH))
  .superRefine((messages, context) => {
    for (const [key, text] of Object.entries(messages)) {
      if (!isMessageKey(key)) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `"${key}" is not an interface text (see docs/podcast-inputs.md for the keys)`,
        });
        continue;
      }
      const known = placeholdersOf(MESSAGES_EN[key]);
      for (const name of placeholdersOf(text)) {
        if (!known.has(name))
          context.addIssue({
            code: 'custom',
            path: [key],
            message: `{${name}} is not a value this text has (it has ${[...known].map((place) => `{${place}}`).join(', ') || 'none'})`,
          });
      }
    }
  });

/** Messages by key: some or all of the catalogue. */
export type MessageOverrides = Readonly<Partial<Record<MessageKey, string>>>;

/** Plural keys: the base of keys that end in `.one` and `.other`. */
type PluralBase<K extends string> = K extends `${infer Base}.other` ? Base : never;

/** A text with plural forms ('list.episodes'). */
export type PluralKey = PluralBase<MessageKey>;

/** Values put into a text's `{name}` places. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** The interface texts of one show, in its locale. */
export interface Texts {
  /** The show's language tag: dates, numbers and plural forms follow it. */
  locale: string;
  /** One text with its values put in. */
  text(key: MessageKey, values?: MessageValues): string;
  /**
   * A text cut at its `{place}`, for a value that is markup (a link): the text before and
   * after it, other values put in. Null when the text (an override) has no such place.
   */
  around(key: MessageKey, place: string, values?: MessageValues): readonly [string, string] | null;
  /** A count with its noun in the right plural form ('3 episodes'), the count in the locale's digits. */
  count(key: PluralKey, count: number): string;
}

/** Puts values into a text's `{name}` places; a place with no value stays as written. */
export function fillMessage(template: string, values: MessageValues = {}): string {
  return template.replace(PLACEHOLDER, (place, name: string) => {
    const value = values[name];
    return value === undefined ? place : String(value);
  });
}

function safeLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/** The texts of a show: `messages` over the English catalogue, in `locale`. */
export function createTexts(locale: string, messages: MessageOverrides = {}): Texts {
  const tag = safeLocale(locale);
  const plurals = new Intl.PluralRules(tag);
  const numbers = new Intl.NumberFormat(tag);
  const lookup = (key: MessageKey): string => messages[key] ?? MESSAGES_EN[key];
  return {
    locale: tag,
    text: (key, values) => fillMessage(lookup(key), values),
    around: (key, place, values) => {
      const filled = fillMessage(lookup(key), { ...values, [place]: `{${place}}` });
      const at = filled.indexOf(`{${place}}`);
      return at < 0 ? null : [filled.slice(0, at), filled.slice(at + place.length + 2)];
    },
    count: (key, count) => {
      const form = plurals.select(count) === 'one' ? `${key}.one` : `${key}.other`;
      const template = isMessageKey(form) ? lookup(form) : lookup(`${key}.other`);
      return fillMessage(template, { count: numbers.format(count) });
    },
  };
}
