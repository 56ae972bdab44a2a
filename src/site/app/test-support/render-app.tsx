import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { TrawlDatabase } from '../../data/database-types.ts';
import { DatabaseProvider } from '../../data/database-context.tsx';
import { routes } from '../routes.tsx';

type MemoryRouter = ReturnType<typeof createMemoryRouter>;

/** Renders the site's routes at `path` in a memory router, with the given database. */
export function renderApp(
  database: TrawlDatabase,
  path = '/',
  routeObjects: RouteObject[] = routes,
): RenderResult & { router: MemoryRouter; user: UserEvent } {
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  const result = render(
    <DatabaseProvider database={database}>
      <RouterProvider router={router} />
    </DatabaseProvider>,
  );
  return { ...result, router, user: userEvent.setup() };
}

/** The current URL of a memory router, path and query. */
export function currentUrl(router: MemoryRouter): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
