import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { TranscriptBlob } from '../../../../core/db-schema.ts';
import { checkSearchTerm, searchQueryOf } from '../../../../core/fts-query.ts';
import { ENGLISH } from '../../../../core/test-support/analyzers.ts';
import { MediaProvider } from '../../../shared/media-context.tsx';
import { createMediaUrls } from '../../../shared/media-url.ts';
import {
  createPlayerStore,
  PlayerStoreContext,
  type PlayerStore,
} from '../../../shared/player-store.ts';
import { TranscriptPanel, type TranscriptEpisode } from '../transcript-panel.tsx';

// The transcript panel's tests share one episode, one transcript and one way to render it.

/** A transcript of `text`, one word per second, each word lasting 0.8 s. */
export function transcriptOf(text: string, extra: Partial<TranscriptBlob> = {}): TranscriptBlob {
  const words = text.split(' ');
  return {
    v: 1,
    words,
    start: words.map((_, i) => i * 100),
    end: words.map((_, i) => i * 100 + 80),
    prob: words.map(() => 97),
    ...extra,
  };
}

export const TEXT =
  'Welcome to the show. Today we talk about ice cream. Did you know ice cream was once ' +
  'a luxury? It was! I like ice-cream, said Anna.';

export const episode: TranscriptEpisode = {
  id: 7,
  episode: '12',
  title: 'Ice cream',
  duration: 2890,
  audio_url: null,
  image: null,
  word_count: 26,
  timing: 'exact',
};

export const settings = { timestampEvery: 10, lowConfidence: 0.5 };

/** The search a submitted term makes. */
export const searchFor = (term: string) => searchQueryOf(checkSearchTerm(term, 1, ENGLISH));

/** The panel inside the media and player contexts it needs, with a transcript loader. */
export function renderPanel(
  props: Partial<Parameters<typeof TranscriptPanel>[0]> = {},
  store: PlayerStore = createPlayerStore(),
) {
  const loadTranscript = props.loadTranscript ?? vi.fn(() => Promise.resolve(transcriptOf(TEXT)));
  const wrap = (node: ReactNode) => (
    <MediaProvider media={createMediaUrls('https://media.example/')}>
      <PlayerStoreContext.Provider value={store}>{node}</PlayerStoreContext.Provider>
    </MediaProvider>
  );
  const element = (extra: Partial<Parameters<typeof TranscriptPanel>[0]> = {}) =>
    wrap(
      <TranscriptPanel
        episode={episode}
        settings={settings}
        loadTranscript={loadTranscript}
        {...props}
        {...extra}
      />,
    );
  const view = render(element());
  return {
    ...view,
    store,
    loadTranscript,
    rerenderWith: (extra: Partial<Parameters<typeof TranscriptPanel>[0]>) =>
      view.rerender(element(extra)),
  };
}

/** The transcript region, once it is on screen. */
export async function transcriptBody(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'Transcript of episode 12' });
}

/** The text of the sentence marked as being played. */
export function currentSentence(container: HTMLElement): string {
  const current = container.querySelectorAll('[aria-current="true"]');
  return [...current].map((element) => element.textContent.trim()).join(' | ');
}
