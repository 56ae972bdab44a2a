/**
 * Interface texts as the site shows them: the English catalogue with the show's messages over
 * it, values put into `{name}` places, plural forms chosen by `Intl.PluralRules`, and the
 * config key that overrides single texts (docs/decisions/0026-interface-in-the-shows-language.md).
 */
import { z } from 'zod/mini';
import {
  isMessageKey,
  MESSAGES_EN,
  otherFormOf,
  type ExtraPluralKey,
  type MessageKey,
  type PluralKey,
} from './messages-en.ts';

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
  .record(z.string(), z.string().check(z.maxLength(MAX_MESSAGE_LENGTH)))
  .check(
    z.superRefine((messages, context) => {
      for (const [key, text] of Object.entries(messages)) {
        // An extra plural form has the values of the `.other` text it stands beside.
        const english = isMessageKey(key) ? key : otherFormOf(key);
        if (english === null) {
          context.addIssue({
            code: 'custom',
            path: [key],
            message: `"${key}" is not an interface text (see docs/podcast-inputs.md for the keys)`,
          });
          continue;
        }
        const known = placeholdersOf(MESSAGES_EN[english]);
        for (const name of placeholdersOf(text)) {
          if (!known.has(name))
            context.addIssue({
              code: 'custom',
              path: [key],
              message: `{${name}} is not a value this text has (it has ${[...known].map((place) => `{${place}}`).join(', ') || 'none'})`,
            });
        }
      }
    }),
  );

/** Messages by key: some or all of the catalogue, with any extra plural forms. */
export type MessageOverrides = Readonly<Partial<Record<MessageKey | ExtraPluralKey, string>>>;

/** A piece of a text: words of the text itself, or the value put into one of its places. */
export type MessageSegment =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'value'; readonly name: string; readonly text: string };

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
  /**
   * A text in pieces, each value apart from the words around it, so that markup can isolate a
   * value of the other writing direction (`<bdi>`). A place with no value stays in the words.
   */
  segments(key: MessageKey, values?: MessageValues): readonly MessageSegment[];
}

/** A text's pieces: its words and its values, in order (see `Texts.segments`). */
export function segmentMessage(template: string, values: MessageValues = {}): MessageSegment[] {
  const segments: MessageSegment[] = [];
  const words = (text: string): void => {
    if (text === '') return;
    const last = segments.at(-1);
    if (last?.kind === 'text')
      segments[segments.length - 1] = { kind: 'text', text: last.text + text };
    else segments.push({ kind: 'text', text });
  };
  let from = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    const value = values[name];
    words(template.slice(from, match.index));
    if (value === undefined) words(match[0]);
    else segments.push({ kind: 'value', name, text: String(value) });
    from = match.index + match[0].length;
  }
  words(template.slice(from));
  return segments;
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
  // Made at the first count, not here: the first `Intl.NumberFormat` of a page loads the
  // locale's number data (about 18 ms of the app's start on a quiet machine, decision 0077),
  // and modules make their English texts as they load.
  let plurals: Intl.PluralRules | undefined;
  let numbers: Intl.NumberFormat | undefined;
  const lookup = (key: MessageKey): string => messages[key] ?? MESSAGES_EN[key];
  // A category the show names no text for ('few' where only one/other are written) takes `.other`.
  const pluralForm = (key: PluralKey, count: number): string => {
    plurals ??= new Intl.PluralRules(tag);
    const category = plurals.select(count);
    if (category === 'one') return lookup(`${key}.one`);
    if (category === 'other') return lookup(`${key}.other`);
    return messages[`${key}.${category}`] ?? lookup(`${key}.other`);
  };
  return {
    locale: tag,
    text: (key, values) => fillMessage(lookup(key), values),
    around: (key, place, values) => {
      const filled = fillMessage(lookup(key), { ...values, [place]: `{${place}}` });
      const at = filled.indexOf(`{${place}}`);
      return at < 0 ? null : [filled.slice(0, at), filled.slice(at + place.length + 2)];
    },
    count: (key, count) => {
      numbers ??= new Intl.NumberFormat(tag);
      return fillMessage(pluralForm(key, count), { count: numbers.format(count) });
    },
    segments: (key, values) => segmentMessage(lookup(key), values),
  };
}
