import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TrawlDatabase } from '../data/database-types.ts';
import { createResourceCache } from '../data/resource-cache.tsx';
import { fixtureDatabaseForFile } from '../data/test-support/fixture-database.ts';
import { routes } from './routes.tsx';
import { currentUrl, renderApp } from './test-support/render-app.tsx';
import { wholeText } from '../shared/test-support/whole-text.ts';

// Routes that name nothing, and the tab's title on each route, on the database the real
// builder makes from its fixture podcast (episodes 15, 14.5, 5, 4, 3, 2, 1).
const fixture = fixtureDatabaseForFile();

/** Waits for the tab's title (set in an effect once the settings and rows are in). */
async function titleIs(title: string): Promise<void> {
  await waitFor(() => expect(document.title).toBe(title));
}

/** The fixture database, noting the ids of each description query. */
function recordingDescriptions(): { described: string[]; recording: TrawlDatabase } {
  const described: string[] = [];
  const recording: TrawlDatabase = {
    ...fixture.database,
    query: (sql, params, options) => {
      if (sql.includes('episode_descriptions')) described.push(String(params));
      return fixture.database.query(sql, params, options);
    },
  };
  return { described, recording };
}

async function loaded(): Promise<void> {
  await screen.findByText(/showing all|found \d+ of/);
}

describe('pages that name nothing, and tab titles', () => {
  it('says that no such episode exists, with a link home, for a number the podcast lacks', async () => {
    // '/episodes/014.50' too: canonical numbers only, as on every host (decision 0038).
    for (const path of ['/episodes/999', '/episodes/not-a-number', '/episodes/014.50']) {
      const { user, router, unmount } = renderApp(fixture.database, path);
      expect(await screen.findByRole('heading', { name: 'No such episode' })).toBeInTheDocument();
      expect(screen.queryByText(/found \d+ of/)).toBeNull();
      expect(screen.queryByRole('heading', { name: 'No results found' })).toBeNull();
      await titleIs('Not found · Fixture Facts');
      await user.click(screen.getByRole('link', { name: 'Go back home' }));
      expect(currentUrl(router)).toBe('/');
      expect(await screen.findByText('showing all 7 episodes')).toBeInTheDocument();
      await titleIs('Fixture Facts');
      unmount();
    }
    renderApp(fixture.database, '/episodes/999');
    expect(
      await screen.findByText(wholeText(/There is no episode 999 in this podcast/)),
    ).toBeInTheDocument();
  });

  it('shows an episode whatever the filters it was reached with, and links back to them', async () => {
    const { user, router } = renderApp(fixture.database, '/episodes/3?typesOff=live');
    expect(
      await screen.findByRole('heading', { level: 1, name: '3: Live From Sydney' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No results found' })).toBeNull();
    await titleIs('3: Live From Sydney · Fixture Facts');
    await user.click(screen.getByRole('link', { name: 'Back to the filtered list' }));
    expect(currentUrl(router)).toBe('/?typesOff=live');
  });

  it('names the episode and the search in the tab title', async () => {
    const { unmount } = renderApp(fixture.database, '/episodes/14.5');
    await screen.findByRole('heading', { level: 1, name: /^14\.5: / });
    await titleIs('14.5: A half episode: Narwhal Special · Fixture Facts');
    unmount();
    renderApp(fixture.database, '/?q=narwhal');
    expect(await screen.findByText(/^found \d+ of 7 episodes$/)).toBeInTheDocument();
    await titleIs('Search: narwhal · Fixture Facts');
  });

  it('links titles to the episode page, keeping the query but not the page', async () => {
    const { user, router } = renderApp(fixture.database, '/?typesOff=wfh&p=1');
    await loaded();
    await user.click(screen.getByRole('link', { name: '3: Live From Sydney' }));
    expect(currentUrl(router)).toBe('/episodes/3?typesOff=wfh');
    expect(
      await screen.findByRole('heading', { level: 1, name: '3: Live From Sydney' }),
    ).toBeInTheDocument();
  });

  it('shows an episode opened from the list with the description the list read', async () => {
    const { described, recording } = recordingDescriptions();
    const { user } = renderApp(recording, '/', routes, createResourceCache());
    expect(await screen.findByText(wholeText('Recorded live on stage.'))).toBeInTheDocument();
    const readByTheList = described.length;
    expect(readByTheList).toBeGreaterThan(0);
    await user.click(screen.getByRole('link', { name: '3: Live From Sydney' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: '3: Live From Sydney' }),
    ).toBeInTheDocument();
    expect(screen.getByText(wholeText('Recorded live on stage.'))).toBeInTheDocument();
    expect(described).toHaveLength(readByTheList);
  });

  it('reads the description of an episode the visit has not listed', async () => {
    const { described, recording } = recordingDescriptions();
    renderApp(recording, '/episodes/3', routes, createResourceCache());
    expect(await screen.findByText(wholeText('Recorded live on stage.'))).toBeInTheDocument();
    expect(described).toHaveLength(1);
  });

  it('shows the 404 page for any other path, under the site header, with a link home', async () => {
    const { user, router } = renderApp(fixture.database, '/no/such/page');
    expect(screen.getByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fixture Facts' }),
    ).toBeInTheDocument();
    await titleIs('Not found · Fixture Facts');
    await user.click(screen.getByRole('link', { name: 'Go back home' }));
    expect(currentUrl(router)).toBe('/');
    await loaded();
  });
});
