import { z } from 'zod';
import { ok, problem, warn, type Finding } from './findings.ts';
import {
  bodyText,
  describeOutcome,
  isHtml,
  isResponse,
  pathOf,
  type HostObservations,
  type PageProbes,
  type RecordedResponse,
} from './responses.ts';

/**
 * The pre-rendered pages' part of `trawl check-host`: whether the site root is a pre-rendered
 * page, which episodes it links to, and the rules that an episode route answers 200 with its
 * own page (not the app shell, not the home page) and an unknown route the 404 page with 404.
 */

/** An episode number as the builder writes it; anything else in a link is not probed. */
const EPISODE_NUMBER = /^[0-9]{1,12}(?:\.[0-9]{1,6})?$/;

/** True when the page's #root holds rendered markup (a pre-rendered page, not the app shell). */
export function isPrerendered(html: string): boolean {
  return /<div id="root">\s*<[a-z]/i.test(html);
}

/**
 * The episode numbers a page links to under the site root, in document order, without
 * repeats. Links to other origins or outside the root, and numbers of any other shape, are
 * ignored, so a hostile page cannot send the probe anywhere else.
 */
export function episodeLinks(html: string, pageUrl: string, rootUrl: string): string[] {
  const root = new URL(rootUrl);
  const found: string[] = [];
  for (const match of html.matchAll(/\bhref\s*=\s*["']([^"']+)["']/gi)) {
    let url: URL;
    try {
      url = new URL(match[1]?.replaceAll('&amp;', '&') ?? '', pageUrl);
    } catch {
      continue;
    }
    if (url.origin !== root.origin || !url.pathname.startsWith(`${root.pathname}episodes/`)) {
      continue;
    }
    const number = url.pathname.slice(root.pathname.length + 'episodes/'.length);
    if (EPISODE_NUMBER.test(number) && !found.includes(number)) found.push(number);
  }
  return found;
}

/** The episodes to probe: the first one linked, and the first with a decimal part if any. */
export function episodesToProbe(links: readonly string[]): string[] {
  const first = links[0];
  const dotted = links.find((number) => number.includes('.'));
  return [first, dotted].filter(
    (number, index, all): number is string => number !== undefined && all.indexOf(number) === index,
  );
}

const jsonLdEpisodeSchema = z.object({
  '@type': z.literal('PodcastEpisode'),
  episodeNumber: z.union([z.string(), z.number()]),
});

/** The `episodeNumber`s of the page's JSON-LD `PodcastEpisode`s. */
export function jsonLdEpisodeNumbers(html: string): string[] {
  const numbers: string[] = [];
  for (const match of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    try {
      const value: unknown = JSON.parse(match[1] ?? '');
      for (const item of Array.isArray(value) ? value : [value]) {
        const episode = jsonLdEpisodeSchema.safeParse(item);
        if (episode.success) numbers.push(String(episode.data.episodeNumber));
      }
    } catch {
      // Not JSON: not a page Trawl wrote.
    }
  }
  return numbers;
}

/** The `<title>` of a page, or ''. */
export function titleOf(html: string): string {
  return /<title>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() ?? '';
}

const FIX_PAGES =
  'upload the whole bundle (public/, with episodes/<n>.html) and do not rewrite episodes/* to index.html; nginx: use the bundle’s nginx/trawl.conf';

function checkEpisode(
  obs: HostObservations,
  home: RecordedResponse,
  episode: PageProbes['episodes'][number],
): Finding {
  const path = pathOf(episode.url, obs.rootUrl);
  const { response } = episode;
  if (!isResponse(response) || response.status !== 200 || !isHtml(response)) {
    return problem(
      'pages',
      `${path} answered ${describeOutcome(response)}${isResponse(response) && isHtml(response) ? ' with HTML' : ''}: search engines and shared links do not reach the episode`,
      FIX_PAGES,
    );
  }
  const html = bodyText(response);
  if (!isPrerendered(html)) {
    return problem(
      'pages',
      `${path} is answered with the empty app shell, not its own page: crawlers see no episode`,
      FIX_PAGES,
    );
  }
  if (jsonLdEpisodeNumbers(html).includes(episode.number)) {
    return ok('pages', `${path} is its own page (200, names episode ${episode.number})`);
  }
  const sameAsHome = bodyText(home) === html || titleOf(html) === titleOf(bodyText(home));
  return problem(
    'pages',
    `${path} answered 200 with ${sameAsHome ? 'the home page' : 'a page that does not name episode ' + episode.number}, not the episode’s own page`,
    FIX_PAGES,
  );
}

function checkUnknown(obs: HostObservations, unknown: PageProbes['unknown']): Finding {
  const path = pathOf(unknown.url, obs.rootUrl);
  const { response } = unknown;
  if (isResponse(response) && response.status === 404 && isHtml(response)) {
    return isPrerendered(bodyText(response))
      ? ok('pages', `an unknown route is the 404 page with status 404 (${path})`)
      : warn(
          'pages',
          `an unknown route is a 404 without the site’s 404 page (${path})`,
          'serve the bundle’s 404.html for unknown paths (nginx: error_page 404; Netlify, Cloudflare and GitHub Pages do it by themselves)',
        );
  }
  return warn(
    'pages',
    `an unknown route answered ${describeOutcome(response)}, not 404 (${path}): search engines index it as a page`,
    'answer unknown paths with 404.html and status 404; do not rewrite every path to index.html',
  );
}

/** The pages checks, when the site root is a pre-rendered page. */
export function checkPages(obs: HostObservations): Finding[] {
  const { pages, index } = obs;
  if (pages === undefined || !isResponse(index)) return [];
  const findings: Finding[] =
    pages.episodes.length === 0
      ? [
          warn(
            'pages',
            'the home page links to no episode: no episode page could be checked',
            'check that the database has episodes and the bundle is whole',
          ),
        ]
      : pages.episodes.map((episode) => checkEpisode(obs, index, episode));
  findings.push(checkUnknown(obs, pages.unknown));
  return findings;
}
