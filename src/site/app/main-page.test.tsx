import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixtureDatabaseForFile } from '../data/test-support/fixture-database.ts';
import { currentUrl, renderApp } from './test-support/render-app.tsx';

// The whole main page on the database the real builder makes from its fixture podcast:
// episodes 15, 14.5, 5, 4, 3, 2, 1 (newest first), 5 per page, hosts 6 and 7.
const fixture = fixtureDatabaseForFile();

/** Headings of the rows on screen, in order. */
function rowTitles(): string[] {
  return screen
    .queryAllByRole('article')
    .map((row) => within(row).getByRole('heading', { level: 2 }).textContent ?? '');
}

async function loaded(): Promise<void> {
  await screen.findByText(/showing all|found \d+ of/);
}

describe('the main page', () => {
  it('shows the title, the count line and the first page of episodes, newest first', async () => {
    const { container } = renderApp(fixture.database);
    expect(screen.getByRole('status', { name: 'Loading episodes' })).toBeInTheDocument();
    await loaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Fixture Facts' })).toBeInTheDocument();
    expect(document.title).toBe('Fixture Facts');
    expect(screen.getByRole('link', { name: 'source code' })).toHaveAttribute(
      'href',
      'https://example.org/fixture-facts',
    );
    expect(screen.getByText('showing all 7 episodes')).toBeInTheDocument();
    expect(rowTitles()).toEqual([
      '15: Episode Fifteen: Mountains and Molecules',
      '14.5: A half episode: Narwhal Special',
      '5: Nothing Said Yet',
      '4: Compilation of the best bits',
      '3: Live From Sydney',
    ]);
    expect(screen.getByRole('combobox', { name: 'Search episodes' })).toHaveAttribute(
      'placeholder',
      'Search episodes and transcripts',
    );
    expect(screen.getByLabelText('page')).toHaveValue('1');
    expect(screen.getByText('of 2')).toBeInTheDocument();
    expect(container.querySelector('.spinner')).toBeNull();
  });

  it('renders a row: link, date, venue, greyed host, sanitised description, duration', async () => {
    renderApp(fixture.database);
    await loaded();
    const row = screen.getByRole('article', { name: '14.5: A half episode: Narwhal Special' });
    expect(
      within(row).getByRole('link', { name: '14.5: A half episode: Narwhal Special' }),
    ).toHaveAttribute('href', '/episodes/14.5');
    expect(within(row).getByText('Apr 29, 2024')).toBeInTheDocument();
    expect(within(row).getByText('Theatre Royal, Main Stage')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Ada Fairweather' })).toBeInTheDocument();
    expect(
      within(row).getByRole('img', { name: 'Bram J. Okafor (not in this episode)' }),
    ).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Artwork of episode 14.5' })).toHaveAttribute(
      'src',
      // The fixture podcast has no media folder: the feed's own artwork URL.
      'https://example.org/images/14.5.jpg',
    );
    await waitFor(() => expect(within(row).getByText('narwhal')).toBeInTheDocument());
    expect(within(row).getByText('bad link')).not.toHaveAttribute('href');
    expect(within(row).getByRole('button', { name: 'Live' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Compilation' })).toBeNull();
  });

  it('searches on submit, ignores short terms and keeps the term in the URL', async () => {
    const { user, router } = renderApp(fixture.database);
    await loaded();
    const box = screen.getByRole('combobox', { name: 'Search episodes' });
    await user.type(box, 'ab{Enter}');
    expect(screen.getByText('Type at least 3 characters to search.')).toBeInTheDocument();
    expect(screen.getByText('showing all 7 episodes')).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, '  narwhal ');
    // A pause in typing searches (search-typing.test.tsx); the button searches as before.
    expect(
      await screen.findByText('found 1 of 7 episodes', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(box).toHaveValue('  narwhal ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('found 1 of 7 episodes')).toBeInTheDocument();
    expect(rowTitles()).toEqual(['14.5: A half episode: Narwhal Special']);
    expect(currentUrl(router)).toBe('/?q=narwhal');
    expect(screen.queryByLabelText('page')).toBeNull();

    // Typed over the term (an emptied box would search at a pause: search-typing.test.tsx).
    await user.tripleClick(box);
    await user.keyboard('!!!{Enter}');
    expect(screen.getByText('“!!!” has no words or numbers to search for.')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/?q=narwhal');

    await user.clear(box);
    await user.type(box, '{Enter}');
    expect(await screen.findByText('showing all 7 episodes')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/');
  });

  it('shows the empty state when nothing matches', async () => {
    renderApp(fixture.database, '/?q=zeppelin');
    expect(await screen.findByText('found 0 of 7 episodes')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No results found' })).toBeInTheDocument();
    expect(screen.getByText('Try doing another search.')).toBeInTheDocument();
  });

  it('restores a shared link: term, filters and page', async () => {
    renderApp(fixture.database, '/?q=ice+cream&fieldsOff=title&typesOff=live&venues=2');
    expect(await screen.findByText('found 1 of 7 episodes')).toBeInTheDocument();
    expect(rowTitles()).toEqual(['15: Episode Fifteen: Mountains and Molecules']);
    expect(screen.getByRole('combobox', { name: 'Search episodes' })).toHaveValue('ice cream');
    expect(screen.getByRole('button', { name: '[+] show filters (3)' })).toBeInTheDocument();
  });

  it('follows back and forward through searches and pages', async () => {
    const { user, router } = renderApp(fixture.database);
    await loaded();
    const next = screen.getByRole('link', { name: 'Next page' });
    // The page's own address, which works without scripts too.
    expect(next).toHaveAttribute('href', '/page/2');
    await user.click(next);
    expect(rowTitles()).toEqual(['2: Numbers Nobody Can Say', '1: Octopus Hearts']);
    expect(currentUrl(router)).toBe('/page/2');
    await user.type(screen.getByRole('combobox', { name: 'Search episodes' }), 'ice cream{Enter}');
    expect(await screen.findByText('found 2 of 7 episodes')).toBeInTheDocument();
    // A new search starts on page 1.
    expect(currentUrl(router)).toBe('/?q=ice+cream');

    // A move between the list's routes ('/' and '/page/2') is the router's transition: act
    // lets it finish.
    await act(() => router.navigate(-1));
    expect(currentUrl(router)).toBe('/page/2');
    await waitFor(() =>
      expect(rowTitles()).toEqual(['2: Numbers Nobody Can Say', '1: Octopus Hearts']),
    );
    expect(screen.getByRole('combobox', { name: 'Search episodes' })).toHaveValue('');
    await act(() => router.navigate(1));
    expect(await screen.findByText('found 2 of 7 episodes')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search episodes' })).toHaveValue('ice cream');
  });
});

describe('routes', () => {
  it('shows the episode of /episodes/:episodeId as a page, halves included', async () => {
    const { user, router } = renderApp(fixture.database, '/episodes/14.5');
    const title = await screen.findByRole('heading', {
      level: 1,
      name: '14.5: A half episode: Narwhal Special',
    });
    expect(title).toBeInTheDocument();
    // The show's name is in the header, not a heading; no count line and no filters.
    expect(screen.getByRole('link', { name: /Fixture Facts/ })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('heading', { name: 'Fixture Facts' })).toBeNull();
    expect(screen.queryByText(/showing all|found \d+ of/)).toBeNull();
    expect(screen.queryByRole('button', { name: /show filters/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /expand all/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /show transcript|hide transcript/ })).toBeNull();
    // Without scripts a search from here goes to the list.
    expect(screen.getByRole('search')).toHaveAttribute('action', '/');
    // Its transcript is the page.
    expect(
      await screen.findByRole('region', { name: 'Transcript of episode 14.5' }),
    ).toBeInTheDocument();
    // The way back, and the episodes either side.
    const back = screen.getByRole('navigation', { name: 'Back' });
    expect(within(back).getByRole('link', { name: 'All episodes' })).toHaveAttribute('href', '/');
    const others = screen.getByRole('navigation', { name: 'Other episodes' });
    expect(within(others).getByRole('link', { name: /Previous episode/ })).toHaveTextContent(
      '5: Nothing Said Yet',
    );
    await user.click(within(others).getByRole('link', { name: /Next episode/ }));
    expect(currentUrl(router)).toBe('/episodes/15');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: '15: Episode Fifteen: Mountains and Molecules',
      }),
    ).toBeInTheDocument();
    // The newest episode has no next one.
    expect(screen.queryByRole('link', { name: /Next episode/ })).toBeNull();
  });

  it('links back to the search that led to an episode, and searches the archive from there', async () => {
    const { user, router } = renderApp(fixture.database, '/?q=narwhal');
    expect(await screen.findByText(/^found \d+ of 7 episodes$/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '14.5: A half episode: Narwhal Special' }));
    expect(currentUrl(router)).toBe('/episodes/14.5?q=narwhal');
    const back = await screen.findByRole('link', { name: 'Back to the search for “narwhal”' });
    await user.click(back);
    expect(currentUrl(router)).toBe('/?q=narwhal');
    expect(await screen.findByText(/^found \d+ of 7 episodes$/)).toBeInTheDocument();
    // A search typed on an episode's page shows the list of its results.
    await user.click(screen.getByRole('link', { name: '14.5: A half episode: Narwhal Special' }));
    await screen.findByRole('heading', { level: 1, name: /^14\.5: / });
    const box = screen.getByRole('combobox', { name: 'Search episodes' });
    await user.clear(box);
    await user.type(box, 'mountains{Enter}');
    await waitFor(() => expect(currentUrl(router)).toBe('/?q=mountains'));
    expect(await screen.findByText(/^found \d+ of 7 episodes$/)).toBeInTheDocument();
  });
});

describe('expanding rows', () => {
  it('expands all and collapses all; an episode without a transcript offers none', async () => {
    const { user } = renderApp(fixture.database);
    await loaded();
    const noTranscript = screen.getByRole('article', { name: '5: Nothing Said Yet' });
    const slimLine = (): HTMLElement => within(noTranscript).getByText('No transcript yet');
    expect(slimLine()).toBeInTheDocument();
    expect(
      within(noTranscript).getByRole('img', { name: 'Under construction' }),
    ).toBeInTheDocument();
    expect(within(noTranscript).queryByRole('button', { name: /transcript/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: '[+] show transcript' })).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: '[+] expand all' }));
    expect(screen.getAllByRole('button', { name: '[-] hide transcript' })).toHaveLength(4);
    expect(within(noTranscript).getAllByText('No transcript yet')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '[-] collapse all' }));
    expect(screen.queryAllByRole('button', { name: '[-] hide transcript' })).toHaveLength(0);
  });
});
