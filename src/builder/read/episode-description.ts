import type { FeedEpisode } from './feed.ts';
import { displayPath, InputError } from '../errors.ts';
import { MAX_DESCRIPTION_DEPTH, type HtmlSanitizer, type SanitizedHtml } from './sanitize-html.ts';
import { plural, type WarningCollector } from '../warnings.ts';

/**
 * An episode's description made safe for the page. Markup nested past `MAX_DESCRIPTION_DEPTH`
 * is kept as text with a warning naming the feed's line and the episode; should the sanitiser
 * still fail, that is an input error naming them too, never a stack trace.
 */
export function episodeDescription(
  sanitizer: HtmlSanitizer,
  feedFile: string,
  episode: Pick<FeedEpisode, 'episode' | 'line' | 'descriptionHtml'>,
  warnings: WarningCollector,
): SanitizedHtml {
  let description: SanitizedHtml;
  try {
    description = sanitizer.sanitize(episode.descriptionHtml);
  } catch (error) {
    throw new InputError(
      { file: feedFile, line: episode.line, episode: episode.episode },
      `the description's HTML could not be sanitised (${error instanceof Error ? error.message : String(error)}); simplify the show notes`,
    );
  }
  if (description.flattenedDepth !== undefined) {
    warnings.add(
      'description-too-deep',
      (n) =>
        `${plural(n, 'description')} nested HTML more than ${MAX_DESCRIPTION_DEPTH} levels deep; kept as plain text`,
      `${displayPath(feedFile)}:${episode.line} (episode ${episode.episode}): ${description.flattenedDepth} levels`,
    );
  }
  return description;
}
