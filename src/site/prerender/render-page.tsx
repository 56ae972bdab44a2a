/**
 * The server entry of the site: renders one route of the app to HTML in Node, with the app's
 * own routes and components, for `trawl build` to publish as a pre-rendered page. Vite builds
 * it with `--ssr` into dist/server; the builder loads that file and passes a query runner over
 * the version's database file.
 *
 * Components load their data in effects, which never run on a server. So the page renders in
 * passes: each `useResource` whose key the collecting cache lacks records its load; the loads
 * run; the page renders again, until a pass asks for nothing new. What was loaded becomes the
 * page's data, which the browser hydrates from (`src/site/main.tsx`).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { DbConfig } from '../../core/site-config.ts';
import { routes } from '../app/routes.tsx';
import type { QueryRunner, TrawlDatabase } from '../data/database-types.ts';
import type { ListSnapshot } from '../data/list-snapshot.tsx';
import {
  createCollectingCache,
  createResourceCache,
  type ResourceCache,
} from '../data/resource-cache.tsx';
import { AppData } from '../app/app.tsx';
import { brandImageUrl } from '../app/branding.ts';
import { ROUTER_BASENAME } from '../app/paths.ts';
import { HtmlSanitizerProvider, type HtmlSanitizer } from '../shared/html-sanitizer.tsx';
import { siteMediaUrls } from '../shared/media-url.ts';
import { loadEpisodeList, loadEpisodes, type EpisodeList } from '../data/queries.ts';
import { forgetRows } from '../data/row-cache.ts';
import {
  EPISODES_KEY,
  indexList,
  pageDataFor,
  snapshotFor,
  transcriptsOf,
  type ListIndex,
  type PageData,
} from './page-data.ts';

export interface PrerenderSource {
  /** Runs the site's SQL on the version's database file. */
  query: QueryRunner['query'];
  config: DbConfig;
  /** Sanitises description HTML (Node has no DOM for the browser's DOMPurify). */
  sanitizeHtml: HtmlSanitizer;
}

export interface RenderedPage {
  /** 200, or 404 for the not-found page. */
  status: number;
  /** The markup of #root. */
  appHtml: string;
  /** What the app hydrates from. */
  data: PageData;
  /** The tab's icon: the podcast's favicon, as the app points it there; null for the site's own. */
  icon: string | null;
}

const WRITE_READING = { kind: 'render' } as const;

/** More passes than any page needs (config, list, descriptions and transcript take four). */
const MAX_PASSES = 8;

function staticDatabase(source: PrerenderSource): TrawlDatabase {
  return {
    query: source.query,
    open: () => Promise.resolve(source.config),
    recreate: () => Promise.resolve(),
    stats: () => Promise.resolve(null),
  };
}

/** What every page of one source shares: the archive's list, read once. */
interface Session {
  database: TrawlDatabase;
  list: Promise<ListIndex>;
  /** What every page may show of the list besides its rows: presenters, venues, speakers. */
  shared: Promise<Omit<EpisodeList, 'episodes' | 'segments'>>;
}

/**
 * Sessions by source: the builder passes one source object for all of a version's pages, so
 * the episode list is read and indexed once per build, not once per page (which made
 * rendering every page grow with the square of the archive).
 */
const sessions = new WeakMap<PrerenderSource, Session>();

function sessionOf(source: PrerenderSource): Session {
  const known = sessions.get(source);
  if (known) return known;
  const database = staticDatabase(source);
  const whole = loadEpisodeList(database);
  const session = {
    database,
    list: loadEpisodes(database).then(indexList),
    shared: whole.then(({ presenters, venues, speakers }) => ({ presenters, venues, speakers })),
  };
  sessions.set(source, session);
  return session;
}

/**
 * What the page at `path` shows of the archive's list, without rendering it: the rows it
 * carries (its `list` data) and the presenters, venues and speakers every page may name. The
 * builder's render cache keys a page by them; the page's other reads are its own queries,
 * which the builder records (decision 0045).
 */
export async function pageSnapshot(
  source: PrerenderSource,
  path: string,
): Promise<{ list: ListSnapshot; shared: Omit<EpisodeList, 'episodes' | 'segments'> }> {
  const session = sessionOf(source);
  const list = snapshotFor(await session.list, path, source.config.site.pageSize);
  return { list, shared: await session.shared };
}

/**
 * Renders the page at `path` ('/', '/episodes/12', any other path for the 404 page). Calls
 * with the same `source` share its list: a page reads only its own rows and loads.
 */
export async function renderPage(source: PrerenderSource, path: string): Promise<RenderedPage> {
  // Under the build's base path, as the browser's router is: links name the same addresses.
  const handler = createStaticHandler(routes, { basename: ROUTER_BASENAME });
  const base = ROUTER_BASENAME === '/' ? '' : ROUTER_BASENAME;
  const context = await handler.query(
    new Request(new URL(`${base}${path}`, 'http://trawl.invalid/')),
  );
  if (context instanceof Response) {
    throw new Error(`${path}: the router answered ${context.status}, not a page`);
  }
  // The list is read once for all pages (through the session's database). The rows a page
  // read for itself (its transcript: 2 MB decoded at 30,000 words) are forgotten once it is
  // rendered, or every page's would stay to the build's end (5.2 GB at 2,000 × 30,000).
  const { database, list } = sessionOf(source);
  const snapshot = snapshotFor(await list, path, source.config.site.pageSize);
  const render = (cache: ResourceCache, snapshot: ListSnapshot | null): string =>
    renderToString(
      <StrictMode>
        <HtmlSanitizerProvider sanitize={source.sanitizeHtml}>
          <AppData
            database={database}
            cache={cache}
            snapshot={snapshot}
            origin={null}
            transcripts={WRITE_READING}
          >
            <StaticRouterProvider
              router={createStaticRouter(handler.dataRoutes, context)}
              context={context}
              hydrate={false}
            />
          </AppData>
        </HtmlSanitizerProvider>
      </StrictMode>,
    );
  // Load what the page needs, a pass at a time. Every pass renders from the page's snapshot of
  // the list, as the browser's first render does; the whole list is never one of its loads.
  const collecting = createCollectingCache({ skip: [EPISODES_KEY] });
  render(collecting, snapshot);
  for (let pass = 1; await collecting.settle(); pass += 1) {
    if (pass >= MAX_PASSES) throw new Error(`${path}: still loading after ${MAX_PASSES} passes`);
    render(collecting, snapshot);
  }
  const entries = collecting.entries();
  const data = pageDataFor(source.config, path, entries, snapshot);
  // The transcripts are written into the page as text; the browser keeps that text until
  // it has loaded them itself, so the page does not carry them twice.
  const appHtml = render(
    createResourceCache({ ...data.resources, ...transcriptsOf(entries) }),
    data.list,
  );
  forgetRows(database);
  // The pre-rendered head names the podcast's icon, so the tab (and a crawler) has it before the
  // app runs; the app points the same link at it again (`useFavicon`).
  const { site } = source.config;
  const icon = brandImageUrl(site.favicon, siteMediaUrls(site, undefined, false));
  return { status: context.statusCode, appHtml, data, icon };
}
