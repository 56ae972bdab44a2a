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
import { ROUTER_BASENAME } from '../app/paths.ts';
import { HtmlSanitizerProvider, type HtmlSanitizer } from '../shared/html-sanitizer.tsx';
import { pageDataFor, transcriptsOf, type PageData } from './page-data.ts';

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

/** Renders the page at `path` ('/', '/episodes/12', any other path for the 404 page). */
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
  const database = staticDatabase(source);
  const render = (cache: ResourceCache, snapshot: ListSnapshot | null): string =>
    renderToString(
      <StrictMode>
        <HtmlSanitizerProvider sanitize={source.sanitizeHtml}>
          <AppData
            database={database}
            cache={cache}
            snapshot={snapshot}
            version={source.config.version}
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
  // Load what the page needs, a pass at a time.
  const collecting = createCollectingCache();
  render(collecting, null);
  for (let pass = 1; await collecting.settle(); pass += 1) {
    if (pass >= MAX_PASSES) throw new Error(`${path}: still loading after ${MAX_PASSES} passes`);
    render(collecting, null);
  }
  // The last pass sees exactly what the browser's first render will: the page's data.
  const entries = collecting.entries();
  const data = pageDataFor(source.config, path, entries);
  // The transcripts are written into the page as text; the browser keeps that text until
  // it has loaded them itself, so the page does not carry them twice.
  const appHtml = render(
    createResourceCache({ ...data.resources, ...transcriptsOf(entries) }),
    data.list,
  );
  return { status: context.statusCode, appHtml, data };
}
