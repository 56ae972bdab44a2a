import { readFile, stat } from 'node:fs/promises';
import { InputError } from '../errors.ts';
import { download, type DownloadSettings } from './remote/cached-download.ts';
import type { DownloadCache } from './remote/download-cache.ts';
import { hasUrlScheme, isPrivateAddress, namesPrivateHost, shownUrl } from './remote/remote-url.ts';

/**
 * Where the feed comes from (a file, or a URL downloaded through the cache) and its text, with
 * the last good copy beside a fresh download: the caller parses the new text and falls back on
 * the old one, saying so, when the new one does not parse or has lost every item.
 */

export type FeedSource = { kind: 'file'; path: string } | { kind: 'url'; url: string };

/** Largest feed downloaded: big real feeds with full show notes are a few megabytes. */
export const MAX_FEED_BYTES = 64 * 1024 * 1024;

/** A feed's text as this build reads it. */
export interface FeedText {
  text: string;
  /** What messages call the feed: its path, or its URL. */
  name: string;
  /**
   * 'file'; 'downloaded' (new bytes), 'unchanged' (the host said the copy is current),
   * 'offline' (the cached copy, asked of no host), 'last-good' (the download failed).
   */
  how: 'file' | 'downloaded' | 'unchanged' | 'offline' | 'last-good';
  /** Why the download failed, with 'last-good'. */
  failure?: string;
  /** When the copy used was last confirmed by its host (ISO 8601), for cached copies. */
  checked?: string;
  /** With 'downloaded': makes this text the last good copy (call once it parses). */
  commit?: () => Promise<void>;
  /** With 'downloaded': the last good copy, to fall back on. */
  lastGood?: { text: string; checked: string };
  /**
   * True when the feed's links may lead to this machine or a private network: the feed is a
   * file, or it came from such an address itself (a local test origin, an intranet host).
   */
  allowPrivateLinks: boolean;
}

const MIB = 1024 * 1024;

/**
 * A feed file's bytes, refused with its size and the limit when it is larger than a downloaded
 * feed may be (a 560 MB file otherwise failed with 'Invalid string length').
 */
export async function readFeedFile(path: string): Promise<Buffer> {
  const failed = (error: unknown): never => {
    throw new InputError(
      { file: path },
      `cannot read (${error instanceof Error ? error.message : String(error)})`,
    );
  };
  const info = await stat(path).catch(failed);
  if (info.isFile() && info.size > MAX_FEED_BYTES) {
    throw new InputError(
      { file: path },
      `the feed is too large: ${(info.size / MIB).toFixed(1)} MiB (limit ${MAX_FEED_BYTES / MIB} MiB)`,
    );
  }
  return readFile(path).catch(failed);
}

/** A `--feed` value or `feedUrl`: a URL when it has a scheme (only http(s) then), else a path. */
export function feedSourceOf(raw: string, absolutePath: (path: string) => string): FeedSource {
  if (!hasUrlScheme(raw)) return { kind: 'file', path: absolutePath(raw) };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InputError({ file: raw }, 'is not a valid URL (give an https:// URL or a file)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InputError(
      { file: shownUrl(url) },
      `only http:// and https:// feed URLs are downloaded, not ${url.protocol} (give a file path for a file)`,
    );
  }
  return { kind: 'url', url: url.href };
}

/** Reads the feed: a file from disk, a URL through the cache (never throws for a hiccup). */
export async function readFeedText(
  source: FeedSource,
  cache: DownloadCache,
  settings: Omit<DownloadSettings, 'maxBytes' | 'allowPrivate'>,
): Promise<FeedText> {
  if (source.kind === 'file') {
    const text = (await readFeedFile(source.path)).toString('utf8');
    return { text, name: source.path, how: 'file', allowPrivateLinks: true };
  }
  const name = shownUrl(source.url);
  const result = await download(cache, source.url, 'xml', {
    ...settings,
    maxBytes: MAX_FEED_BYTES,
    // The feed's URL is the podcaster's own choice; only its links are held to public hosts.
    allowPrivate: true,
  });
  const fromPrivate = (address: string | undefined): boolean =>
    namesPrivateHost(new URL(source.url)) || (address !== undefined && isPrivateAddress(address));
  if (result.kind === 'failed') {
    if (result.lastGood === undefined) {
      throw new InputError(
        { file: name },
        settings.offline
          ? 'no copy in the cache to build from offline: run one build without --offline first'
          : `cannot download the feed (${result.reason})`,
      );
    }
    return {
      text: result.lastGood.body.toString('utf8'),
      name,
      how: 'last-good',
      failure: result.reason,
      checked: result.lastGood.entry.checked,
      allowPrivateLinks: fromPrivate(undefined),
    };
  }
  if (result.kind === 'current') {
    return {
      text: result.copy.body.toString('utf8'),
      name,
      how: result.how === 'offline' ? 'offline' : 'unchanged',
      checked: result.copy.entry.checked,
      allowPrivateLinks: fromPrivate(result.remoteAddress),
    };
  }
  return {
    text: result.body.toString('utf8'),
    name,
    how: 'downloaded',
    commit: async () => {
      await result.commit();
    },
    ...(result.lastGood === undefined
      ? {}
      : {
          lastGood: {
            text: result.lastGood.body.toString('utf8'),
            checked: result.lastGood.entry.checked,
          },
        }),
    allowPrivateLinks: fromPrivate(result.remoteAddress),
  };
}
