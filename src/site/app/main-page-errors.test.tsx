import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  openFixtureDatabase,
  fixtureDatabaseForFile,
  type FixtureDatabase,
} from '../data/test-support/fixture-database.ts';
import type { TrawlDatabase } from '../data/database-types.ts';
import { renderApp } from './test-support/render-app.tsx';

// The main page's load and search errors on the database the real builder makes from its fixture podcast:
// episodes 15, 14.5, 5, 4, 3, 2, 1 (newest first), 5 per page, hosts 6 and 7.
const fixture = fixtureDatabaseForFile();

async function loaded(): Promise<void> {
  await screen.findByText(/showing all|found \d+ of/);
}

describe('description errors', () => {
  it('loads the descriptions again after a failed load, without a reload', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let failures = 0;
    const flaky: TrawlDatabase = {
      ...fixture.database,
      query: (sql, params) => {
        if (sql.includes('episode_descriptions') && failures < 2) {
          failures += 1;
          return Promise.reject(new Error('NetworkError: a chunk request failed'));
        }
        return fixture.database.query(sql, params);
      },
    };
    try {
      renderApp(flaky);
      await loaded();
      const row = screen.getByRole('article', { name: '14.5: A half episode: Narwhal Special' });
      expect(within(row).queryByText('narwhal')).toBeNull();
      // Two failures: the retries after 1 s and 4 s; the second brings them.
      await waitFor(() => expect(within(row).getByText('narwhal')).toBeInTheDocument(), {
        timeout: 8_000,
      });
      expect(failures).toBe(2);
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      warn.mockRestore();
    }
  }, 15_000);
});

/** The database with its site settings changed, as a show's trawl.config.json would. */
function withSettings(
  fixtureDb: FixtureDatabase,
  site: Partial<FixtureDatabase['config']['site']>,
): TrawlDatabase {
  const config = { ...fixtureDb.config, site: { ...fixtureDb.config.site, ...site } };
  return { ...fixtureDb.database, open: () => Promise.resolve(config) };
}

describe('search errors', () => {
  it('shows "Problem while searching" for a damaged index, re-creates the worker, and recovers', async () => {
    const broken = await openFixtureDatabase({ corruptSearchIndex: true });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { user } = renderApp(broken.database);
      await loaded();
      // Pasted, not typed: on a busy machine a pause between two keys ran the typing search for
      // a prefix ('narw'), whose failure re-created the worker on the intact copy before
      // 'narwhal' was searched (seen once: 'found 1 of 7 episodes' and no card).
      await user.click(screen.getByRole('combobox', { name: 'Search episodes' }));
      await user.paste('narwhal');
      await user.keyboard('{Enter}');
      const card = await screen.findByRole('alert');
      expect(
        within(card).getByRole('heading', { name: 'Problem while searching' }),
      ).toBeInTheDocument();
      // The show configures nowhere to report to: the card does not claim a report.
      expect(card).toHaveTextContent('Sorry about that. Please try a different search.');
      expect(card).not.toHaveTextContent(/report/i);
      expect(screen.queryByText(/showing all|found \d+ of/)).toBeNull();
      expect(broken.recreations()).toBe(1);
      expect(warn).toHaveBeenCalled();

      await user.click(screen.getByRole('button', { name: 'Search' }));
      expect(await screen.findByText('found 1 of 7 episodes')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      await broken.close();
    }
  });

  it('shows a query error message as the card title', async () => {
    const outdated = await openFixtureDatabase({ dropTable: 'words_fts' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      // Three words: a 2-word phrase is answered by search_pairs, longer ones by words_fts.
      renderApp(outdated.database, '/?q=%22I+like+ice%22');
      const card = await screen.findByRole('alert');
      expect(
        within(card).getByRole('heading', { name: 'no such table: words_fts' }),
      ).toBeInTheDocument();
      expect(outdated.recreations()).toBe(0);
      expect(warn).toHaveBeenCalledWith('Search failed.', expect.any(Error));
    } finally {
      await outdated.close();
    }
  });

  it('files a report where the show says, and only then says so', async () => {
    // Without words_fts a 3-word phrase fails every time it is searched.
    const broken = await openFixtureDatabase({ dropTable: 'words_fts' });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sent: { url: string; body: unknown }[] = [];
    const sendBeacon = vi.fn((url: string | URL, data?: BodyInit | null) => {
      sent.push({ url: String(url), body: data });
      return true;
    });
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    try {
      const database = withSettings(broken, { errorReports: '/reports' });
      const { user } = renderApp(database, '/?q=%22I+like+ice%22');
      const card = await screen.findByRole('alert');
      expect(card).toHaveTextContent(
        'Sorry about that. A report has been filed. Please try a different search.',
      );
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]?.url).toBe('/reports');
      const body = sent[0]?.body;
      if (!(body instanceof Blob)) throw new Error('the report is not a Blob');
      expect(body.type).toBe('application/json');
      // jsdom's Blob has no text(); its FileReader reads it.
      const text = await new Promise<string>((done) => {
        const reader = new FileReader();
        reader.onload = () => done(typeof reader.result === 'string' ? reader.result : '');
        reader.readAsText(body);
      });
      expect(JSON.parse(text)).toMatchObject({
        kind: 'search',
        message: 'no such table: words_fts',
        page: '/',
      });
      // A browser that refuses the beacon filed nothing, and the card says so.
      sendBeacon.mockReturnValue(false);
      await user.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() => expect(sendBeacon).toHaveBeenCalledTimes(2));
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent(
          'Sorry about that. Please try a different search.',
        ),
      );
    } finally {
      vi.unstubAllGlobals();
      await broken.close();
    }
  });
});
