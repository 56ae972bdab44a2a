import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createPlayerStore } from '../../shared/player-store.ts';
import {
  episode,
  renderPanel,
  searchFor,
  transcriptBody,
  transcriptOf,
} from './test-support/transcript-panel-setup.tsx';

describe('transcript words as markup', () => {
  it('shows markup in a transcript as text, never as elements', async () => {
    const blob = transcriptOf(`Look: <img src=x onerror="alert(1)"> & 'quotes' <b>bold</b>.`);
    renderPanel({ loadTranscript: () => Promise.resolve(blob), query: searchFor('"img src"') });
    const body = await transcriptBody();
    expect(body.querySelector('img, b')).toBeNull();
    expect(body).toHaveTextContent(`Look: <img src=x onerror="alert(1)"> & 'quotes' <b>bold</b>.`);
    expect(within(body).getByRole('button', { name: '&' })).toBeInTheDocument();
    expect([...body.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      '<img src=x',
    ]);
  });

  it('marks the part of a word the last word begins, the word still one button', async () => {
    const blob = transcriptOf('So "Octopuses," <b>octopi</b> and OCTOBER: octo.');
    renderPanel({ loadTranscript: () => Promise.resolve(blob), query: searchFor('octo') });
    const body = await transcriptBody();
    expect(body.querySelector('b')).toBeNull();
    expect([...body.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'Octo',
      'octo',
      'OCTO',
      'octo.',
    ]);
    // Each word is read whole, by its accessible name and its text, with no space added.
    const word = within(body).getByRole('button', { name: '"Octopuses,"' });
    expect(word.querySelector('mark')).toHaveTextContent(/^Octo$/);
    expect(within(body).getByRole('button', { name: '<b>octopi</b>' })).toContainElement(
      within(body).getAllByText('octo')[0] ?? null,
    );
    expect(within(body).getByRole('button', { name: 'OCTOBER:' })).toBeInTheDocument();
    expect(body).toHaveTextContent('So "Octopuses," <b>octopi</b> and OCTOBER: octo.');
  });

  it('outlines only the typed part of a prefix match when stepped to', async () => {
    const user = userEvent.setup();
    const blob = transcriptOf('An octopus met an octothorpe.');
    renderPanel({ loadTranscript: () => Promise.resolve(blob), query: searchFor('octopus octo') });
    const body = await transcriptBody();
    const position = within(screen.getByRole('group', { name: 'Matches' })).getByRole('status');
    const active = (): string | null => body.querySelector('.is-active-match')?.textContent ?? null;
    await user.click(screen.getByRole('button', { name: 'Next match' }));
    // 'octopus' is matched whole (and as the prefix): one place, marked whole.
    expect(position).toHaveTextContent('1 of 2');
    expect(active()).toBe('octopus');
    await user.click(screen.getByRole('button', { name: 'Next match' }));
    expect(position).toHaveTextContent('2 of 2');
    expect(active()).toBe('octo');
    expect(body.querySelectorAll('.is-active-match')).toHaveLength(1);
  });

  it('marks the word being spoken inside the sentence being played', async () => {
    const { store } = renderPanel();
    const body = await transcriptBody();
    const spoken = (): string[] =>
      [...body.querySelectorAll('.is-spoken')].map((word) => word.textContent);
    expect(spoken()).toEqual([]);
    act(() => {
      store.dispatch({ type: 'playFrom', episode, time: 4.2 });
    });
    await waitFor(() => expect(spoken()).toEqual(['Today']));
    expect(body.querySelector('[aria-current="true"] .is-spoken')).not.toBeNull();
    act(() => {
      store.dispatch({ type: 'timeupdate', time: 5.1 });
    });
    expect(spoken()).toEqual(['we']);
    // Long after the last word, none is spoken.
    act(() => {
      store.dispatch({ type: 'timeupdate', time: 40 });
    });
    expect(spoken()).toEqual([]);
  });

  it('steps through the matches with "N of M", by button, and by n and p on a page', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderPanel({ query: searchFor('"Ice Cream"'), scroller: 'page' });
    const body = await transcriptBody();
    const position = within(screen.getByRole('group', { name: 'Matches' })).getByRole('status');
    const active = (): string | null => body.querySelector('.is-active-match')?.textContent ?? null;
    expect(position).toHaveTextContent('');
    expect(active()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next match' }));
    expect(position).toHaveTextContent('1 of 3');
    expect(active()).toBe('ice cream.');
    await user.keyboard('n');
    expect(position).toHaveTextContent('2 of 3');
    expect(active()).toBe('ice cream');
    await user.keyboard('p');
    expect(position).toHaveTextContent('1 of 3');
    // Round the start to the last.
    await user.click(screen.getByRole('button', { name: 'Previous match' }));
    expect(position).toHaveTextContent('3 of 3');
    expect(active()).toBe('ice-cream,');
    expect(body.querySelectorAll('.is-active-match')).toHaveLength(1);
    // The page scrolled to it: on an episode's page the transcript is the page.
    expect(window.scrollTo).toHaveBeenCalled();
    expect(body.closest('.transcript--page')).not.toBeNull();
  });

  it('leaves n and p alone in the list, where each row has its own transcript', async () => {
    const user = userEvent.setup();
    renderPanel({ query: searchFor('"Ice Cream"') });
    await transcriptBody();
    const position = within(screen.getByRole('group', { name: 'Matches' })).getByRole('status');
    await user.keyboard('n');
    expect(position).toHaveTextContent('');
    await user.click(screen.getByRole('button', { name: 'Next match' }));
    expect(position).toHaveTextContent('1 of 3');
  });

  it('shows the player bar at a linked moment on an episode page, not in the list', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { store } = renderPanel({ startAt: 4, scroller: 'page' });
    await transcriptBody();
    expect(store.getState()).toMatchObject({ status: 'loaded', playing: false, docked: true });
    const listed = renderPanel({ startAt: 4 }, createPlayerStore());
    expect(listed.store.getState()).toMatchObject({ status: 'loaded', docked: false });
  });
});
