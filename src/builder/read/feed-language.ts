/**
 * The show's language from its feed: the channel's `<language>` (RSS 2.0), a BCP 47 tag such as
 * `en-us` or `de`. Feeds write it loosely (`de_DE`, `DE`); anything that is not a language tag
 * ('English') is dropped with a warning, and the show reads as English unless trawl.config.json
 * sets `site.language` (docs/decisions/0022-search-in-every-language.md).
 */
import { normaliseLanguageTag } from '../../core/language.ts';
import type { WarningCollector } from '../warnings.ts';

/** The canonical tag of a channel's `<language>` text, or null when it has none or a bad one. */
export function feedLanguage(text: string, warnings: WarningCollector): string | null {
  if (text.trim() === '') return null;
  const tag = normaliseLanguageTag(text);
  if (tag === null) {
    warnings.add(
      'bad-language',
      () =>
        'the channel\'s <language> is not a language tag such as en or de-DE; the show reads as English (set "language" under "site" in trawl.config.json)',
      `"${text.trim().slice(0, 40)}"`,
    );
  }
  return tag;
}
