import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixtureDatabaseForFile } from '../data/test-support/fixture-database.ts';
import { currentUrl, renderApp } from './test-support/render-app.tsx';

// Issue 27 on the database the real builder makes from its fixture podcast (7 episodes).
const fixture = fixtureDatabaseForFile();

function rowTitles(): string[] {
  return screen
    .queryAllByRole('article')
    .map((row) => within(row).getByRole('heading', { level: 2 }).textContent ?? '');
}

/** A search's count line: the first search of a page starts the engine's reads, on a busy machine. */
const SEARCHED = { timeout: 10_000 };

async function loaded(): Promise<void> {
  await screen.findByText(/showing all|found \d+ of/);
}

describe('results as you type', () => {
  it('searches after a pause, the URL following in one history entry', async () => {
    const { user, router } = renderApp(fixture.database);
    await loaded();
    const box = screen.getByRole('combobox', { name: 'Search episodes' });
    await user.type(box, 'narw');
    expect(await screen.findByText('found 1 of 7 episodes', {}, SEARCHED)).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/?q=narw');
    await user.type(box, 'hal ');
    await waitFor(() => expect(currentUrl(router)).toBe('/?q=narwhal'));
    // The box keeps what the visitor typed, space and all.
    expect(box).toHaveValue('narwhal ');
    await waitFor(() => expect(rowTitles()).toEqual(['14.5: A half episode: Narwhal Special']));
    // Typing is one step of the history: back returns to the whole list.
    await router.navigate(-1);
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(await screen.findByText('showing all 7 episodes', {}, SEARCHED)).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('waits for the minimum length, and clears the search when the box is emptied', async () => {
    const { user, router } = renderApp(fixture.database, '/?q=narwhal');
    expect(await screen.findByText('found 1 of 7 episodes', {}, SEARCHED)).toBeInTheDocument();
    const box = screen.getByRole('combobox', { name: 'Search episodes' });
    await user.clear(box);
    await user.type(box, 'oc');
    // Too short to search: the whole list again, and no hint until a submit.
    expect(await screen.findByText('showing all 7 episodes', {}, SEARCHED)).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/');
    expect(screen.queryByText('Type at least 3 characters to search.')).toBeNull();
    await user.type(box, 't');
    expect(await screen.findByText('found 1 of 7 episodes', {}, SEARCHED)).toBeInTheDocument();
    expect(rowTitles()).toEqual(['1: Octopus Hearts']);
  });
});

describe('the last word as a prefix', () => {
  it('finds what the whole word finds', async () => {
    renderApp(fixture.database, '/?q=octo');
    expect(await screen.findByText('found 1 of 7 episodes', {}, SEARCHED)).toBeInTheDocument();
    expect(rowTitles()).toEqual(['1: Octopus Hearts']);
  });

  it('is the last word only, and never a quoted one', async () => {
    renderApp(fixture.database, '/?q=%22octo%22');
    expect(await screen.findByText('found 0 of 7 episodes', {}, SEARCHED)).toBeInTheDocument();
  });
});

describe('typos', () => {
  it('shows the nearest word’s results, with both searches as links', async () => {
    const { user, router } = renderApp(fixture.database, '/?q=narwahl');
    expect(await screen.findByText('found 1 of 7 episodes', {}, SEARCHED)).toBeInTheDocument();
    expect(rowTitles()).toEqual(['14.5: A half episode: Narwhal Special']);
    const notice = screen.getByText(/Showing results for/);
    expect(notice).toHaveTextContent('Showing results for narwhal · search instead for ‘narwahl’');
    expect(within(notice).getByRole('link', { name: 'narwhal' })).toHaveAttribute(
      'href',
      '/?q=narwhal',
    );
    await user.click(within(notice).getByRole('link', { name: '‘narwahl’' }));
    expect(currentUrl(router)).toBe('/?q=narwahl&asTyped=1');
    expect(await screen.findByText('found 0 of 7 episodes', {}, SEARCHED)).toBeInTheDocument();
    expect(screen.queryByText(/Showing results for/)).toBeNull();
    // 'Did you mean' still offers the word.
    expect(await screen.findByRole('button', { name: 'narwhal' })).toBeInTheDocument();
  });

  it('leaves a word more than two edits off to ‘did you mean’, or to nothing', async () => {
    renderApp(fixture.database, '/?q=zeppelin');
    expect(await screen.findByText('found 0 of 7 episodes', {}, SEARCHED)).toBeInTheDocument();
    expect(screen.queryByText(/Showing results for/)).toBeNull();
  });
});
