import { act, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fixtureDatabaseForFile } from '../data/test-support/fixture-database.ts';
import { routes } from './routes.tsx';
import { renderApp } from './test-support/render-app.tsx';

const fixture = fixtureDatabaseForFile();

function Broken(): ReactNode {
  throw new Error('a component broke');
}

/** The site's routes plus one page that fails to render, under the same error boundary. */
function withBrokenPage(list: RouteObject[]): RouteObject[] {
  return list.map((route): RouteObject => {
    if (route.index) return route;
    const children =
      route.id === 'app'
        ? [{ path: '/broken', Component: Broken }, ...(route.children ?? [])]
        : withBrokenPage(route.children ?? []);
    return { ...route, children };
  });
}
const routesWithBrokenPage = withBrokenPage(routes);

describe('error screens', () => {
  it('shows "Something went wrong." with a reload link and logs a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(fixture.database, '/broken', routesWithBrokenPage);
    expect(screen.getByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'reload page' })).toHaveAttribute(
      'href',
      window.location.href,
    );
    expect(warn).toHaveBeenCalledWith(
      'Something went wrong.',
      expect.objectContaining({ message: 'a component broke' }),
    );
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
    error.mockRestore();
  });

  it('shows the 404 page for unknown paths, not the router default', () => {
    renderApp(fixture.database, '/episodes/1/extra');
    expect(screen.getByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });

  it("leaves router-internal errors (405) to the router's default screen", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router } = renderApp(fixture.database, '/');
    await act(() => router.navigate('/', { formMethod: 'post', formData: new FormData() }));
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('405 Method Not Allowed')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong.')).toBeNull();
    expect(warn).not.toHaveBeenCalledWith('Something went wrong.', expect.anything());
    error.mockRestore();
  });
});
