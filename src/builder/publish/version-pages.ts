/**
 * Where a published version keeps its pre-rendered pages, and which page file answers which
 * site path. `trawl build` writes them (prerender.ts); `trawl serve` and `trawl bundle` read
 * them from the version latest.json names, so a page and its database always match.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { normaliseEpisodeNumber } from '../../core/episode-filters.ts';
import { listPageOfPath } from '../../core/page-url.ts';
import { MAX_DECIMALS, MAX_WHOLE_DIGITS } from '../read/episode-number.ts';
import { PAGES_FOLDER, readLatest } from './publish.ts';

/** An episode's page path: a plain decimal number, which `normaliseEpisodeNumber` reads. */
const EPISODE_PATH = new RegExp(
  `^/episodes/([0-9]{1,${MAX_WHOLE_DIGITS}}(?:\\.[0-9]{1,${MAX_DECIMALS}})?)/?$`,
);

/**
 * The page file (relative to the pages folder) for a site path: '/' → 'index.html',
 * '/page/3' → 'page/3.html', '/episodes/14.5' → 'episodes/14.5.html', plus 'sitemap.xml' and
 * 'robots.txt'. Undefined for any other path ('/episodes/014.50' included), so no request can
 * name a file outside the pages folder and each page has one address.
 */
export function pageFileFor(path: string): string | undefined {
  if (path === '/' || path === '/index.html') return 'index.html';
  if (path === '/sitemap.xml' || path === '/robots.txt') return path.slice(1);
  // '/page/3' (no leading zeros, so one page has one address) is 'page/3.html'.
  const listPage = listPageOfPath(path);
  if (listPage !== null) return listPage > 1 ? `page/${listPage}.html` : undefined;
  const written = EPISODE_PATH.exec(path)?.[1];
  // Canonical numbers only (decision 0038): '/episodes/04.50' has no page, as on any host.
  const episode = written === undefined ? null : normaliseEpisodeNumber(written);
  return episode === null || episode !== written ? undefined : `episodes/${episode}.html`;
}

/** The pages folder of the version `<dbDir>/latest.json` names, if that version has pages. */
export async function latestPagesDir(dbDir: string): Promise<string | undefined> {
  const latest = await readLatest(dbDir);
  if (latest === undefined) return undefined;
  const dir = join(dbDir, latest.latest, PAGES_FOLDER);
  return (await stat(dir).catch(() => undefined))?.isDirectory() ? dir : undefined;
}
