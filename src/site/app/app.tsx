import { useEffect, useState, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { TrawlDatabase } from '../data/database-types.ts';
import { DatabaseProvider } from '../data/database-context.tsx';
import { ListSnapshotProvider, type ListSnapshot } from '../data/list-snapshot.tsx';
import { PageVersionProvider, type PageOrigin } from '../data/newer-version.tsx';
import {
  createResourceCache,
  ResourceCacheProvider,
  type ResourceCache,
  type ResourceEntries,
} from '../data/resource-cache.tsx';
import {
  TranscriptPrerenderProvider,
  type TranscriptPrerender,
} from '../features/transcript/transcript-reading.tsx';
import { APP_READY_MARK } from './app-ready-mark.ts';
import { ROUTER_BASENAME } from './paths.ts';
import { routes } from './routes.tsx';

/** The browser router, based at the build's base path so the site works in a sub-folder. */
export function createAppRouter(): ReturnType<typeof createBrowserRouter> {
  return createBrowserRouter(routes, { basename: ROUTER_BASENAME });
}

/** What a pre-rendered page hands the app (src/site/prerender/page-data.ts). */
export interface PageSeed {
  /** Where the page came from: its version (a list page) or its path and content hash. */
  origin: PageOrigin | null;
  resources: ResourceEntries;
  list: ListSnapshot | null;
  /** The reading-form transcripts on the page, by episode id, read off it before hydrating. */
  readings?: ReadonlyMap<number, string>;
}

/**
 * The whole site: the database for every page below, and the routes. A pre-rendered page's
 * data seeds the loads it already shows.
 */
export function App({
  database,
  page = null,
}: {
  database: TrawlDatabase;
  page?: PageSeed | null;
}): ReactNode {
  const [router] = useState(createAppRouter);
  const [cache] = useState(() => createResourceCache(page?.resources));
  useEffect(() => {
    performance.mark(APP_READY_MARK);
  }, []);
  return (
    <AppData
      database={database}
      cache={cache}
      snapshot={page?.list ?? null}
      origin={page?.origin ?? null}
      transcripts={page ? { kind: 'hydrate', markup: page.readings ?? new Map() } : null}
    >
      <RouterProvider router={router} />
    </AppData>
  );
}

/**
 * What every page reads besides its URL: the database, the loads already made, and a
 * pre-rendered page's rows. The pre-renderer wraps its last pass in the same providers with
 * the page's own data, so that pass and the browser's first render are the same render.
 */
export function AppData({
  database,
  cache,
  snapshot,
  origin,
  transcripts,
  children,
}: {
  database: TrawlDatabase;
  cache: ResourceCache;
  snapshot: ListSnapshot | null;
  /** Where a pre-rendered page came from (null: not one, or not known while rendering). */
  origin: PageOrigin | null;
  /** How transcripts meet a pre-rendered page (written in reading form, or kept from it). */
  transcripts: TranscriptPrerender | null;
  children: ReactNode;
}): ReactNode {
  return (
    <ResourceCacheProvider cache={cache}>
      <ListSnapshotProvider snapshot={snapshot}>
        <PageVersionProvider origin={origin}>
          <TranscriptPrerenderProvider value={transcripts}>
            <DatabaseProvider database={database}>{children}</DatabaseProvider>
          </TranscriptPrerenderProvider>
        </PageVersionProvider>
      </ListSnapshotProvider>
    </ResourceCacheProvider>
  );
}
