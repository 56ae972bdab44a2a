import { InputError, isInputError } from '../errors.ts';
import { WarningCollector } from '../warnings.ts';
import { parseFeed, type ParsedFeed, type ParseFeedOptions } from './feed.ts';
import { readFeedText, type FeedSource, type FeedText } from './feed-source.ts';
import type { DownloadCache } from './remote/download-cache.ts';

/**
 * The feed of a build, read and parsed. A downloaded feed that does not parse, or that has lost
 * every item, never replaces the last good copy: the build uses that copy and says so, so a
 * host's hiccup never publishes a site emptier than the last one.
 */

export interface ReadFeed {
  feed: ParsedFeed;
  source: FeedSource;
  /** What messages call the feed: its path, or its URL. */
  name: string;
  /** The text parsed (the last good copy, when the download was refused). */
  text: string;
  how: FeedText['how'];
  /** Why the build did not use a fresh download, when it did not. */
  failure?: string;
  /** When the cached copy used was last confirmed by its host. */
  checked?: string;
  allowPrivateLinks: boolean;
}

export interface ReadFeedOptions {
  offline: boolean;
  timeoutMs: number;
  parse: Omit<ParseFeedOptions, 'warnings'>;
  warnings: WarningCollector;
}

const NO_ITEMS = 'the feed has no items (<item> elements): there is nothing to build';

/** Parses a text into a feed with at least one episode, or throws an InputError. */
function parseWithItems(name: string, text: string, options: ReadFeedOptions): ParsedFeed {
  const feed = parseFeed(name, text, { ...options.parse, warnings: options.warnings });
  if (feed.episodes.length === 0) throw new InputError({ file: name }, NO_ITEMS);
  return feed;
}

/** Reads and parses the feed from its file or URL (see above). */
export async function readFeed(
  source: FeedSource,
  cache: DownloadCache,
  options: ReadFeedOptions,
): Promise<ReadFeed> {
  const read = await readFeedText(source, cache, {
    offline: options.offline,
    timeoutMs: options.timeoutMs,
    maxRedirects: 5,
  });
  const base = { source, name: read.name, allowPrivateLinks: read.allowPrivateLinks };
  const lastGood = read.lastGood;
  if (read.how !== 'downloaded' || lastGood === undefined) {
    const feed = parseWithItems(read.name, read.text, options);
    await read.commit?.();
    return {
      ...base,
      feed,
      text: read.text,
      how: read.how,
      ...(read.failure === undefined ? {} : { failure: read.failure }),
      ...(read.checked === undefined ? {} : { checked: read.checked }),
    };
  }
  // A fresh download beside a last good copy: its warnings count only if it is the one used.
  const scratch = new WarningCollector();
  try {
    const feed = parseWithItems(read.name, read.text, { ...options, warnings: scratch });
    options.warnings.absorb(scratch);
    await read.commit?.();
    return { ...base, feed, text: read.text, how: 'downloaded' };
  } catch (error) {
    if (!isInputError(error)) throw error;
    const failure = error.message.split('\n')[0] ?? '';
    return {
      ...base,
      feed: parseWithItems(read.name, lastGood.text, options),
      text: lastGood.text,
      how: 'last-good',
      failure: `the new copy is not a usable feed (${failure})`,
      checked: lastGood.checked,
    };
  }
}
