import { attribute } from './feed-nodes.ts';

/**
 * A feed item's `podcast:transcript` links, and which of them the build uses: one with timings
 * (Podcasting 2.0 JSON, which can time every word, before WebVTT, before SRT), in the show's
 * language. HTML and plain-text transcripts have no timings: they are noted, never read.
 */

/** One `podcast:transcript` tag of an item. */
export interface FeedTranscript {
  /** As written; resolved against the feed's URL or folder when downloaded. */
  url: string;
  /** The media type in lower case, without parameters ("application/x-subrip"). */
  type: string;
  /** The `language` attribute ("en", "EN", "de-AT"), or null. */
  language: string | null;
}

/** Reads an item's `podcast:transcript` elements; ones without a URL are left out. */
export function transcriptLinksOf(elements: unknown[]): FeedTranscript[] {
  return elements.flatMap((element) => {
    const url = attribute(element, 'url');
    if (url === null) return [];
    const type = (attribute(element, 'type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    return [{ url, type, language: attribute(element, 'language') }];
  });
}

/** The transcript formats with timings, finest first, and the file extension each is read as. */
const TIMED_TYPES: Record<string, { rank: number; extension: 'json' | 'vtt' | 'srt' }> = {
  'application/json': { rank: 0, extension: 'json' },
  'text/vtt': { rank: 1, extension: 'vtt' },
  'application/x-subrip': { rank: 2, extension: 'srt' },
  'application/srt': { rank: 2, extension: 'srt' },
  'text/srt': { rank: 2, extension: 'srt' },
  'application/x-srt': { rank: 2, extension: 'srt' },
};

const UNTIMED_TYPES = new Set(['text/html', 'text/plain']);

/** The extension a timed transcript type is read as, or undefined for other types. */
export function timedExtension(type: string): 'json' | 'vtt' | 'srt' | undefined {
  return TIMED_TYPES[type]?.extension;
}

/** A language tag's primary subtag in lower case: "en-US" → "en". */
function primaryLanguage(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

export interface TranscriptChoice {
  /** Timed transcripts to try, best first: the show's language, then any other. */
  candidates: FeedTranscript[];
  /** True when no timed transcript is in the show's language, so another language's is tried. */
  otherLanguage: boolean;
  /** HTML and plain-text transcripts: no timings. */
  untimed: FeedTranscript[];
  /** Types Trawl does not know. */
  unknown: FeedTranscript[];
}

/**
 * Orders an item's transcript links for the build: timed ones in `showLanguage` (a link with
 * no language counts as the show's), finest timing first; other languages only when the show's
 * has none (a channel's `<language>` is sometimes wrong, and a transcript is better than none).
 */
export function chooseTranscripts(
  links: FeedTranscript[],
  showLanguage: string | null,
): TranscriptChoice {
  const timed = links
    .filter((link) => TIMED_TYPES[link.type] !== undefined)
    .map((link, order) => ({ link, order, rank: TIMED_TYPES[link.type]?.rank ?? 9 }))
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map(({ link }) => link);
  const show = showLanguage === null ? null : primaryLanguage(showLanguage);
  const inShowLanguage = timed.filter(
    (link) => show === null || link.language === null || primaryLanguage(link.language) === show,
  );
  return {
    candidates: inShowLanguage.length > 0 ? inShowLanguage : timed,
    otherLanguage: inShowLanguage.length === 0 && timed.length > 0,
    untimed: links.filter((link) => UNTIMED_TYPES.has(link.type)),
    unknown: links.filter(
      (link) => TIMED_TYPES[link.type] === undefined && !UNTIMED_TYPES.has(link.type),
    ),
  };
}
