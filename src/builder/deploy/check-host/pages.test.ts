import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadSiteBuild } from '../../publish/prerender.ts';
import { startServer, type RunningServer } from '../../serve/serve.ts';
import { siteMounts } from '../../serve/site-mounts.ts';
import { writeBuiltSiteWithServer } from '../../test-support/bundle-fixtures.ts';
import { buildFixturePodcast } from '../../test-support/fixture-podcast.ts';
import { cleanObservations, recorded, ROOT, verdicts } from '../../test-support/recorded-host.ts';
import { runCheckHost } from '../../commands/check-host-command.ts';
import { checkPages, episodeLinks, episodesToProbe, jsonLdEpisodeNumbers } from './pages.ts';
import type { HostObservations, RecordedResponse } from './responses.ts';
import { evaluateHost } from './rules.ts';

const HOME = `<title>Show</title><div id="root"><a href="/episodes/3">3</a><a href="/episodes/14.5?q=x">14.5</a></div>`;

function page(status: number, body: string, url = ROOT): RecordedResponse {
  return recorded(
    status,
    { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
    body,
    url,
  );
}

function episodePage(number: string): string {
  const jsonLd = JSON.stringify({ '@type': 'PodcastEpisode', episodeNumber: number });
  return `<title>Episode · Show</title><script type="application/ld+json">${jsonLd}</script><div id="root"><h1>Episode</h1></div>`;
}

/** Observations of a host with pages: the home page, episode 3, and the unknown route. */
function withPages(episode: RecordedResponse, unknown: RecordedResponse): HostObservations {
  return {
    ...cleanObservations(),
    index: page(200, HOME),
    pages: {
      episodes: [{ number: '3', url: `${ROOT}episodes/3`, response: episode }],
      unknown: { url: `${ROOT}trawl-check-host-missing-1`, response: unknown },
    },
  };
}

const NOT_FOUND = page(404, '<title>Not found</title><div id="root"><h1>No such page</h1></div>');

describe('episodeLinks', () => {
  test('reads the episode numbers the home page links to, under the site root only', () => {
    const html = [
      '<a href="/sub/episodes/3">',
      '<a href="/sub/episodes/14.5?q=whale&amp;t=3">',
      '<a href="/sub/episodes/3">',
      '<a href="https://elsewhere.example/sub/episodes/7">',
      '<a href="/episodes/8">',
      '<a href="/sub/episodes/..%2F..%2Fetc%2Fpasswd">',
      '<a href="/sub/episodes/1/../../../admin">',
      '<a href="javascript:alert(1)">',
      '<a href="/sub/episodes/9e99">',
      '<a href="http://[bad">',
    ].join('');
    const root = 'https://podcast.example.org/sub/';
    expect(episodeLinks(html, `${root}`, root)).toEqual(['3', '14.5']);
  });

  test('probes the first episode and the first with a decimal part', () => {
    expect(episodesToProbe(['3', '2', '14.5', '4.5'])).toEqual(['3', '14.5']);
    expect(episodesToProbe(['14.5', '3'])).toEqual(['14.5']);
    expect(episodesToProbe([])).toEqual([]);
  });

  test('reads episode numbers from JSON-LD, ignoring what is not JSON', () => {
    expect(jsonLdEpisodeNumbers(episodePage('14.5'))).toEqual(['14.5']);
    expect(jsonLdEpisodeNumbers('<script type="application/ld+json">{not json</script>')).toEqual(
      [],
    );
  });
});

describe('checkPages', () => {
  test('an episode that is its own page and an unknown route that is the 404 page pass', () => {
    const obs = withPages(page(200, episodePage('3')), NOT_FOUND);
    expect(verdicts(evaluateHost(obs, { crossOrigin: false }))).toEqual([]);
    const findings = evaluateHost(obs, { crossOrigin: false });
    expect(findings.filter((finding) => finding.check === 'spa')).toEqual([]);
    expect(checkPages(obs).map((finding) => finding.message)).toEqual([
      'episodes/3 is its own page (200, names episode 3)',
      'an unknown route is the 404 page with status 404 (trawl-check-host-missing-1)',
    ]);
  });

  test('names a host that answers an episode with the home page, the app shell or a 404', () => {
    const cases: [RecordedResponse, RegExp][] = [
      [page(200, HOME), /episodes\/3 answered 200 with the home page/],
      [page(200, '<title>Trawl</title><div id="root"></div>'), /empty app shell/],
      [NOT_FOUND, /episodes\/3 answered HTTP 404 with HTML/],
      [page(200, episodePage('4')), /a page that does not name episode 3/],
    ];
    for (const [response, message] of cases) {
      const [finding] = checkPages(withPages(response, NOT_FOUND));
      expect(finding?.severity).toBe('problem');
      expect(finding?.message).toMatch(message);
    }
  });

  test('warns about an unknown route that answers 200 (a soft 404)', () => {
    const findings = checkPages(withPages(page(200, episodePage('3')), page(200, HOME)));
    expect(findings[1]).toMatchObject({ severity: 'warning', check: 'pages' });
    expect(findings[1]?.message).toMatch(/answered HTTP 200, not 404/);
  });
});

// Against `trawl serve`'s server with the fixture podcast built with pages.
describe('trawl check-host on a site with pre-rendered pages', () => {
  let root: string;
  let server: RunningServer;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'trawl-check-pages-'));
    const siteDir = await writeBuiltSiteWithServer(join(root, 'build'), '/');
    await buildFixturePodcast(join(root, 'fixture'), { siteBuild: await loadSiteBuild(siteDir) });
    server = await startServer({
      mounts: siteMounts({ dbDir: join(root, 'fixture', 'db'), siteDir }),
    });
  });

  afterAll(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });

  test('finds each probed episode its own page and the unknown route a 404', async () => {
    let output = '';
    await runCheckHost({ url: `${server.url}/`, write: (text) => (output += text) });
    expect(output).toMatch(/^ok {7}pages: episodes\/\S+ is its own page \(200, names episode/m);
    expect(output).toMatch(/^ok {7}pages: episodes\/14\.5 is its own page/m);
    expect(output).toMatch(/^ok {7}pages: an unknown route is the 404 page with status 404/m);
    expect(output).not.toMatch(/^PROBLEM {2}pages/m);
  });
});
