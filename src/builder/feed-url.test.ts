import Database from 'better-sqlite3';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPodcast, type BuildOptions, type BuildResult } from './build.ts';
import { decodeTranscriptBlob } from './index/transcript-blob.ts';
import { joinChunks } from './publish/chunk-files.ts';
import {
  generatedChapters,
  generatedFeed,
  generatedPodcastJson,
  generatedSrt,
  generatedVtt,
  feedOriginForFile,
  type GeneratedItem,
} from './test-support/feed-origin.ts';

// `trawl build --feed <URL>` against a local origin that stands in for a show's host: what the
// feed links is downloaded once, asked again only as "changed since?", and a host that fails
// or turns bad never takes anything off the site.

const scene = feedOriginForFile('trawl-feed-url-');

const words = (text: string): string[] => text.split(' ');

/** The show: four kinds of transcript links, chapters, an HTML-only transcript. */
function showItems(base: string): GeneratedItem[] {
  return [
    {
      title: 'Octopus hearts',
      guid: 'guid-one',
      day: 1,
      number: '1',
      transcripts: [{ url: `${base}/t/one.srt`, type: 'application/x-subrip' }],
      chapters: `${base}/c/one.json`,
    },
    {
      title: 'Narwhal tusks',
      guid: 'guid-two',
      day: 8,
      number: '2',
      transcripts: [
        { url: `${base}/t/two.vtt`, type: 'text/vtt', language: 'en' },
        { url: `${base}/t/two.srt`, type: 'application/srt' },
        { url: `${base}/t/two-de.json`, type: 'application/json', language: 'de' },
        { url: `${base}/t/two.json`, type: 'application/json', language: 'EN' },
      ],
      chapters: `${base}/c/two.json`,
    },
    {
      title: 'Cloud weights',
      guid: 'guid-three',
      day: 15,
      number: '3',
      transcripts: [{ url: `${base}/t/three.html`, type: 'text/html' }],
    },
  ];
}

function serveShow(items: GeneratedItem[]): void {
  scene.origin.files.set('/feed.xml', {
    body: generatedFeed({ title: 'Fact Show', language: 'en-us', items }),
    type: 'application/rss+xml',
  });
  const srt = (text: string) => ({ body: generatedSrt(words(text)), type: 'application/x-subrip' });
  scene.origin.files.set('/t/one.srt', srt('an octopus has three hearts and blue blood'));
  scene.origin.files.set('/t/two.vtt', {
    body: generatedVtt(words('vtt narwhal words')),
    type: 'text/vtt',
  });
  scene.origin.files.set('/t/two.srt', srt('srt narwhal words'));
  scene.origin.files.set('/t/two-de.json', {
    body: generatedPodcastJson(words('der Narwal hat einen Zahn')),
    type: 'application/json',
  });
  scene.origin.files.set('/t/two.json', {
    body: generatedPodcastJson(words('a narwhal tusk is a tooth with ten million nerve endings')),
    type: 'application/json',
  });
  scene.origin.files.set('/t/three.html', { body: '<p>No timings here.</p>', type: 'text/html' });
  scene.origin.files.set('/c/one.json', {
    body: generatedChapters(['Hearts', 'Blood']),
    type: 'application/json',
  });
  scene.origin.files.set('/c/two.json', {
    body: generatedChapters(['Tusks']),
    type: 'application/json',
  });
}

async function build(out: string, extra: Partial<BuildOptions> = {}): Promise<BuildResult> {
  return buildPodcast({
    feed: `${scene.origin.origin}/feed.xml`,
    outDir: join(scene.root, out),
    ...extra,
  });
}

async function openDb(result: BuildResult, name: string): Promise<Database.Database> {
  const file = join(scene.root, `${name}.sqlite3`);
  await joinChunks(result.versionDir, file);
  return new Database(file, { readonly: true });
}

function transcriptOf(db: Database.Database, episode: string) {
  const row = db
    .prepare<[string], { data: Buffer }>(
      'SELECT t.data FROM transcripts t JOIN episodes e ON e.id = t.id WHERE e.episode = ?',
    )
    .get(episode);
  return row === undefined ? undefined : decodeTranscriptBlob(row.data);
}

describe('trawl build --feed <URL>', () => {
  it('downloads the chosen transcript of each item and its chapters, and says where each came from', async () => {
    scene.origin.clearCounts();
    serveShow(showItems(scene.origin.origin));
    const result = await build('first');
    expect(result.episodes).toBe(3);
    expect(result.feed).toMatchObject({
      name: `${scene.origin.origin}/feed.xml`,
      how: 'downloaded',
    });
    expect(result.links).toEqual({
      transcripts: { fromFeed: 2, fromFiles: 0, failed: 0, untimed: 1 },
      chapters: { fromFeed: 2, fromFiles: 0, failed: 0 },
      requests: { fetched: 4, unchanged: 0, failed: 0 },
    });
    // Only the chosen transcript of each item is asked for: word-timed JSON in the show's
    // language over WebVTT, SRT and a JSON in another language.
    expect(scene.origin.fullPaths()).toEqual([
      '/c/one.json',
      '/c/two.json',
      '/feed.xml',
      '/t/one.srt',
      '/t/two.json',
    ]);
    expect(result.warnings.find((warning) => warning.code === 'transcript-untimed')).toMatchObject({
      count: 1,
      message:
        '1 episode linked only HTML or plain-text transcripts, which have no timings; not used',
      examples: [`episode 3: ${scene.origin.origin}/t/three.html`],
    });
    const db = await openDb(result, 'first');
    try {
      expect(transcriptOf(db, '2')?.words.slice(0, 3)).toEqual(['a', 'narwhal', 'tusk']);
      expect(
        db
          .prepare("SELECT timing FROM episodes WHERE episode IN ('1', '2') ORDER BY id")
          .pluck()
          .all(),
      ).toEqual(['approximate', 'exact']);
      expect(transcriptOf(db, '1')?.chapters?.map((chapter) => chapter.title)).toEqual([
        'Hearts',
        'Blood',
      ]);
    } finally {
      db.close();
    }
  });

  it('asks again only "changed since?": an unchanged feed costs no download, a new item only its files', async () => {
    serveShow(showItems(scene.origin.origin));
    await build('again');
    scene.origin.clearCounts();
    const unchanged = await build('again');
    expect(scene.origin.fullPaths()).toEqual([]);
    expect(unchanged.feed.how).toBe('unchanged');
    expect(unchanged.links.requests).toEqual({ fetched: 0, unchanged: 4, failed: 0 });

    const items = showItems(scene.origin.origin);
    items.push({
      title: 'Penguin knights',
      guid: 'guid-four',
      day: 22,
      number: '4',
      transcripts: [{ url: `${scene.origin.origin}/t/four.vtt`, type: 'text/vtt' }],
      chapters: `${scene.origin.origin}/c/four.json`,
    });
    serveShow(items);
    scene.origin.files.set('/t/four.vtt', {
      body: generatedVtt(words('a penguin was knighted')),
      type: 'text/vtt',
    });
    scene.origin.files.set('/c/four.json', {
      body: generatedChapters(['Knighthood']),
      type: 'application/json',
    });
    scene.origin.clearCounts();
    const grown = await build('again');
    expect(grown.episodes).toBe(4);
    expect(scene.origin.fullPaths()).toEqual(['/c/four.json', '/feed.xml', '/t/four.vtt']);
    expect(grown.links.transcripts.fromFeed).toBe(3);
  });

  it('builds from the cache alone with --offline, and from the last good copies when the host is down', async () => {
    serveShow(showItems(scene.origin.origin));
    const first = await build('down');
    scene.origin.files.clear();
    scene.origin.clearCounts();
    // The host answers nothing but 404 now: every copy is the last good one.
    const hiccup = await build('down');
    expect(hiccup.feed).toMatchObject({ how: 'last-good', failure: 'HTTP 404 Not Found' });
    expect(hiccup.transcripts).toBe(first.transcripts);
    expect(hiccup.links.transcripts.fromFeed).toBe(2);
    expect(hiccup.warnings.find((warning) => warning.code === 'link-last-good')?.count).toBe(4);
    expect(hiccup.version).toBe(first.version);

    scene.origin.clearCounts();
    const offline = await build('down', { offline: true });
    expect(offline.feed.how).toBe('offline');
    expect(offline.links.requests).toEqual({ fetched: 0, unchanged: 0, failed: 0 });
    expect(offline.version).toBe(first.version);
    expect(scene.origin.asked()).toBe(0);
  });

  it('keeps the last good feed when the host sends a page, an empty feed or an error, and says so', async () => {
    serveShow(showItems(scene.origin.origin));
    const good = await build('turns-bad');
    const cases: [string, string | Buffer, RegExp][] = [
      [
        'text/html',
        '<!doctype html><p>Maintenance</p>',
        /^the new copy is not a usable feed \(http:\/\/127\.0\.0\.1:\d+\/feed\.xml:1:3: malformed XML/,
      ],
      [
        'application/rss+xml',
        generatedFeed({ title: 'Fact Show', items: [] }),
        /the feed has no items/,
      ],
      [
        'application/rss+xml',
        '<rss><channel><item><title>cut',
        /the new copy is not a usable feed \(.*malformed XML/,
      ],
    ];
    for (const [type, body, failure] of cases) {
      scene.origin.files.set('/feed.xml', { body, type });
      const result = await build('turns-bad');
      expect(result.feed.how).toBe('last-good');
      expect(result.feed.failure).toMatch(failure);
      expect(result.episodes).toBe(good.episodes);
      expect(result.version).toBe(good.version);
    }
    scene.origin.files.delete('/feed.xml');
    scene.origin.handlers.set('/feed.xml', (_request, response) => {
      response.writeHead(500, 'Internal Server Error');
      response.end();
    });
    try {
      expect((await build('turns-bad')).feed.failure).toBe('HTTP 500 Internal Server Error');
      // Another URL of the feed has no last good copy to fall back on.
      const fresh = { feed: `${scene.origin.origin}/feed.xml?fresh` };
      await expect(build('never-good', fresh)).rejects.toThrow(
        `${scene.origin.origin}/feed.xml?fresh: cannot download the feed (HTTP 500 Internal Server Error)`,
      );
      // A feed with no items at all says so in its own words.
      scene.origin.files.set('/empty.xml', {
        body: generatedFeed({ title: 'Nothing yet', items: [] }),
        type: 'application/rss+xml',
      });
      await expect(build('empty', { feed: `${scene.origin.origin}/empty.xml` })).rejects.toThrow(
        `${scene.origin.origin}/empty.xml: the feed has no items (<item> elements): there is nothing to build`,
      );
      await expect(build('never-good', { ...fresh, offline: true })).rejects.toThrow(
        'no copy in the cache to build from offline: run one build without --offline first',
      );
    } finally {
      scene.origin.handlers.delete('/feed.xml');
    }
  });
});

describe("the feed's links", () => {
  it('name the item, its title and the URL when they fail, and keep the last good copy', async () => {
    const items = showItems(scene.origin.origin);
    serveShow(items);
    await build('links');
    // One transcript turns into something that is no transcript, one link breaks for good,
    // and a new item links a transcript that is not there and one that redirects to a file.
    scene.origin.files.set('/t/one.srt', {
      body: 'Sorry, this file has moved.',
      type: 'text/plain',
    });
    scene.origin.files.delete('/c/two.json');
    items.push(
      {
        title: 'Missing words',
        guid: 'guid-five',
        day: 20,
        number: '5',
        transcripts: [{ url: `${scene.origin.origin}/t/five.vtt`, type: 'text/vtt' }],
      },
      {
        title: 'Sneaky words',
        guid: 'guid-six',
        day: 21,
        number: '6',
        transcripts: [{ url: `${scene.origin.origin}/t/six.vtt`, type: 'text/vtt' }],
        chapters: 'file:///etc/passwd',
      },
    );
    serveShow(items);
    scene.origin.files.set('/t/one.srt', {
      body: 'Sorry, this file has moved.',
      type: 'text/plain',
    });
    scene.origin.files.delete('/c/two.json');
    scene.origin.handlers.set('/t/six.vtt', (_request, response) => {
      response.writeHead(302, { location: 'file:///etc/passwd' });
      response.end();
    });
    try {
      const result = await build('links');
      const warning = (code: string) => result.warnings.find((each) => each.code === code);
      expect(warning('link-last-good')?.examples).toEqual([
        expect.stringMatching(
          /^episode 1 "Octopus hearts": http:\/\/127\.0\.0\.1:\d+\/t\/one\.srt: not a recognised transcript format/,
        ),
        `episode 2 "Narwhal tusks": ${scene.origin.origin}/c/two.json: HTTP 404 Not Found`,
      ]);
      expect(warning('transcript-link-failed')?.examples).toEqual([
        `episode 5 "Missing words": ${scene.origin.origin}/t/five.vtt: HTTP 404 Not Found`,
        `episode 6 "Sneaky words": ${scene.origin.origin}/t/six.vtt: redirects to a file: URL; only http:// and https:// are followed`,
      ]);
      expect(warning('chapters-link-failed')?.examples).toEqual([
        'episode 6 "Sneaky words": file:///etc/passwd: only http:// and https:// URLs are downloaded, not file:',
      ]);
      expect(result.links.transcripts).toEqual({
        fromFeed: 2,
        fromFiles: 0,
        failed: 2,
        untimed: 1,
      });
      expect(result.links.chapters).toEqual({ fromFeed: 2, fromFiles: 0, failed: 1 });
    } finally {
      scene.origin.handlers.delete('/t/six.vtt');
    }
  });

  it('yield to a local file, named by number, guid or the file name of its URL', async () => {
    serveShow(showItems(scene.origin.origin));
    const folder = join(scene.root, 'local-wins');
    await mkdir(join(folder, 'transcripts'), { recursive: true });
    await writeFile(
      join(folder, 'trawl.config.json'),
      JSON.stringify({ feedUrl: `${scene.origin.origin}/feed.xml` }),
    );
    await writeFile(
      join(folder, 'transcripts', 'guid-one.vtt'),
      generatedVtt(words('local guid words')),
    );
    await writeFile(
      join(folder, 'transcripts', 'two.srt'),
      generatedSrt(words('local url name words')),
    );
    scene.origin.clearCounts();
    const result = await buildPodcast({ folder, outDir: join(folder, 'db') });
    expect(result.links.transcripts).toEqual({ fromFeed: 0, fromFiles: 2, failed: 0, untimed: 1 });
    expect(scene.origin.fullPaths()).toEqual(['/c/one.json', '/c/two.json', '/feed.xml']);
    const db = await openDb(result, 'local-wins');
    try {
      expect(transcriptOf(db, '1')?.words).toEqual(['local', 'guid', 'words']);
      expect(transcriptOf(db, '2')?.words).toEqual(['local', 'url', 'name', 'words']);
    } finally {
      db.close();
    }
    // The folder keeps the cache; no numbers were given, so no episode-numbers.json.
    expect((await readdir(folder)).sort()).toEqual([
      '.trawl-cache',
      'db',
      'transcripts',
      'trawl.config.json',
    ]);
  });
});
