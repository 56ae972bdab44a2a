import type { RouteObject } from 'react-router';
import { AppErrorBoundary, NotFoundPage } from './error-screens.tsx';
import { MainPage } from './main-page.tsx';
import { paths } from './paths.ts';

/**
 * `/`, `/page/:page` and `/episodes/:episodeId` share one MainPage (so moving between them keeps the page's
 * state and loaded data); any other path is the 404 page.
 *
 * The root route has no error boundary of its own, so the router's default screen
 * ('Unexpected Application Error!') stays in place above the app's boundary: the app's
 * boundary hands router-internal errors (405 and the like) up to it.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    children: [
      {
        id: 'app',
        ErrorBoundary: AppErrorBoundary,
        children: [
          {
            path: paths.home,
            Component: MainPage,
            // The page renders the list itself; these only name the paths and the parameter.
            children: [
              { index: true, element: null },
              { path: paths.episodePattern, element: null },
              // A page of the plain list ('/page/3'); a path that is not a page is the 404.
              { path: paths.listPagePattern, element: null },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];
