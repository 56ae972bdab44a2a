import { lstat, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPodcast } from './build.ts';
import { NO_SITE_URL_WARNING } from './warnings.ts';
import { initPodcast, NO_SITE_URL_NOTE } from './init.ts';
import { parsePodcastConfig } from './read/podcast-config.ts';
import { parsePresenters } from './read/people.ts';
import { PHANTOM_FEED } from './test-support/hostile-feeds.ts';

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"
     xmlns:podcast="https://podcastindex.org/namespace/1.0">
  <channel>
    <title>Init Show</title>
    <podcast:person role="host" img="https://people.example.org/ada.jpg">Ada Host</podcast:person>
    <item>
      <title>Episode 1: One</title>
      <itunes:episode>1</itunes:episode>
      <podcast:person role="guest">Bea Guest</podcast:person>
    </item>
    <item>
      <title>Episode 2: Bonus round</title>
      <itunes:episode>2</itunes:episode>
      <itunes:episodeType>bonus</itunes:episodeType>
    </item>
    <item>
      <title>Episode 2: Bonus round (re-upload)</title>
      <itunes:episode>2</itunes:episode>
      <pubDate>Mon, 25 Mar 2024 09:00:00 GMT</pubDate>
    </item>
  </channel>
</rss>
`;

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-init-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('trawl init', () => {
  it('scaffolds a folder from a feed that the next command builds as it is', async () => {
    const feed = join(root, 'my-feed.xml');
    await writeFile(feed, FEED);
    const dir = join(root, 'show');
    const result = await initPodcast({ dir, feed });
    expect(result.written).toEqual([
      'feed.xml',
      'trawl.config.json',
      'presenters.json',
      'speakers.json',
      'transcripts/README.md',
    ]);
    // Build, look at it, bundle it: in the order they work, with the port serve listens on.
    const shown = result.nextCommands.map((command) => command.replaceAll(dir, 'DIR'));
    expect(shown).toEqual([
      'npx trawl build DIR --out DIR/db',
      'npx trawl serve --db DIR/db --port 8080',
      'npx trawl bundle --db DIR/db --out DIR/deploy --site dist/site',
    ]);
    expect(result.notes).toEqual([
      '1 episode number appeared on two feed items; kept the newer item',
      NO_SITE_URL_NOTE,
    ]);

    expect(await readFile(join(dir, 'feed.xml'), 'utf8')).toBe(FEED);
    const configText = await readFile(join(dir, 'trawl.config.json'), 'utf8');
    const config = parsePodcastConfig('trawl.config.json', configText);
    expect(config.site.title).toBe('Init Show');
    expect(config.duplicateEpisodes).toBe('keep-newest');
    expect(config.episodeTypes).toEqual([]);
    expect(
      parsePresenters('presenters.json', await readFile(join(dir, 'presenters.json'), 'utf8')),
    ).toEqual([
      {
        id: 1,
        firstName: 'Ada Host',
        middleName: null,
        lastName: null,
        qiElf: false,
        guest: false,
        img: 'https://people.example.org/ada.jpg',
      },
      {
        id: 2,
        firstName: 'Bea Guest',
        middleName: null,
        lastName: null,
        qiElf: false,
        guest: true,
        img: null,
      },
    ]);
    expect(await readFile(join(dir, 'transcripts/README.md'), 'utf8')).toMatch(
      /named by its episode number: `57\.json`/,
    );

    expect(JSON.parse(await readFile(join(dir, 'speakers.json'), 'utf8'))).toEqual({
      default: {},
      episodes: {},
    });
    const built = await buildPodcast({ folder: dir, outDir: join(dir, 'db') });
    expect(built.episodes).toBe(2);
    expect(built.site.title).toBe('Init Show');
    // The feed's people still name the hosts and each episode's presenters, through the file.
    expect(built.site.hostIds).toEqual([1]);
    expect(built.warnings.map((warning) => warning.code)).not.toContain('person-not-presenter');
    // The README beside the transcripts is no transcript and no mistake.
    expect(built.warnings.map((warning) => warning.code)).not.toContain('not-a-transcript');
    // No site address yet: the build says what it is missing.
    expect(built.warnings.find((warning) => warning.code === 'no-site-url')?.message).toBe(
      NO_SITE_URL_WARNING,
    );
    expect(NO_SITE_URL_WARNING).toMatch(/canonical URLs and no sitemap\.xml/);
  });

  it('writes --site-url into the config, and the build then has nothing to warn about it', async () => {
    const feed = join(root, 'site-url-feed.xml');
    await writeFile(feed, FEED);
    const dir = join(root, 'with-site-url');
    const result = await initPodcast({ dir, feed, siteUrl: 'https://podcast.example.org/show/' });
    expect(result.notes).not.toContain(NO_SITE_URL_NOTE);
    const config = parsePodcastConfig(
      'trawl.config.json',
      await readFile(join(dir, 'trawl.config.json'), 'utf8'),
    );
    expect(config.site.siteUrl).toBe('https://podcast.example.org/show/');
    const built = await buildPodcast({ folder: dir, outDir: join(dir, 'db') });
    expect(built.warnings.map((warning) => warning.code)).not.toContain('no-site-url');
  });

  it('refuses a hostile or broken site address, saying why, and writes nothing', async () => {
    const cases: [string, RegExp][] = [
      [
        'javascript:alert(1)',
        /--site-url: "javascript:alert\(1\)" must start with https:\/\/ or http:\/\//,
      ],
      ['data:text/html,<script>alert(1)</script>', /must start with https:\/\/ or http:\/\//],
      ['https://exa mple.org/', /must not contain spaces, line breaks or control characters/],
      [
        'https://example.org/\n<script>',
        /"https:\/\/example\.org\/\\n<script>" must not contain spaces, line breaks/,
      ],
      ['https://example.org/\r\nSet-Cookie: x', /must not contain spaces, line breaks/],
      ['ftp://example.org/', /must start with https:\/\/ or http:\/\//],
      ['https://user:secret@example.org/', /must not carry a user name or password/],
      ['https://example.org/?utm=x', /must not have a query string or fragment/],
      ['https://', /is not a URL/],
    ];
    for (const [siteUrl, message] of cases) {
      const dir = join(root, `hostile-${cases.findIndex(([value]) => value === siteUrl)}`);
      await expect(initPodcast({ dir, siteUrl })).rejects.toThrow(message);
      await expect(readFile(join(dir, 'trawl.config.json'), 'utf8')).rejects.toThrow(/ENOENT/);
    }
  });

  it('refuses the same addresses in a hand-written trawl.config.json, naming the file', () => {
    expect(() =>
      parsePodcastConfig('trawl.config.json', '{"site":{"siteUrl":"javascript:alert(1)"}}'),
    ).toThrow(/trawl\.config\.json.*siteUrl.*must start with https:\/\/ or http:\/\//s);
    expect(() =>
      parsePodcastConfig('trawl.config.json', '{"site":{"siteUrl":"https://a.org/\\nx"}}'),
    ).toThrow(/must not contain spaces, line breaks/);
    expect(
      parsePodcastConfig('trawl.config.json', '{"site":{"siteUrl":"https://a.org/x/"}}').site
        .siteUrl,
    ).toBe('https://a.org/x/');
  });

  it('suggests the types the feed declares', async () => {
    const feed = join(root, 'typed.xml');
    await writeFile(
      feed,
      FEED.replace(/<item>\s*<title>Episode 2: Bonus round \(re-upload[\s\S]*?<\/item>/, ''),
    );
    const dir = join(root, 'typed');
    await initPodcast({ dir, feed });
    const config = parsePodcastConfig(
      'trawl.config.json',
      await readFile(join(dir, 'trawl.config.json'), 'utf8'),
    );
    expect(config.episodeTypes).toEqual([
      { id: 'bonus', label: 'Bonus', rule: { field: 'itunes:episodeType', equals: 'bonus' } },
    ]);
    expect(JSON.parse(await readFile(join(dir, 'speakers.json'), 'utf8'))).toEqual({
      default: {},
      episodes: {},
    });
    const built = await buildPodcast({ folder: dir, outDir: join(dir, 'db') });
    expect(built.site.episodeTypes).toEqual([{ id: 'bonus', label: 'Bonus' }]);
  });

  it('without a feed, writes a starting config and says to add the feed first', async () => {
    const result = await initPodcast({ dir: join(root, 'empty') });
    expect(result.written).toEqual([
      'trawl.config.json',
      'presenters.json',
      'speakers.json',
      'transcripts/README.md',
    ]);
    expect(result.nextCommands[0]).toMatch(/^cp path\/to\/your\/feed\.xml .*empty\/feed\.xml$/);
  });

  it('never replaces a file, and names the ones in the way', async () => {
    const dir = join(root, 'taken');
    await initPodcast({ dir });
    await writeFile(join(dir, 'trawl.config.json'), '{"site":{"title":"Mine"}}');
    await expect(initPodcast({ dir })).rejects.toThrow(
      /taken: already has trawl\.config\.json, presenters\.json, speakers\.json, transcripts\/README\.md: init never replaces files/,
    );
    expect(await readFile(join(dir, 'trawl.config.json'), 'utf8')).toBe(
      '{"site":{"title":"Mine"}}',
    );
  });

  it('writes no presenter that only show notes (CDATA, a comment) pretend the feed has', async () => {
    const feed = join(root, 'phantom.xml');
    await writeFile(feed, PHANTOM_FEED);
    const dir = join(root, 'phantom-show');
    await initPodcast({ dir, feed });
    const presenters = await readFile(join(dir, 'presenters.json'), 'utf8');
    expect(presenters).not.toContain('Phantom');
  });

  it('suggests --recover after a feed with a broken item, as the build will need it', async () => {
    const feed = join(root, 'broken.xml');
    await writeFile(
      feed,
      FEED.replace('<title>Episode 1: One</title>', '<title>One &gtgt;</title>'),
    );
    const dir = join(root, 'broken-show');
    const result = await initPodcast({ dir, feed });
    expect(result.notes.some((note) => note.startsWith('skipped the broken feed item'))).toBe(true);
    expect(result.nextCommands[0]).toBe(`npx trawl build ${dir} --out ${dir}/db --recover`);
  });

  it('never writes through a link: a dangling config link or a transcripts link is refused', async () => {
    const outside = join(root, 'outside');
    await mkdir(outside);
    const dangling = join(root, 'dangling');
    await mkdir(dangling);
    await symlink(join(outside, 'planted.json'), join(dangling, 'trawl.config.json'));
    await expect(initPodcast({ dir: dangling })).rejects.toThrow(
      /dangling: already has trawl\.config\.json: init never replaces files/,
    );
    const linked = join(root, 'linked');
    await mkdir(linked);
    await symlink(outside, join(linked, 'transcripts'));
    await expect(initPodcast({ dir: linked })).rejects.toThrow(
      /linked\/transcripts: is a link: init writes only into a real transcripts folder/,
    );
    expect(await readdir(outside)).toEqual([]);
    expect((await lstat(join(linked, 'trawl.config.json')).catch(() => null)) === null).toBe(true);
  });

  it('says a file is not a folder, with no stack', async () => {
    const file = join(root, 'a-file');
    await writeFile(file, 'x');
    await expect(initPodcast({ dir: file })).rejects.toThrow(
      /a-file: is a file, not a folder: give init a new or empty folder/,
    );
    await expect(initPodcast({ dir: join(file, 'below') })).rejects.toThrow(
      /a-file: is a file, not a folder/,
    );
  });
});
