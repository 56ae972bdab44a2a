import { useState, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { TrawlDatabase } from '../data/database-types.ts';
import { DatabaseProvider } from '../data/database-context.tsx';
import { routes } from './routes.tsx';

/** The browser router, based at the build's base path so the site works in a sub-folder. */
export function createAppRouter(): ReturnType<typeof createBrowserRouter> {
  return createBrowserRouter(routes, {
    basename: import.meta.env.BASE_URL.replace(/\/$/, '') || '/',
  });
}

/** The whole site: the database for every page below, and the routes. */
export function App({ database }: { database: TrawlDatabase }): ReactNode {
  const [router] = useState(createAppRouter);
  return (
    <DatabaseProvider database={database}>
      <RouterProvider router={router} />
    </DatabaseProvider>
  );
}
