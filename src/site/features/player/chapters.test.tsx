import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { publishChapters } from '../../shared/chapter-store.ts';
import { createPlayerStore, PlayerStoreContext } from '../../shared/player-store.ts';
import type { PlayerEpisode } from '../../shared/player-state.ts';
import { ChapterList } from './chapter-list.tsx';
import { ProgressBar } from './progress-bar.tsx';

const episode: PlayerEpisode = {
  episode: '88',
  title: 'Chapters',
  duration: 100,
  audio_url: null,
  image: null,
};

function renderPlayer() {
  const store = createPlayerStore();
  publishChapters('88', [
    { title: 'Hello', start: 0 },
    { title: 'Bees', start: 2500 },
    { title: 'Past the end', start: 50000 },
  ]);
  render(
    <PlayerStoreContext.Provider value={store}>
      <ProgressBar episode={episode} />
      <ChapterList episode={episode} />
    </PlayerStoreContext.Provider>,
  );
  return store;
}

describe('chapters in the player', () => {
  it('lists the chapters of an opened episode; a chapter plays from its start on click and Enter', async () => {
    const store = renderPlayer();
    const list = screen.getByRole('navigation', { name: 'Chapters of episode 88' });
    expect(list).toHaveTextContent('0:00Hello0:25Bees8:20Past the end');
    await userEvent.click(screen.getByRole('button', { name: '0:25Bees' }));
    expect(store.getState()).toMatchObject({ status: 'loaded', playing: true, time: 25 });
    expect(screen.getByRole('button', { name: '0:25Bees' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    act(() => store.dispatch({ type: 'seek', time: 3 }));
    screen.getByRole('button', { name: '0:25Bees' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(store.getState()).toMatchObject({ time: 25 });
  });

  it('puts a named tick on the seek bar per chapter within the audio, and names the current chapter', async () => {
    const store = renderPlayer();
    act(() => store.dispatch({ type: 'playFrom', episode, time: 10 }));
    const ticks = screen.getAllByRole('button', { name: /^Chapter: / });
    expect(ticks.map((tick) => tick.getAttribute('aria-label'))).toEqual([
      'Chapter: Hello (0:00)',
      'Chapter: Bees (0:25)',
    ]);
    expect(ticks[1]).toHaveStyle({ insetInlineStart: '25%' });
    expect(ticks[1]).toHaveAttribute('data-name', 'Bees (0:25)');
    expect(screen.getByLabelText('Chapter: Hello')).toHaveTextContent('Hello');
    await userEvent.click(ticks[1] as HTMLElement);
    expect(store.getState()).toMatchObject({ time: 25 });
    expect(screen.getByLabelText('Chapter: Bees')).toHaveTextContent('Bees');
  });
});
