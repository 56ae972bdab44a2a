/**
 * A real feed on a local origin that stands in for its host (issue 23): the feed's transcript,
 * chapter and media links are rewritten to the origin, in memory, and the origin serves behind
 * them real transcripts of the type each link declares (../shared/realdata), chapter files the
 * test writes, and small real images and audio. The builder and the site see an ordinary feed.
 */
import { readFile } from 'node:fs/promises';
import { posix, resolve } from 'node:path';
import { DEMO_MEDIA, REPO_ROOT } from '../scripts/demo-site.ts';
import { generatedChapters, type FeedOrigin } from '../src/builder/test-support/feed-origin.ts';
import { generatedPng, mapFeedMedia } from './media-host.ts';

export const REALDATA = resolve(REPO_ROOT, '../shared/realdata');

/** Real transcripts by the type a link declares: SRT and WebVTT from ../shared/realdata. */
const TRANSCRIPT_FILES: Record<string, string> = {
  'application/x-subrip':
    'de-futurehistories/2-2019-05-18-S01E02-Die-Socialist-Calculation-Debate-Denk-mit-mir-1_.mp3.srt',
  'application/srt':
    'de-futurehistories/2-2019-05-18-S01E02-Die-Socialist-Calculation-Debate-Denk-mit-mir-1_.mp3.srt',
  'text/vtt': 'talkpython-voices/533.vtt',
  'application/json': 'yonearth/episode_0.json',
};

const TRANSCRIPT_TAG = /<podcast:transcript\s+url="([^"]+)"\s+type="([^"]+)"/g;
const CHAPTERS_TAG = /<podcast:chapters\s+url="([^"]+)"/g;

/** The chapter titles the origin serves for every item's chapters file. */
export const CHAPTER_TITLES = ['Opening', 'The news', 'Listener mail'];

/**
 * Puts `feedText` on the origin at `feedPath`, with every link rewritten to the origin and a
 * file behind each one. Returns the feed as served.
 */
export async function serveRealFeed(
  origin: FeedOrigin,
  feedPath: string,
  feedText: string,
): Promise<string> {
  const o = origin.origin;
  const transcripts = new Map<string, string>();
  let feed = feedText.replace(TRANSCRIPT_TAG, (_whole, url: string, type: string) => {
    const path = `/transcripts/${posix.basename(new URL(url, o).pathname)}`;
    transcripts.set(path, type);
    return `<podcast:transcript url="${o}${path}" type="${type}"`;
  });
  for (const [path, type] of transcripts) {
    const source = TRANSCRIPT_FILES[type];
    if (source !== undefined) {
      origin.files.set(path, { body: await readFile(resolve(REALDATA, source)), type });
    }
  }
  feed = feed.replace(CHAPTERS_TAG, (_whole, url: string) => {
    const name = posix.basename(new URL(url, o).pathname);
    origin.files.set(`/chapters/${name}`, {
      body: generatedChapters(CHAPTER_TITLES),
      type: 'application/json',
    });
    return `<podcast:chapters url="${o}/chapters/${name}"`;
  });
  const mapped = mapFeedMedia(feed, o);
  const artwork = generatedPng(96, [
    [0x1a, 0x6b, 0x8f],
    [0xf0, 0xcb, 0x2e],
  ]);
  const audio = await readFile(resolve(DEMO_MEDIA, 'audio/1.mp3'));
  for (const [path, kind] of mapped.paths) {
    origin.files.set(decodeURIComponent(path), {
      body: kind === 'audio' ? audio : artwork,
      type: kind === 'audio' ? 'audio/mpeg' : 'image/png',
    });
  }
  origin.files.set(feedPath, { body: mapped.feed, type: 'application/rss+xml' });
  return mapped.feed;
}

/** Adds a link to item `episode`'s `<podcast:episode>` line of a feed. */
export function addTranscriptLink(
  feed: string,
  episode: string,
  url: string,
  type: string,
): string {
  const tag = new RegExp(`(<podcast:episode[^>]*>${episode}</podcast:episode>)`);
  return feed.replace(tag, `$1<podcast:transcript url="${url}" type="${type}" language="en"/>`);
}
