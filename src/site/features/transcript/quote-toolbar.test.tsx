import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TranscriptBlob } from '../../../core/db-schema.ts';
import { parseWebVtt } from '../../../builder/read/transcripts/webvtt.ts';
import { MediaProvider } from '../../shared/media-context.tsx';
import { createMediaUrls } from '../../shared/media-url.ts';
import { createPlayerStore, PlayerStoreContext } from '../../shared/player-store.ts';
import { TranscriptPanel, type TranscriptEpisode } from './transcript-panel.tsx';

// Selecting, quoting, sharing and downloading a transcript, as a visitor does it: Shift+arrows
// select words (a drag does the same in Chromium: e2e/quote.e2e.ts).

const WORDS = 'Welcome to the show. Penguins swim fast, said Anna. Ben agrees.'.split(' ');

function transcript(): TranscriptBlob {
  return {
    v: 1,
    words: WORDS,
    start: WORDS.map((_, i) => i * 100),
    end: WORDS.map((_, i) => i * 100 + 80),
    prob: WORDS.map(() => 97),
    speaker: WORDS.map((_, i) => (i < 9 ? 0 : 1)),
    speakerNames: ['Anna', 'Ben'],
  };
}

const episode: TranscriptEpisode = {
  id: 7,
  episode: '12',
  title: 'Ice & penguins',
  duration: 60,
  audio_url: null,
  image: null,
  word_count: WORDS.length,
  timing: 'exact',
};

function renderPanel(
  props: { startAt?: number; endAt?: number; correctionTarget?: string; scroller?: 'page' } = {},
) {
  const store = createPlayerStore();
  render(
    <MediaProvider media={createMediaUrls('https://media.example/')}>
      <PlayerStoreContext.Provider value={store}>
        <TranscriptPanel
          episode={episode}
          settings={{
            timestampEvery: 5,
            lowConfidence: 0.5,
            correctionTarget: props.correctionTarget ?? '',
          }}
          loadTranscript={() => Promise.resolve(transcript())}
          startAt={props.startAt ?? null}
          endAt={props.endAt ?? null}
          scroller={props.scroller}
        />
      </PlayerStoreContext.Provider>
    </MediaProvider>,
  );
  return store;
}

async function selectWithKeys(from: string, rights: number) {
  const user = userEvent.setup();
  const body = await screen.findByRole('region', { name: 'Transcript of episode 12' });
  within(body).getByRole('button', { name: from }).focus();
  await user.keyboard(`{Shift>}${'{ArrowRight}'.repeat(rights)}{/Shift}`);
  return { user, body };
}

describe('quoting a selection', () => {
  it('selects words with Shift+arrows and copies the quote with who, where and a link', async () => {
    const store = renderPanel();
    const { user } = await selectWithKeys('Penguins', 2);
    // The selection runs across a timestamp marker; the quote holds only the words.
    expect(document.getSelection()?.toString()).toBe('Penguins 0:05 swim fast,');
    const toolbar = await screen.findByRole('toolbar', { name: 'Quote from 0:04–0:06' });
    await user.click(within(toolbar).getByRole('button', { name: 'Copy quote' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `“Penguins swim fast,”\n— Anna, Ice & penguins, 0:04\n${window.location.origin}/episodes/12?t=4,7`,
    );
    expect(within(toolbar).getByRole('status')).toHaveTextContent('Quote copied');
    // Selecting is not playing.
    expect(store.getState().status).toBe('idle');
  });

  it('copies the words without the timestamp markers between them', async () => {
    renderPanel();
    const { body } = await selectWithKeys('show.', 2);
    expect(body).toHaveTextContent(/show\. Penguins 0:05 swim/);
    const data = await userEvent.setup().copy();
    expect(data?.getData('text/plain')).toBe('show. Penguins swim');
  });

  it('shares with the Web Share API where there is one', async () => {
    const share = vi.fn((_data: ShareData) => Promise.resolve());
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { share }));
    try {
      renderPanel();
      const { user } = await selectWithKeys('Ben', 1);
      await user.click(await screen.findByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith({
        title: 'Ice & penguins',
        text: '“Ben agrees.”\n— Ben, Ice & penguins, 0:09\n',
        url: `${window.location.origin}/episodes/12?t=9,11`,
      });
      expect(await screen.findByText('Quote shared')).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('offers a correction only where the show takes them, filled in', async () => {
    renderPanel({ correctionTarget: 'https://tracker.example/new?title={title}&body={body}' });
    await selectWithKeys('Penguins', 1);
    const link = await screen.findByRole('link', { name: 'Suggest a correction' });
    const url = new URL(link.getAttribute('href') ?? '');
    expect(url.origin).toBe('https://tracker.example');
    expect(url.searchParams.get('title')).toBe('Transcript correction: episode 12 at 0:04');
    expect(url.searchParams.get('body')).toContain('> Penguins swim');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('never offers a correction for a hostile target', async () => {
    renderPanel({ correctionTarget: 'javascript:alert(1)' });
    await selectWithKeys('Penguins', 1);
    await screen.findByRole('button', { name: 'Copy quote' });
    expect(screen.queryByRole('link', { name: 'Suggest a correction' })).toBeNull();
  });
});

describe('a quote link', () => {
  it('marks the quoted words and plays just the range', async () => {
    const store = renderPanel({ startAt: 4, endAt: 7, scroller: 'page' });
    const body = await screen.findByRole('region', { name: 'Transcript of episode 12' });
    // The mark comes in an effect after the words show: wait for it.
    await waitFor(() => {
      const quoted = [...body.querySelectorAll('.is-quoted')].map((word) => word.textContent);
      expect(quoted).toEqual(['Penguins', 'swim', 'fast,']);
    });
    expect(store.getState()).toMatchObject({ playing: true, time: 4, until: 7 });
  });
});

describe('transcript downloads', () => {
  it('downloads WebVTT with voices made from the words on the page', async () => {
    const user = userEvent.setup();
    const files: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      if (blob instanceof Blob) files.push(blob);
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    renderPanel();
    await screen.findByRole('region', { name: 'Transcript of episode 12' });
    const group = screen.getByRole('group', { name: 'Download transcript' });
    await user.click(within(group).getByRole('button', { name: 'Download transcript as WebVTT' }));
    expect(names).toEqual(['episode-12.vtt']);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
      reader.readAsText(files[0] ?? new Blob());
    });
    const parsed = parseWebVtt('episode-12.vtt', text ?? '');
    expect(parsed.words).toEqual(WORDS);
    expect(parsed.speakerNames).toEqual(['Anna', 'Ben']);
    vi.restoreAllMocks();
  });
});
