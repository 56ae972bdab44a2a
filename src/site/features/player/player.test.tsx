import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MediaProvider } from '../../shared/media-context.tsx';
import { createMediaUrls } from '../../shared/media-url.ts';
import type { PlayerEpisode } from '../../shared/player-state.ts';
import {
  emulateMediaPlayback,
  type MediaEmulation,
} from './test-support/media-element-emulation.ts';
import { PlayButton } from './play-button.tsx';
import { PlayerProvider } from './player-provider.tsx';
import { ProgressBar } from './progress-bar.tsx';

const MEDIA = 'https://media.example/';

const first: PlayerEpisode = {
  episode: '12',
  title: 'Fish',
  duration: 2890,
  audio_url: 'https://feed.example/12.mp3',
  image: 'cover.jpg',
};
const second: PlayerEpisode = {
  episode: '14.5',
  title: 'Half',
  duration: 600,
  audio_url: null,
  image: null,
};

function Page({ episodes }: { episodes: PlayerEpisode[] }): ReactNode {
  return (
    <MediaProvider media={createMediaUrls(MEDIA)}>
      <PlayerProvider podcastTitle="The Demo Podcast">
        {episodes.map((episode) => (
          <div key={episode.episode}>
            <PlayButton episode={episode} />
            <ProgressBar episode={episode} />
          </div>
        ))}
      </PlayerProvider>
    </MediaProvider>
  );
}

function theAudio(container: HTMLElement): HTMLAudioElement {
  const audio = container.querySelector('audio');
  if (!audio) throw new Error('no <audio> element on the page');
  return audio;
}

/** What a playing browser does every quarter second. */
function playTo(audio: HTMLAudioElement, seconds: number): void {
  act(() => {
    audio.currentTime = seconds;
    audio.dispatchEvent(new Event('timeupdate'));
  });
}

let media: MediaEmulation;
beforeEach(() => {
  media = emulateMediaPlayback();
});

describe('PlayButton', () => {
  it('plays, pauses and switches episodes with one audio element', async () => {
    const user = userEvent.setup();
    const { container } = render(<Page episodes={[first, second]} />);
    expect(container.querySelectorAll('audio')).toHaveLength(1);
    const audio = theAudio(container);

    await user.click(screen.getByRole('button', { name: 'Play episode 12' }));
    expect(audio.getAttribute('src')).toBe(`${MEDIA}audio/12.mp3`);
    expect(media.play).toHaveBeenCalledTimes(1);
    expect(audio.preservesPitch).toBe(true);
    expect(audio.playbackRate).toBe(1);
    const pause = screen.getByRole('button', { name: 'Pause episode 12' });
    expect(pause.querySelector('img')?.getAttribute('src')).toBe(`${MEDIA}icons/pause.svg`);

    await user.click(pause);
    expect(media.pause).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play episode 12' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Play episode 14.5' }));
    expect(audio.getAttribute('src')).toBe(`${MEDIA}audio/14.5.mp3`);
    expect(screen.getByRole('button', { name: 'Pause episode 14.5' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play episode 12' })).toBeInTheDocument();
  });

  it('switches straight from one playing episode to another', async () => {
    const user = userEvent.setup();
    const { container } = render(<Page episodes={[first, second]} />);
    await user.click(screen.getByRole('button', { name: 'Play episode 12' }));
    playTo(theAudio(container), 30);
    await user.click(screen.getByRole('button', { name: 'Play episode 14.5' }));
    expect(theAudio(container).getAttribute('src')).toBe(`${MEDIA}audio/14.5.mp3`);
    expect(screen.getByRole('slider', { name: 'Seek in episode 14.5' })).toHaveAttribute(
      'aria-valuetext',
      '0:00 of 10:00',
    );
    expect(screen.queryByRole('slider', { name: 'Seek in episode 12' })).toBeNull();
  });

  it('shows Play again when the episode ends, and plays it from the start', async () => {
    const user = userEvent.setup();
    const { container } = render(<Page episodes={[second]} />);
    const audio = theAudio(container);
    await user.click(screen.getByRole('button', { name: 'Play episode 14.5' }));
    playTo(audio, 600);
    act(() => {
      audio.dispatchEvent(new Event('ended'));
    });
    expect(screen.getByRole('button', { name: 'Play episode 14.5' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Play episode 14.5' }));
    expect(audio.currentTime).toBe(0);
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuetext', '0:00 of 10:00');
  });

  it('says so gently when the browser refuses to play', async () => {
    const user = userEvent.setup();
    media.blockAutoplay(true);
    render(<Page episodes={[second]} />);
    await user.click(screen.getByRole('button', { name: 'Play episode 14.5' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your browser did not let the episode start by itself. Press play to listen from 0:00.',
    );
    expect(screen.getByRole('button', { name: 'Play episode 14.5' })).toBeInTheDocument();
  });

  it('shows one line, not an empty slider, when the audio cannot be loaded', async () => {
    const user = userEvent.setup();
    const { container } = render(<Page episodes={[second]} />);
    await user.click(screen.getByRole('button', { name: 'Play episode 14.5' }));
    expect(screen.getByRole('slider')).toBeInTheDocument();
    act(() => {
      theAudio(container).dispatchEvent(new Event('error'));
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The audio could not be loaded. Press play to try again.',
    );
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.queryByText('0:00')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Play episode 14.5' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('slider')).toBeInTheDocument();
  });

  it('plays the feed enclosure when the media host has no audio', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <MediaProvider media={createMediaUrls(MEDIA, 'enclosure')}>
        <PlayerProvider podcastTitle="The Demo Podcast">
          <PlayButton episode={first} />
        </PlayerProvider>
      </MediaProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Play episode 12' }));
    expect(theAudio(container).getAttribute('src')).toBe('https://feed.example/12.mp3');
  });
});

describe('ProgressBar', () => {
  it('shows only the duration until the episode plays, then a slider with the times', async () => {
    const user = userEvent.setup();
    const { container } = render(<Page episodes={[first]} />);
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.getByText('48 minutes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Play episode 12' }));
    playTo(theAudio(container), 754);
    const slider = screen.getByRole('slider', { name: 'Seek in episode 12' });
    expect(slider).toHaveAttribute('aria-valuetext', '12:34 of 48:10');
    expect(slider).toHaveAttribute('aria-valuenow', '754');
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '2890');
    expect(screen.getByText('12:34')).toBeInTheDocument();
    expect(screen.getByText('-35:36')).toBeInTheDocument();
    expect(screen.getByText('48:10')).toBeInTheDocument();
  });

  it('seeks with the arrow, Page, Home and End keys', async () => {
    const user = userEvent.setup();
    const { container } = render(<Page episodes={[first]} />);
    const audio = theAudio(container);
    await user.click(screen.getByRole('button', { name: 'Play episode 12' }));
    playTo(audio, 754);
    const slider = screen.getByRole('slider');
    slider.focus();

    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuetext', '12:39 of 48:10');
    expect(audio.currentTime).toBe(759);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuetext', '12:29 of 48:10');
    await user.keyboard('{PageUp}');
    expect(slider).toHaveAttribute('aria-valuetext', '12:59 of 48:10');
    await user.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuetext', '48:10 of 48:10');
    await user.keyboard('{Home}{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuetext', '0:00 of 48:10');
    expect(audio.currentTime).toBe(0);
  });

  it('steps from where the last key went, even before the bar has rendered it', async () => {
    const user = userEvent.setup();
    const { container } = render(<Page episodes={[first]} />);
    const audio = theAudio(container);
    await user.click(screen.getByRole('button', { name: 'Play episode 12' }));
    playTo(audio, 754);
    const slider = screen.getByRole('slider');
    // Two keys in one task: React renders once, after both.
    act(() => {
      slider.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
      slider.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    });
    expect(slider).toHaveAttribute('aria-valuetext', '48:05 of 48:10');
  });

  it('shows hours past an hour', async () => {
    const user = userEvent.setup();
    const long = { ...second, episode: '99', duration: 3725 };
    const { container } = render(<Page episodes={[long]} />);
    await user.click(screen.getByRole('button', { name: 'Play episode 99' }));
    playTo(theAudio(container), 3601);
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuetext', '1:00:01 of 1:02:05');
  });

  it('seeks where the bar is clicked, on the elapsed or the remaining part', async () => {
    const user = userEvent.setup();
    const { container } = render(<Page episodes={[second]} />);
    const audio = theAudio(container);
    await user.click(screen.getByRole('button', { name: 'Play episode 14.5' }));
    playTo(audio, 300);
    const slider = screen.getByRole('slider');
    // jsdom has no layout: give the bar a width of 200 px starting at x = 100.
    vi.spyOn(slider, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 100, width: 200, height: 12 }),
    );
    const remaining = container.querySelector('.progress-remaining');
    const elapsed = container.querySelector('.progress-elapsed');
    if (!remaining || !elapsed) throw new Error('the bar has no parts');

    await user.pointer({ keys: '[MouseLeft]', target: remaining, coords: { clientX: 250 } });
    expect(slider).toHaveAttribute('aria-valuetext', '7:30 of 10:00');
    expect(audio.currentTime).toBe(450);
    await user.pointer({ keys: '[MouseLeft]', target: elapsed, coords: { clientX: 120 } });
    expect(slider).toHaveAttribute('aria-valuetext', '1:00 of 10:00');
  });

  it('follows the duration the audio reports', async () => {
    const user = userEvent.setup();
    const { container } = render(<Page episodes={[second]} />);
    const audio = theAudio(container);
    await user.click(screen.getByRole('button', { name: 'Play episode 14.5' }));
    vi.spyOn(audio, 'duration', 'get').mockReturnValue(605);
    act(() => {
      audio.dispatchEvent(new Event('durationchange'));
    });
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuetext', '0:00 of 10:05');
  });
});
