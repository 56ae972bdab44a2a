import { basename } from 'node:path';
import { plural, WarningCollector } from '../warnings.ts';
import { ChaptersError, MAX_CHAPTERS_BYTES, parseChapters, resolveFolderUrl } from './chapters.ts';
import type { FeedEpisode } from './feed.ts';
import { chooseTranscripts, timedExtension, type FeedTranscript } from './feed-links.ts';
import { download, type DownloadSettings } from './remote/cached-download.ts';
import type { CachedExtension, DownloadCache } from './remote/download-cache.ts';
import { hasUrlScheme, shownUrl, unfetchableReason } from './remote/remote-url.ts';
import { checkTranscriptText } from './transcripts/episode-transcript.ts';

/**
 * What a feed links: each item's transcript (src/builder/read/feed-links.ts chooses which) and
 * chapters, downloaded through the cache a few at a time. A local file in `transcripts/` or
 * `chapters/` wins, so those episodes are skipped. A download that fails, or brings something
 * that does not read, is a warning naming the item's number, title and URL; the last good copy
 * is used when there is one, so a host's hiccup never takes a transcript off the site.
 */

/** Downloads at once: enough to hide latency, few enough to be polite to one host. */
export const LINK_CONCURRENCY = 4;

/** Largest transcript downloaded: a 3-hour episode's word-timed JSON is about 10 MB. */
export const MAX_TRANSCRIPT_BYTES = 32 * 1024 * 1024;

/** Where a relative link of the feed leads: against the feed's URL, or inside its folder. */
export type LinkBase = { kind: 'url'; url: string } | { kind: 'folder'; dir: string } | undefined;

/** A file the feed linked, as the build reads it. */
export interface LinkedFile {
  file: string;
  url: string;
}

export interface LinkCounts {
  /** Episodes whose file came from the feed's link. */
  fromFeed: number;
  /** Links tried and failed with no copy to fall back on. */
  failed: number;
}

export interface LinkedFiles {
  transcripts: Map<string, LinkedFile>;
  chapters: Map<string, LinkedFile>;
  transcriptCounts: LinkCounts & {
    /** Items whose only transcripts are HTML or plain text. */
    untimed: number;
  };
  chapterCounts: LinkCounts;
  /** Requests answered with a new body, with 304 (or the same bytes), and failed. */
  requests: { fetched: number; unchanged: number; failed: number };
}

export interface LinkedFilesOptions {
  episodes: FeedEpisode[];
  showLanguage: string | null;
  base: LinkBase;
  /** Episodes that have a local transcript or chapters file: their links are not fetched. */
  localTranscripts: ReadonlySet<string>;
  localChapters: ReadonlySet<string>;
  cache: DownloadCache;
  settings: Omit<DownloadSettings, 'maxBytes'>;
  warnings: WarningCollector;
  onProgress?: (done: number, total: number) => void;
}

type Fetched = { kind: 'file'; file: string } | { kind: 'failed'; reason: string };

/** Runs `tasks` with at most `limit` at once. */
async function inPool(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const task = tasks[next];
      next += 1;
      await task?.();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

/** The absolute URL (or local file) a link of the feed names, or why it names none. */
async function resolveLink(
  raw: string,
  base: LinkBase,
): Promise<{ url: string } | { file: string } | { refused: string }> {
  const text = raw.trim();
  if (hasUrlScheme(text) || text.startsWith('//')) {
    const absolute =
      text.startsWith('//') && base?.kind === 'url' ? new URL(text, base.url).href : text;
    const reason = unfetchableReason(absolute);
    return reason === undefined ? { url: new URL(absolute).href } : { refused: reason };
  }
  if (base?.kind === 'url') return { url: new URL(text, base.url).href };
  if (base?.kind === 'folder') {
    const found = await resolveFolderUrl(base.dir, text);
    return 'file' in found ? found : { refused: found.refused };
  }
  return { refused: 'a relative link in a feed that has neither a URL nor a folder' };
}

/** Downloads the feed's transcripts and chapters for the episodes without local files. */
export async function fetchLinkedFiles(options: LinkedFilesOptions): Promise<LinkedFiles> {
  const { cache, settings } = options;
  const result: LinkedFiles = {
    transcripts: new Map(),
    chapters: new Map(),
    transcriptCounts: { fromFeed: 0, failed: 0, untimed: 0 },
    chapterCounts: { fromFeed: 0, failed: 0 },
    requests: { fetched: 0, unchanged: 0, failed: 0 },
  };
  const fetchChecked = async (
    warnings: WarningCollector,
    episode: FeedEpisode,
    url: string,
    extension: CachedExtension,
    maxBytes: number,
    check: (body: Buffer) => string | undefined,
  ): Promise<Fetched> => {
    const outcome = await download(cache, url, extension, { ...settings, maxBytes });
    const shown = `episode ${episode.episode} "${episode.title}": ${shownUrl(url)}`;
    const fallBack = (reason: string): Fetched => {
      const lastGood = outcome.kind === 'current' ? undefined : outcome.lastGood;
      if (lastGood === undefined) return { kind: 'failed', reason };
      warnings.add(
        'link-last-good',
        (n) =>
          `${plural(n, 'linked file')} could not be downloaded or read; used the last good ${n === 1 ? 'copy' : 'copies'}`,
        `${shown}: ${reason}`,
      );
      return { kind: 'file', file: cache.path(lastGood.entry) };
    };
    if (outcome.kind === 'failed') {
      if (!settings.offline) result.requests.failed += 1;
      return fallBack(outcome.reason);
    }
    if (outcome.kind === 'current') {
      if (outcome.how !== 'offline') result.requests.unchanged += 1;
      return { kind: 'file', file: cache.path(outcome.copy.entry) };
    }
    result.requests.fetched += 1;
    const problem = check(outcome.body);
    if (problem !== undefined) return fallBack(problem);
    return { kind: 'file', file: cache.path(await outcome.commit()) };
  };

  // Each task warns into its own collector, read back in feed order once all are done, so the
  // build's summary does not depend on which download finished first.
  const tasks: {
    run: (warnings: WarningCollector) => Promise<void>;
    warnings: WarningCollector;
  }[] = [];
  for (const episode of options.episodes) {
    if (!options.localTranscripts.has(episode.episode) && episode.transcripts.length > 0) {
      tasks.push({
        run: (warnings) => fetchTranscript(warnings, episode),
        warnings: new WarningCollector(),
      });
    }
    if (!options.localChapters.has(episode.episode) && episode.chaptersUrl !== null) {
      tasks.push({
        run: (warnings) => fetchChapters(warnings, episode, episode.chaptersUrl ?? ''),
        warnings: new WarningCollector(),
      });
    }
  }
  const failedLink = (
    warnings: WarningCollector,
    kind: 'transcript' | 'chapters',
    episode: FeedEpisode,
    url: string,
    reason: string,
  ): void => {
    warnings.add(
      `${kind}-link-failed`,
      (n) =>
        kind === 'transcript'
          ? `${plural(n, 'podcast:transcript link')} gave no transcript; ${n === 1 ? 'that episode has' : 'those episodes have'} none`
          : `${plural(n, 'podcast:chapters link')} gave no chapters; ${n === 1 ? 'that episode has' : 'those episodes have'} none`,
      `episode ${episode.episode} "${episode.title}": ${shownUrl(url)}: ${reason}`,
    );
  };

  async function fetchTranscript(warnings: WarningCollector, episode: FeedEpisode): Promise<void> {
    const choice = chooseTranscripts(episode.transcripts, options.showLanguage);
    if (choice.candidates.length === 0) {
      if (choice.untimed.length > 0) {
        result.transcriptCounts.untimed += 1;
        warnings.add(
          'transcript-untimed',
          (n) =>
            `${plural(n, 'episode')} linked only HTML or plain-text transcripts, which have no timings; not used`,
          `episode ${episode.episode}: ${shownUrl(choice.untimed[0]?.url ?? '')}`,
        );
      } else if (choice.unknown.length > 0) {
        warnings.add(
          'transcript-unknown-type',
          (n) =>
            `${plural(n, 'episode')} linked transcripts of a type Trawl does not read; not used`,
          `episode ${episode.episode}: type "${choice.unknown[0]?.type ?? ''}"`,
        );
      }
      return;
    }
    if (choice.otherLanguage) {
      warnings.add(
        'transcript-other-language',
        (n) =>
          `${plural(n, 'episode')} had no transcript in the show's <language>; used one in another language`,
        `episode ${episode.episode}: ${choice.candidates[0]?.language ?? ''}`,
      );
    }
    let last: { link: FeedTranscript; reason: string } | undefined;
    for (const link of choice.candidates) {
      const extension = timedExtension(link.type) ?? 'json';
      const target = await resolveLink(link.url, options.base);
      if ('refused' in target) {
        last = { link, reason: target.refused };
        continue;
      }
      if ('file' in target) {
        result.transcripts.set(episode.episode, { file: target.file, url: link.url });
        result.transcriptCounts.fromFeed += 1;
        return;
      }
      const fetched = await fetchChecked(
        warnings,
        episode,
        target.url,
        extension,
        MAX_TRANSCRIPT_BYTES,
        (body) =>
          checkTranscriptText(
            `${basename(new URL(target.url).pathname) || 'transcript'}.${extension}`,
            body,
            episode,
          ),
      );
      if (fetched.kind === 'file') {
        result.transcripts.set(episode.episode, { file: fetched.file, url: target.url });
        result.transcriptCounts.fromFeed += 1;
        return;
      }
      last = { link, reason: fetched.reason };
    }
    result.transcriptCounts.failed += 1;
    if (last !== undefined) failedLink(warnings, 'transcript', episode, last.link.url, last.reason);
  }

  async function fetchChapters(
    warnings: WarningCollector,
    episode: FeedEpisode,
    raw: string,
  ): Promise<void> {
    const target = await resolveLink(raw, options.base);
    // Paths inside the podcast folder are read where they are (src/builder/read/chapters.ts).
    if (
      'file' in target ||
      ('refused' in target && options.base?.kind === 'folder' && !hasUrlScheme(raw))
    )
      return;
    if ('refused' in target) {
      result.chapterCounts.failed += 1;
      failedLink(warnings, 'chapters', episode, raw, target.refused);
      return;
    }
    const fetched = await fetchChecked(
      warnings,
      episode,
      target.url,
      'json',
      MAX_CHAPTERS_BYTES,
      (body) => {
        try {
          parseChapters(body.toString('utf8'));
          return undefined;
        } catch (error) {
          return error instanceof ChaptersError ? error.message : String(error);
        }
      },
    );
    if (fetched.kind === 'file') {
      result.chapters.set(episode.episode, { file: fetched.file, url: target.url });
      result.chapterCounts.fromFeed += 1;
      return;
    }
    result.chapterCounts.failed += 1;
    failedLink(warnings, 'chapters', episode, target.url, fetched.reason);
  }

  let done = 0;
  await inPool(
    tasks.map((task) => async () => {
      await task.run(task.warnings);
      done += 1;
      options.onProgress?.(done, tasks.length);
    }),
    LINK_CONCURRENCY,
  );
  for (const task of tasks) options.warnings.absorb(task.warnings);
  return result;
}
