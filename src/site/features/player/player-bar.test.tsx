import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EpisodeRow } from '../../../core/db-schema.ts';
import { DatabaseProvider } from '../../data/database-context.tsx';
import { loadEpisodes } from '../../data/queries.ts';
import { fixtureDatabaseForFile } from '../../data/test-support/fixture-database.ts';
import { MediaProvider } from '../../shared/media-context.tsx';
import { createMediaUrls } from '../../shared/media-url.ts';
import { PLAYBACK_RATE_KEY } from '../../shared/playback-rate.ts';
import { PlayButton } from './play-button.tsx';
import { PlayerBar } from './player-bar.tsx';
import { PlayerProvider } from './player-provider.tsx';
import {
  emulateMediaPlayback,
  type MediaEmulation,
} from './test-support/media-element-emulation.ts';

// The player bar over the real builder's fixture podcast (episode 1 has chapters): it appears
// with the first play, drives the one audio element, reads its episode's chapters itself, and
// goes away when closed.
const fixture = fixtureDatabaseForFile();
let episodes: EpisodeRow[];

beforeAll(async () => {
  episodes = await loadEpisodes(fixture.database);
});

let media: MediaEmulation;
beforeEach(() => {
  media = emulateMediaPlayback();
  localStorage.clear();
});

function episode(number: string): EpisodeRow {
  const found = episodes.find((row) => row.episode === number);
  if (!found) throw new Error(`no episode ${number} in the fixture`);
  return found;
}

/** A page with one play button and the bar, as MainPage composes them. */
function renderPage(number = '1'): { audio: HTMLAudioElement } {
  const row = episode(number);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <DatabaseProvider database={fixture.database}>
            <MediaProvider media={createMediaUrls('https://media.example/')}>
              <PlayerProvider podcastTitle="Fixture Facts">
                <PlayButton episode={row} />
                <input aria-label="Search episodes" />
                <PlayerBar episodeHref={(shown) => `/episodes/${shown}?q=fish`} />
              </PlayerProvider>
            </MediaProvider>
          </DatabaseProvider>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  const { container } = render(<RouterProvider router={router} />);
  const audio = container.querySelector('audio');
  if (!audio) throw new Error('no <audio> element');
  return { audio };
}

/** What a playing browser does every quarter second. */
function playTo(audio: HTMLAudioElement, seconds: number): void {
  act(() => {
    audio.currentTime = seconds;
    audio.dispatchEvent(new Event('timeupdate'));
  });
}

describe('PlayerBar', () => {
  it('appears with the first play and drives the audio', async () => {
    const user = userEvent.setup();
    // Episode 5 lasts ten minutes.
    const { audio } = renderPage('5');
    expect(screen.queryByRole('region', { name: 'Audio player' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Play episode 5' }));
    const bar = screen.getByRole('region', { name: 'Audio player' });
    expect(within(bar).getByRole('link', { name: /^5: / })).toHaveAttribute(
      'href',
      '/episodes/5?q=fish',
    );
    playTo(audio, 100);
    await user.click(within(bar).getByRole('button', { name: 'Forward 30 seconds' }));
    expect(audio.currentTime).toBe(130);
    await user.click(within(bar).getByRole('button', { name: 'Back 15 seconds' }));
    expect(audio.currentTime).toBe(115);
    await user.click(within(bar).getByRole('button', { name: 'Pause' }));
    expect(media.pause).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play episode 5' })).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Play' }));
    expect(screen.getByRole('button', { name: 'Pause episode 5' })).toBeInTheDocument();
  });

  it('reads the chapters of its episode and names the one being played', async () => {
    const user = userEvent.setup();
    const { audio } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Play episode 1' }));
    const bar = screen.getByRole('region', { name: 'Audio player' });
    const ticks = await within(bar).findAllByRole('button', { name: /^Chapter: / });
    expect(ticks.length).toBeGreaterThan(1);
    playTo(audio, 1);
    expect(bar.querySelector('.player-bar__chapter')).not.toBeNull();
  });

  it('plays at the speed chosen, with the pitch kept, and remembers it', async () => {
    const user = userEvent.setup();
    const { audio } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Play episode 1' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Playback speed' }), '1.5');
    expect(audio.playbackRate).toBe(1.5);
    expect(audio.defaultPlaybackRate).toBe(1.5);
    expect(audio.preservesPitch).toBe(true);
    expect(localStorage.getItem(PLAYBACK_RATE_KEY)).toBe('1.5');
  });

  it('starts at the remembered speed', async () => {
    localStorage.setItem(PLAYBACK_RATE_KEY, '0.75');
    const user = userEvent.setup();
    const { audio } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Play episode 1' }));
    expect(screen.getByRole('combobox', { name: 'Playback speed' })).toHaveValue('0.75');
    expect(audio.playbackRate).toBe(0.75);
  });

  it('answers Space and the arrows, but not in a field', async () => {
    const user = userEvent.setup();
    const { audio } = renderPage('5');
    await user.click(screen.getByRole('button', { name: 'Play episode 5' }));
    playTo(audio, 100);
    act(() => {
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    });
    await user.keyboard(' ');
    expect(media.pause).toHaveBeenCalledTimes(1);
    await user.keyboard('{ArrowRight}');
    expect(audio.currentTime).toBe(130);
    await user.keyboard('{ArrowLeft}');
    expect(audio.currentTime).toBe(115);
    const field = screen.getByRole('textbox', { name: 'Search episodes' });
    await user.click(field);
    await user.keyboard(' {ArrowLeft}');
    expect(field).toHaveValue(' ');
    expect(audio.currentTime).toBe(115);
    expect(media.play).toHaveBeenCalledTimes(1);
  });

  it('stops the audio and goes away when closed', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Play episode 1' }));
    await user.click(screen.getByRole('button', { name: 'Close the player' }));
    expect(screen.queryByRole('region', { name: 'Audio player' })).toBeNull();
    expect(media.pause).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play episode 1' })).toBeInTheDocument();
    // Space does nothing once it is closed.
    await user.keyboard(' ');
    expect(media.play).toHaveBeenCalledTimes(1);
  });
});
