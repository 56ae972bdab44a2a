import { XMLParser } from 'fast-xml-parser';
import {
  canonicalEpisodeNumber,
  compareEpisodeNumbers,
  DEFAULT_TITLE_PATTERNS,
  episodeNumberFits,
  MAX_DECIMALS,
  MAX_WHOLE_DIGITS,
  titleNumberOf,
} from './episode-number.ts';
import {
  numberItems,
  reportNumbering,
  type DuplicateRule,
  type NumberCandidate,
  type Numbering,
} from './episode-numbering.ts';
import { InputError, InputProblems, lineLocator, type LineLocator } from '../errors.ts';
import { feedLanguage } from './feed-language.ts';
import { recoverBrokenItems } from './feed-recover.ts';
import { transcriptLinksOf, type FeedTranscript } from './feed-links.ts';
import { checkedFeedUrl } from './feed-urls.ts';
import { plural, type WarningCollector } from '../warnings.ts';
import {
  attribute,
  children,
  isNode,
  META,
  resolvePrefixes,
  textOf,
  type Namespace,
  type XmlNode,
} from './feed-nodes.ts';
import { assertWellFormedXml } from './xml.ts';

/** A `podcast:person` of the channel or an item. */
export interface FeedPerson {
  name: string;
  role: 'host' | 'guest';
  img: string | null;
  href: string | null;
}

/** A `podcast:location` that says where the show was made. */
export interface FeedLocation {
  name: string;
  /** ISO 3166-1 alpha-2 code from the `country` attribute, upper case. */
  country: string | null;
}

/** One numbered episode of the feed, before sanitising. */
export interface FeedEpisode {
  /** Canonical episode number ("14.5"). */
  episode: string;
  title: string;
  /** Publisher HTML (content:encoded, else description, else itunes:summary), not yet sanitised. */
  descriptionHtml: string;
  /** ISO 8601 UTC, or null when the feed has none or it does not parse. */
  pubDate: string | null;
  /** Seconds. */
  duration: number | null;
  /** The enclosure URL (http/https only; see feed-urls.ts). */
  audioUrl: string | null;
  /** The item's `itunes:image`, else the channel's (http/https only). */
  image: string | null;
  /** `itunes:episodeType` in lower case ('full', 'trailer', 'bonus'), or null. */
  episodeType: string | null;
  persons: FeedPerson[];
  location: FeedLocation | null;
  /** The `podcast:chapters` URL, as written (src/builder/read/chapters.ts reads it). */
  chaptersUrl: string | null;
  /** The `podcast:transcript` links, as written (src/builder/read/feed-links.ts). */
  transcripts: FeedTranscript[];
  /** The item's `<guid>`, or null. */
  guid: string | null;
  /** 1-based line of the `<item>` in the feed file. */
  line: number;
}

/** The parts of a feed the build uses. */
export interface ParsedFeed {
  title: string;
  /** The channel's `<language>` as a canonical BCP 47 tag, or null (none, or not a tag). */
  language: string | null;
  image: string | null;
  persons: FeedPerson[];
  location: FeedLocation | null;
  /** Ascending by episode number. */
  episodes: FeedEpisode[];
  /** How the items got their numbers (src/builder/read/episode-numbering.ts). */
  numbering: Numbering;
}

export interface ParseFeedOptions {
  /** Tried after podcast:episode and itunes:episode, before the built-in title patterns. */
  titlePattern?: RegExp;
  /**
   * What to do when two items carry the same number: 'renumber' (the default) keeps the number
   * on the older item and gives the newer one a number of its own; 'keep-newest' keeps only
   * the item with the later pubDate (re-uploads); 'error' rejects the feed.
   */
  duplicates?: DuplicateRule;
  /** Numbers earlier builds gave, by item key (episode-numbers.json). */
  knownNumbers?: ReadonlyMap<string, string>;
  /** Skip items that are not well-formed XML, with a warning each (`--recover`). */
  recover?: boolean;
  warnings: WarningCollector;
}

/** Most HTML tags one description may have: real show notes have a few hundred. */
export const MAX_DESCRIPTION_TAGS = 10_000;

function countTags(html: string): number {
  let count = 0;
  for (let index = html.indexOf('<'); index !== -1; index = html.indexOf('<', index + 1))
    count += 1;
  return count;
}

/** Parses duration text: seconds ("3723", "3723.5") or clock time ("1:02:03", "62:03"). */
export function parseDuration(text: string): number | null {
  const value = text.trim();
  if (/^\d+(?:\.\d+)?$/.test(value)) return Number(value);
  const clock = /^(?:(\d+):)?(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/.exec(value);
  if (!clock) return null;
  const [, hours = '0', minutes = '0', seconds = '0'] = clock;
  if (Number(seconds) >= 60 || (hours !== '0' && Number(minutes) >= 60)) return null;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

function parsePubDate(text: string): string | null {
  if (text === '') return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/**
 * Parses an RSS 2.0 podcast feed into numbered episodes. Rejects malformed XML (file, line and
 * column), and duplicate episode numbers (both titles) when told to; every other item gets a
 * number by the rule of src/builder/read/episode-numbering.ts.
 */
export function parseFeed(file: string, source: string, options: ParseFeedOptions): ParsedFeed {
  const { warnings } = options;
  const text = options.recover ? recoverBrokenItems(file, source, warnings) : source;
  if (!options.recover) assertWellFormedXml(file, text);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    trimValues: true,
    cdataPropName: '#cdata',
    captureMetaData: true,
    isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
  });
  let document: unknown;
  try {
    document = parser.parse(text);
  } catch (error) {
    // The parser's own limits (e.g. "Maximum nested tags exceeded") are input problems too.
    throw new InputError(
      { file },
      `cannot read the XML (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const rss = isNode(document) ? children(document, 'rss').find(isNode) : undefined;
  const channel = rss ? children(rss, 'channel').find(isNode) : undefined;
  if (!rss || !channel) {
    throw new InputError({ file }, 'not an RSS 2.0 feed: expected <rss><channel>…</channel></rss>');
  }
  const prefixes = resolvePrefixes([rss, channel]);
  const tagged = (node: XmlNode, namespace: Namespace, local: string): unknown[] =>
    prefixes[namespace].flatMap((prefix) => children(node, `${prefix}:${local}`));
  const firstText = (node: XmlNode, namespace: Namespace | null, local: string): string => {
    const values = namespace === null ? children(node, local) : tagged(node, namespace, local);
    for (const value of values) {
      const found = textOf(value);
      if (found !== '') return found;
    }
    return '';
  };
  // Every item names its line: the line starts are found once, when the first one asks.
  let locate: LineLocator | undefined;
  const lineOf = (node: XmlNode): number => {
    const meta = META === undefined ? undefined : node[META];
    const start = isNode(meta) && typeof meta.startIndex === 'number' ? meta.startIndex : 0;
    locate ??= lineLocator(text);
    return locate(start).line;
  };
  const personsOf = (node: XmlNode, where: string): FeedPerson[] => {
    const persons: FeedPerson[] = [];
    for (const element of tagged(node, 'podcast', 'person')) {
      const name = textOf(element).replace(/\s+/g, ' ');
      const role = (attribute(element, 'role') ?? 'host').toLowerCase();
      if (name === '') {
        warnings.add(
          'person-without-name',
          (n) => `${plural(n, 'podcast:person tag')} had no name; ignored`,
          where,
        );
        continue;
      }
      if (role !== 'host' && role !== 'guest') continue;
      persons.push({
        name,
        role,
        img: checkedFeedUrl(attribute(element, 'img'), `${where}: ${name}'s img`, warnings),
        href: attribute(element, 'href'),
      });
    }
    return persons;
  };
  const locationOf = (node: XmlNode): FeedLocation | null => {
    for (const element of tagged(node, 'podcast', 'location')) {
      // rel="subject" is a place the episode is about, not where it was made.
      if ((attribute(element, 'rel') ?? 'creator').toLowerCase() !== 'creator') continue;
      const name = textOf(element).replace(/\s+/g, ' ');
      if (name === '') continue;
      return { name, country: attribute(element, 'country')?.toUpperCase() ?? null };
    }
    return null;
  };

  const channelImage = checkedFeedUrl(
    tagged(channel, 'itunes', 'image')
      .map((value) => attribute(value, 'href'))
      .find((href) => href !== null) ??
      (children(channel, 'image')
        .filter(isNode)
        .map((image) => firstText(image, null, 'url'))
        .find((url) => url !== '') ||
        null),
    'the channel image',
    warnings,
  );
  const titlePatterns = options.titlePattern
    ? [options.titlePattern, ...DEFAULT_TITLE_PATTERNS]
    : DEFAULT_TITLE_PATTERNS;
  const items = children(channel, 'item').filter(isNode);
  const keys = new Set<string>();
  const titles: string[] = [];
  const candidates = new Map<number, NumberCandidate>();
  for (const [index, item] of items.entries()) {
    const title = firstText(item, null, 'title').replace(/\s+/g, ' ');
    titles.push(title);
    const tags = [
      ['podcast:episode', firstText(item, 'podcast', 'episode')],
      ['itunes:episode', firstText(item, 'itunes', 'episode')],
    ] as const;
    const fromTag = tags
      .map(([tag, value]) => ({ tag, number: canonicalEpisodeNumber(value) }))
      .find((found) => found.number !== undefined);
    const unreadable = tags.find(([, value]) => value !== '');
    const fromTitle = titleNumberOf(title, titlePatterns);
    const own = fromTag?.number ?? fromTitle?.number;
    if (own !== undefined && !episodeNumberFits(own)) {
      // A number no page can have (a timestamp in the tag, a typo); numbering the item some
      // other way would pin that number for ever, so it waits until the feed is fixed.
      warnings.add(
        'episode-number-too-long',
        (n) =>
          `${plural(n, 'feed item')} had an episode number over ${MAX_WHOLE_DIGITS} digits or ${MAX_DECIMALS} decimals; skipped until the feed gives ${n === 1 ? 'it' : 'them'} a shorter one`,
        `${file}, line ${lineOf(item)}: "${title.slice(0, 80)}" says ${own.length > 40 ? `${own.slice(0, 40)}…` : own}`,
      );
      continue;
    }
    const guid = firstText(item, null, 'guid');
    const enclosure = children(item, 'enclosure')
      .map((value) => attribute(value, 'url'))
      .find((url) => url !== null);
    // The key names the item in episode-numbers.json; a repeated one is made unique in order.
    const base = guid !== '' ? guid : enclosure ? `enclosure:${enclosure}` : `title:${title}`;
    let key = base;
    for (let copy = 2; keys.has(key); copy += 1) key = `${base}#${copy}`;
    keys.add(key);
    candidates.set(index, {
      index,
      key,
      title: title === '' ? '(untitled)' : title,
      line: lineOf(item),
      pubDate: parsePubDate(firstText(item, null, 'pubDate')),
      tagNumber:
        fromTag?.number === undefined ? undefined : { number: fromTag.number, tag: fromTag.tag },
      titleNumber: fromTitle?.number,
      titleWeak: fromTitle?.weak,
      badTag:
        fromTag === undefined && unreadable !== undefined
          ? { tag: unreadable[0], value: unreadable[1] }
          : undefined,
    });
  }
  const numbering = numberItems([...candidates.values()], {
    duplicates: options.duplicates ?? 'renumber',
    known: options.knownNumbers ?? new Map(),
  });
  if (numbering.conflicts.length > 0) {
    throw new InputProblems(
      numbering.conflicts.map(
        ({ first, second, number }) =>
          new InputError(
            { file, line: second.line, episode: number },
            `duplicate episode number: "${first.title}" (line ${first.line}) and "${second.title}" (line ${second.line}) are both episode ${number}; remove "duplicateEpisodes": "error" from trawl.config.json to give the newer one a number of its own, or set it to "keep-newest" if the feed re-uploads episodes`,
          ),
      ),
    );
  }
  reportNumbering(numbering, warnings);
  const episodes: FeedEpisode[] = [];
  for (const [index, item] of items.entries()) {
    const episode = numbering.numbers.get(index);
    const candidate = candidates.get(index);
    if (episode === undefined || candidate === undefined) continue;
    const { line } = candidate;
    const title = titles[index] ?? '';
    const durationText = firstText(item, 'itunes', 'duration');
    const duration = durationText === '' ? null : parseDuration(durationText);
    if (durationText !== '' && duration === null) {
      warnings.add(
        'bad-duration',
        (n) =>
          `${plural(n, 'itunes:duration')} could not be read (expected seconds or h:mm:ss); left empty`,
        `episode ${episode}: "${durationText}"`,
      );
    }
    const pubText = firstText(item, null, 'pubDate');
    const pubDate = parsePubDate(pubText);
    if (pubText !== '' && pubDate === null) {
      warnings.add(
        'bad-date',
        (n) => `${plural(n, 'pubDate')} could not be read; left empty`,
        `episode ${episode}: "${pubText}"`,
      );
    }
    const descriptionHtml =
      firstText(item, 'content', 'encoded') ||
      firstText(item, null, 'description') ||
      firstText(item, 'itunes', 'summary');
    if (countTags(descriptionHtml) > MAX_DESCRIPTION_TAGS) {
      throw new InputError(
        { file, line, episode },
        `the description has more than ${MAX_DESCRIPTION_TAGS.toLocaleString('en')} HTML tags (sanitising it would take minutes); shorten the show notes`,
      );
    }
    episodes.push({
      episode,
      title: title === '' ? `Episode ${episode}` : title,
      descriptionHtml,
      pubDate,
      duration,
      audioUrl: checkedFeedUrl(
        children(item, 'enclosure')
          .map((value) => attribute(value, 'url'))
          .find((url) => url !== null) ?? null,
        `episode ${episode}'s enclosure`,
        warnings,
      ),
      image:
        checkedFeedUrl(
          tagged(item, 'itunes', 'image')
            .map((value) => attribute(value, 'href'))
            .find((href) => href !== null) ?? null,
          `episode ${episode}'s itunes:image`,
          warnings,
        ) ?? channelImage,
      episodeType: firstText(item, 'itunes', 'episodeType').toLowerCase() || null,
      persons: personsOf(item, `episode ${episode}`),
      location: locationOf(item),
      chaptersUrl:
        tagged(item, 'podcast', 'chapters')
          .map((value) => attribute(value, 'url'))
          .find((url) => url !== null) ?? null,
      transcripts: transcriptLinksOf(tagged(item, 'podcast', 'transcript')),
      guid: firstText(item, null, 'guid') || null,
      line,
    });
  }
  episodes.sort((a, b) => compareEpisodeNumbers(a.episode, b.episode));
  return {
    title: firstText(channel, null, 'title').replace(/\s+/g, ' '),
    language: feedLanguage(firstText(channel, null, 'language'), warnings),
    image: channelImage,
    persons: personsOf(channel, 'channel'),
    location: locationOf(channel),
    episodes,
    numbering,
  };
}
