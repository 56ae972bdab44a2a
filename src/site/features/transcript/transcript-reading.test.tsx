import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TranscriptBlob } from '../../../core/db-schema.ts';
import { buildTranscriptModel } from '../../../core/transcript-model.ts';
import { MediaProvider } from '../../shared/media-context.tsx';
import { createMediaUrls } from '../../shared/media-url.ts';
import { createPlayerStore, PlayerStoreContext } from '../../shared/player-store.ts';
import { TranscriptPanel } from './transcript-panel.tsx';
import {
  INLINE_WORD_LIMIT,
  TranscriptPrerenderProvider,
  TranscriptReading,
} from './transcript-reading.tsx';

/** A transcript of `count` words 'w0 w1 …', a sentence of ten words each, one word a second. */
function transcript(count: number): TranscriptBlob {
  const words = Array.from({ length: count }, (_, i) => (i % 10 === 9 ? `w${i}.` : `w${i}`));
  return {
    v: 1,
    words,
    start: words.map((_, i) => i * 100),
    end: words.map((_, i) => i * 100 + 80),
    prob: words.map(() => -1),
  };
}

function renderReading(count: number): HTMLElement {
  const model = buildTranscriptModel(transcript(count), { timestampEvery: 200, lowConfidence: 0 });
  render(
    <TranscriptReading episodeId={7} label="Transcript" model={model} avatarIds={new Set()} />,
  );
  return screen.getByRole('region', { name: 'Transcript' });
}

describe('TranscriptReading', () => {
  it('writes a transcript within the limit whole, without a note', () => {
    const region = renderReading(1_000);
    expect(region.textContent).toContain('w999.');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('writes a longer transcript up to the limit and says where the rest is', () => {
    const count = INLINE_WORD_LIMIT + 12_345;
    const region = renderReading(count);
    const text = region.textContent ?? '';
    expect(text).toContain(`w${INLINE_WORD_LIMIT - 1}`);
    expect(text).not.toContain(`w${INLINE_WORD_LIMIT} `);
    expect(text).not.toContain(`w${count - 1}`);
    expect(screen.getByRole('note')).toHaveTextContent(
      "This page holds the first 30,000 of the transcript's 42,345 words. The other 12,345 load with the page's script.",
    );
  });
});

describe('a pre-rendered transcript whose load fails', () => {
  it('stays on the page, with the problem and a way to try again above it', async () => {
    const user = userEvent.setup();
    const loadTranscript = vi
      .fn<(id: number) => Promise<TranscriptBlob>>()
      .mockRejectedValueOnce(new Error('doXHR failed'))
      .mockResolvedValueOnce(transcript(20));
    const markup = new Map([
      [7, '<p class="transcript-paragraph">The words the page carried.</p>'],
    ]);
    render(
      <MediaProvider media={createMediaUrls('https://media.example/')}>
        <PlayerStoreContext.Provider value={createPlayerStore()}>
          <TranscriptPrerenderProvider value={{ kind: 'hydrate', markup }}>
            <TranscriptPanel
              episode={{
                id: 7,
                episode: '3',
                title: 'Three',
                duration: 20,
                audio_url: null,
                image: null,
                word_count: 20,
                timing: 'exact',
              }}
              settings={{ timestampEvery: 200, lowConfidence: 0 }}
              loadTranscript={loadTranscript}
              scroller="page"
            />
          </TranscriptPrerenderProvider>
        </PlayerStoreContext.Provider>
      </MediaProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      "The transcript could not be loaded.The text below is this page's copy: reading along and its matches are off.",
    );
    const region = screen.getByRole('region', { name: 'Transcript of episode 3' });
    expect(region).toHaveTextContent('The words the page carried.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'w19.' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
