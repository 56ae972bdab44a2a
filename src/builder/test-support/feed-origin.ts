import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/**
 * A local HTTP origin that stands in for a show's host in tests: it serves a feed and the files
 * it links from memory, answers conditional requests (ETag, If-Modified-Since) with 304, and
 * counts the requests it answers in full, per path, so a test can say what a build downloaded.
 * A path can also be given a handler of its own, to play a hostile or broken host.
 */

/** A file the origin serves. */
export interface OriginFile {
  body: string | Buffer;
  type: string;
}

export type OriginHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface FeedOrigin {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** The files by path (`/feed.xml`); change them between builds. */
  files: Map<string, OriginFile>;
  /** Paths answered by a handler instead of a file. */
  handlers: Map<string, OriginHandler>;
  /** Requests answered with a whole body (200), by path. */
  full: Map<string, number>;
  /** Requests answered 304 Not Modified, by path. */
  notModified: Map<string, number>;
  /** The paths answered in full since the counts were last cleared, sorted. */
  fullPaths: () => string[];
  /** Requests of any kind since the counts were last cleared. */
  asked: () => number;
  /** Forgets the counts. */
  clearCounts: () => void;
  close: () => Promise<void>;
}

/** The modification date every file claims (conditional requests also send it). */
const LAST_MODIFIED = 'Mon, 25 Mar 2024 09:00:00 GMT';

function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
}

/** Starts an origin on a free port of 127.0.0.1. */
export async function startFeedOrigin(): Promise<FeedOrigin> {
  const files = new Map<string, OriginFile>();
  const handlers = new Map<string, OriginHandler>();
  const full = new Map<string, number>();
  const notModified = new Map<string, number>();
  let asked = 0;
  const count = (map: Map<string, number>, path: string): void => {
    map.set(path, (map.get(path) ?? 0) + 1);
  };
  const server = createServer((request, response) => {
    asked += 1;
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://origin').pathname);
    const handler = handlers.get(path);
    if (handler !== undefined) {
      count(full, path);
      handler(request, response);
      return;
    }
    const file = files.get(path);
    if (file === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
      return;
    }
    const etag = etagOf(file.body);
    const unchanged =
      request.headers['if-none-match'] !== undefined
        ? request.headers['if-none-match'] === etag
        : request.headers['if-modified-since'] === LAST_MODIFIED;
    if (unchanged) {
      count(notModified, path);
      response.writeHead(304, { etag, 'last-modified': LAST_MODIFIED });
      response.end();
      return;
    }
    count(full, path);
    response.writeHead(200, { 'content-type': file.type, etag, 'last-modified': LAST_MODIFIED });
    response.end(file.body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    files,
    handlers,
    full,
    notModified,
    fullPaths: () => [...full.keys()].sort(),
    asked: () => asked,
    clearCounts: () => {
      asked = 0;
      full.clear();
      notModified.clear();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** One item of a generated feed. */
export interface GeneratedItem {
  title: string;
  guid: string;
  /** Day of March 2024 it was published. */
  day: number;
  number?: string;
  durationSeconds?: number;
  transcripts?: { url: string; type: string; language?: string }[];
  chapters?: string;
  persons?: { name: string; role: 'host' | 'guest' }[];
}

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** An RSS feed with Podcasting 2.0 links; items newest first, as feeds list them. */
export function generatedFeed(options: {
  title: string;
  language?: string;
  items: GeneratedItem[];
}): string {
  const items = [...options.items]
    .sort((a, b) => b.day - a.day)
    .map((item) => {
      const tags = [
        `<title>${escapeXml(item.title)}</title>`,
        `<guid isPermaLink="false">${escapeXml(item.guid)}</guid>`,
        `<pubDate>${new Date(Date.UTC(2024, 2, item.day, 9)).toUTCString()}</pubDate>`,
        `<description>About ${escapeXml(item.title)}.</description>`,
        `<itunes:duration>${item.durationSeconds ?? 600}</itunes:duration>`,
        ...(item.number === undefined ? [] : [`<itunes:episode>${item.number}</itunes:episode>`]),
        ...(item.transcripts ?? []).map(
          (link) =>
            `<podcast:transcript url="${escapeXml(link.url)}" type="${link.type}"${link.language === undefined ? '' : ` language="${link.language}"`}/>`,
        ),
        ...(item.chapters === undefined
          ? []
          : [
              `<podcast:chapters url="${escapeXml(item.chapters)}" type="application/json+chapters"/>`,
            ]),
        ...(item.persons ?? []).map(
          (person) =>
            `<podcast:person role="${person.role}">${escapeXml(person.name)}</podcast:person>`,
        ),
      ];
      return `    <item>\n      ${tags.join('\n      ')}\n    </item>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
  <channel>
    <title>${escapeXml(options.title)}</title>
    ${options.language === undefined ? '' : `<language>${options.language}</language>`}
${items.join('\n')}
  </channel>
</rss>
`;
}

/** A WebVTT transcript of `words`, one cue of a second per five words. */
export function generatedVtt(words: string[]): string {
  const cues: string[] = [];
  for (let at = 0; at < words.length; at += 5) {
    const start = at / 5;
    const clock = (seconds: number): string => `00:00:${String(seconds).padStart(2, '0')}.000`;
    cues.push(`${clock(start)} --> ${clock(start + 1)}\n${words.slice(at, at + 5).join(' ')}`);
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** An SRT transcript of `words`, one cue of a second per five words. */
export function generatedSrt(words: string[]): string {
  const cues: string[] = [];
  for (let at = 0; at < words.length; at += 5) {
    const start = at / 5;
    const clock = (seconds: number): string => `00:00:${String(seconds).padStart(2, '0')},000`;
    cues.push(
      `${cues.length + 1}\n${clock(start)} --> ${clock(start + 1)}\n${words.slice(at, at + 5).join(' ')}`,
    );
  }
  return `${cues.join('\n\n')}\n`;
}

/** A Podcasting 2.0 JSON transcript timing each word (half a second each). */
export function generatedPodcastJson(words: string[]): string {
  return JSON.stringify({
    version: '1.0.0',
    segments: words.map((body, at) => ({ startTime: at / 2, endTime: at / 2 + 0.4, body })),
  });
}

/** Podcasting 2.0 chapters, one per title, a minute apart. */
export function generatedChapters(titles: string[]): string {
  return JSON.stringify({
    version: '1.2.0',
    chapters: titles.map((title, at) => ({ startTime: at * 60, title })),
  });
}

/** A feed origin and a temporary folder, for the tests of one file. */
export interface FeedOriginScene {
  /** The temporary folder the file's tests build in. */
  readonly root: string;
  readonly origin: FeedOrigin;
}

/**
 * Starts an origin and makes a temporary folder (named from `prefix`) before the file's tests
 * (`beforeAll`); stops and removes them after. Read its fields inside tests.
 */
export function feedOriginForFile(prefix: string): FeedOriginScene {
  let scene: { root: string; origin: FeedOrigin } | undefined;
  const current = (): { root: string; origin: FeedOrigin } => {
    if (scene === undefined) throw new Error('feedOriginForFile: read before its beforeAll ran');
    return scene;
  };
  beforeAll(async () => {
    scene = { root: await mkdtemp(join(tmpdir(), prefix)), origin: await startFeedOrigin() };
  });
  afterAll(async () => {
    await scene?.origin.close();
    if (scene !== undefined) await rm(scene.root, { recursive: true, force: true });
  });
  return {
    get root() {
      return current().root;
    },
    get origin() {
      return current().origin;
    },
  };
}
