import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedVtt, startFeedOrigin, type FeedOrigin } from '../test-support/feed-origin.ts';
import { WarningCollector } from '../warnings.ts';
import type { FeedEpisode } from './feed.ts';
import { chooseTranscripts, type FeedTranscript } from './feed-links.ts';
import { fetchLinkedFiles } from './linked-files.ts';
import { DownloadCache } from './remote/download-cache.ts';
import { transcriptAliases } from './transcripts/find.ts';

let root: string;
let origin: FeedOrigin;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-linked-files-'));
  origin = await startFeedOrigin();
  origin.files.set('/t/1.vtt', { body: generatedVtt(['hello', 'there']), type: 'text/vtt' });
});

afterAll(async () => {
  await origin.close();
  await rm(root, { recursive: true, force: true });
});

const link = (
  type: string,
  language: string | null = null,
  url = `https://x.example/${type}`,
): FeedTranscript => ({
  url,
  type,
  language,
});

function episode(transcripts: FeedTranscript[], chaptersUrl: string | null = null): FeedEpisode {
  return {
    episode: '1',
    title: 'One',
    descriptionHtml: '',
    pubDate: null,
    duration: 600,
    audioUrl: null,
    image: null,
    episodeType: null,
    persons: [],
    location: null,
    chaptersUrl,
    transcripts,
    guid: 'guid-1',
    line: 10,
  };
}

describe('chooseTranscripts', () => {
  it('orders JSON before WebVTT before SRT, in the show language first', () => {
    const choice = chooseTranscripts(
      [
        link('application/x-subrip', 'en'),
        link('text/vtt', 'EN-gb'),
        link('application/json', 'fr'),
        link('application/srt'),
        link('text/html', 'en'),
        link('application/pdf'),
      ],
      'en-US',
    );
    expect(choice.candidates.map((each) => [each.type, each.language])).toEqual([
      ['text/vtt', 'EN-gb'],
      ['application/x-subrip', 'en'],
      ['application/srt', null],
    ]);
    expect(choice.otherLanguage).toBe(false);
    expect(choice.untimed.map((each) => each.type)).toEqual(['text/html']);
    expect(choice.unknown.map((each) => each.type)).toEqual(['application/pdf']);
  });

  it("takes another language's transcript when the show's has none, and says so", () => {
    const choice = chooseTranscripts(
      [link('application/json', 'de'), link('text/vtt', 'de')],
      'en',
    );
    expect(choice.candidates.map((each) => each.type)).toEqual(['application/json', 'text/vtt']);
    expect(choice.otherLanguage).toBe(true);
    expect(chooseTranscripts([link('text/plain')], null).candidates).toEqual([]);
  });
});

describe('transcriptAliases', () => {
  it("names an episode by its guid and its links' file names, never ambiguously or as a number", () => {
    const aliases = transcriptAliases([
      {
        episode: '57',
        guid: 'PC2057',
        transcripts: [
          { url: 'https://mp3s.example/PC20-57-Captions.srt' },
          { url: 'https://x.example/shared.vtt' },
        ],
      },
      { episode: '56', guid: '56', transcripts: [{ url: 'https://x.example/a/shared.vtt' }] },
      {
        episode: '55',
        guid: 'https://example.org/?p=55',
        transcripts: [{ url: '/t/Caf%C3%A9.json.gz' }],
      },
    ]);
    expect(Object.fromEntries(aliases)).toEqual({
      PC2057: '57',
      'PC20-57-Captions': '57',
      Café: '55',
    });
  });
});

describe('fetchLinkedFiles', () => {
  it('follows no link to this machine from a feed that came from elsewhere', async () => {
    const warnings = new WarningCollector();
    const cache = await DownloadCache.open(join(root, 'private', '.trawl-cache'));
    const linked = await fetchLinkedFiles({
      episodes: [
        episode([link('text/vtt', null, `${origin.origin}/t/1.vtt`)], `${origin.origin}/c/1.json`),
      ],
      showLanguage: 'en',
      base: { kind: 'url', url: 'https://feeds.example.org/feed.xml' },
      localTranscripts: new Set(),
      localChapters: new Set(),
      cache,
      settings: { offline: false, timeoutMs: 2000, maxRedirects: 5, allowPrivate: false },
      warnings,
    });
    expect(linked.transcripts.size).toBe(0);
    expect(origin.asked()).toBe(0);
    expect(warnings.summary().map((warning) => warning.examples[0])).toEqual([
      `episode 1 "One": ${origin.origin}/t/1.vtt: 127.0.0.1 is an address of this machine or a private network; links in a feed from elsewhere may not lead there`,
      `episode 1 "One": ${origin.origin}/c/1.json: 127.0.0.1 is an address of this machine or a private network; links in a feed from elsewhere may not lead there`,
    ]);
  });

  it('resolves a relative link against the feed URL', async () => {
    const warnings = new WarningCollector();
    const cache = await DownloadCache.open(join(root, 'relative', '.trawl-cache'));
    const linked = await fetchLinkedFiles({
      episodes: [episode([link('text/vtt', null, '../t/1.vtt')])],
      showLanguage: null,
      base: { kind: 'url', url: `${origin.origin}/feeds/show.xml` },
      localTranscripts: new Set(),
      localChapters: new Set(),
      cache,
      settings: { offline: false, timeoutMs: 2000, maxRedirects: 5, allowPrivate: true },
      warnings,
    });
    expect(linked.transcripts.get('1')?.url).toBe(`${origin.origin}/t/1.vtt`);
    expect(warnings.summary()).toEqual([]);
  });
});
