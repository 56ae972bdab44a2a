import type { CachedExtension, CacheEntry, DownloadCache } from './download-cache.ts';
import { contentName } from './download-cache.ts';
import { DownloadError, httpGet } from './http-get.ts';

/**
 * A download through the cache: a conditional GET when the cache holds a copy, the cached copy
 * when the host says it is current (or, offline, without asking), and on failure the reason
 * with the last good copy beside it, for the caller to fall back on and say so.
 */

export interface DownloadSettings {
  /** Ask no host: use the cached copy or fail. */
  offline: boolean;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  allowPrivate: boolean;
}

/** A cached copy and its bytes. */
export interface GoodCopy {
  entry: CacheEntry;
  body: Buffer;
}

export type Download =
  /** New bytes from the host; `commit` makes them the last good copy once they check out. */
  | {
      kind: 'new';
      body: Buffer;
      commit: () => Promise<CacheEntry>;
      lastGood: GoodCopy | undefined;
      remoteAddress: string | undefined;
    }
  /** The cached copy is current: the host said so (304, or the same bytes), or offline. */
  | {
      kind: 'current';
      copy: GoodCopy;
      how: 'not-modified' | 'same-bytes' | 'offline';
      remoteAddress: string | undefined;
    }
  | { kind: 'failed'; reason: string; lastGood: GoodCopy | undefined };

async function goodCopy(cache: DownloadCache, url: string): Promise<GoodCopy | undefined> {
  const entry = cache.entry(url);
  if (entry === undefined) return undefined;
  const body = await cache.read(entry);
  return body === undefined ? undefined : { entry, body };
}

/** Downloads `url` through `cache` under `settings`; never throws for a network failure. */
export async function download(
  cache: DownloadCache,
  url: string,
  extension: CachedExtension,
  settings: DownloadSettings,
): Promise<Download> {
  const lastGood = await goodCopy(cache, url);
  if (settings.offline) {
    return lastGood === undefined
      ? { kind: 'failed', reason: 'not in the cache, and --offline asks no host', lastGood }
      : { kind: 'current', copy: lastGood, how: 'offline', remoteAddress: undefined };
  }
  try {
    const result = await httpGet(url, {
      timeoutMs: settings.timeoutMs,
      maxBytes: settings.maxBytes,
      maxRedirects: settings.maxRedirects,
      allowPrivate: settings.allowPrivate,
      etag: lastGood?.entry.etag,
      lastModified: lastGood?.entry.lastModified,
    });
    if (result.kind === 'not-modified') {
      if (lastGood === undefined) {
        return { kind: 'failed', reason: 'HTTP 304 to a request that held no copy', lastGood };
      }
      cache.confirm(url);
      return {
        kind: 'current',
        copy: lastGood,
        how: 'not-modified',
        remoteAddress: result.remoteAddress,
      };
    }
    const validators = { etag: result.etag, lastModified: result.lastModified };
    if (lastGood !== undefined && contentName(result.body, extension) === lastGood.entry.file) {
      const entry = await cache.commit(url, result.body, extension, validators);
      return {
        kind: 'current',
        copy: { entry, body: lastGood.body },
        how: 'same-bytes',
        remoteAddress: result.remoteAddress,
      };
    }
    return {
      kind: 'new',
      body: result.body,
      commit: () => cache.commit(url, result.body, extension, validators),
      lastGood,
      remoteAddress: result.remoteAddress,
    };
  } catch (error) {
    if (!(error instanceof DownloadError)) throw error;
    // The URL is named by the caller; a redirect's target is named here.
    const reason = error.url === url ? error.problem : error.message;
    return { kind: 'failed', reason, lastGood };
  }
}
