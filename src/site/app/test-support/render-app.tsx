import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { TrawlDatabase } from '../../data/database-types.ts';
import { DatabaseProvider } from '../../data/database-context.tsx';
import { ResourceCacheProvider, type ResourceCache } from '../../data/resource-cache.tsx';
import { routes } from '../routes.tsx';

type MemoryRouter = ReturnType<typeof createMemoryRouter>;

/**
 * Renders the site's routes at `path` in a memory router, with the given database; with
 * `cache`, the visit's resource cache as the app provides it (app.tsx), else none.
 */
export function renderApp(
  database: TrawlDatabase,
  path = '/',
  routeObjects: RouteObject[] = routes,
  cache?: ResourceCache,
): RenderResult & { router: MemoryRouter; user: UserEvent } {
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  const app = <RouterProvider router={router} />;
  const result = render(
    <DatabaseProvider database={database}>
      {cache === undefined ? (
        app
      ) : (
        <ResourceCacheProvider cache={cache}>{app}</ResourceCacheProvider>
      )}
    </DatabaseProvider>,
  );
  return { ...result, router, user: userEvent.setup() };
}

/** The current URL of a memory router, path and query. */
export function currentUrl(router: MemoryRouter): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
