import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TranscriptBlob } from '../../../core/db-schema.ts';
import { checkSearchTerm, searchQueryOf } from '../../../core/fts-query.ts';
import { chaptersOf } from '../../shared/chapter-store.ts';
import { MediaProvider } from '../../shared/media-context.tsx';
import { createMediaUrls } from '../../shared/media-url.ts';
import { createPlayerStore, PlayerStoreContext } from '../../shared/player-store.ts';
import { TranscriptPanel } from './transcript-panel.tsx';
import { ENGLISH } from '../../../core/test-support/analyzers.ts';
import { wholeText } from '../../shared/test-support/whole-text.ts';

const WORDS = 'Ice cream is old. Really? Ice cream was a luxury. I like ice cream.'.split(' ');

/** Dora (presenter 6, show speaker 3) says words 0–3 and 10–13, 'Speaker 1' says 4–9. */
const BLOB: TranscriptBlob = {
  v: 1,
  words: WORDS,
  start: WORDS.map((_, i) => i * 100),
  end: WORDS.map((_, i) => i * 100 + 80),
  prob: WORDS.map(() => 97),
  speaker: WORDS.map((_, i) => (i >= 4 && i <= 9 ? 1 : 0)),
  speakerNames: ['Dora Finch', 'Speaker 1'],
  speakerPresenters: [6, null],
  speakerIds: [3, -1],
  chapters: [
    { title: 'Old news', start: 0 },
    { title: 'Luxury', start: 500 },
  ],
};

const episode = {
  id: 4,
  episode: '31',
  title: 'Ice',
  duration: 20,
  audio_url: null,
  image: null,
  word_count: WORDS.length,
  timing: 'exact' as const,
};

function renderPanel(term: string | null, saidBy: number[] = []) {
  const store = createPlayerStore();
  render(
    <MediaProvider media={createMediaUrls('https://media.example/')}>
      <PlayerStoreContext.Provider value={store}>
        <TranscriptPanel
          episode={episode}
          settings={{ timestampEvery: 200, lowConfidence: 0.5, hostIds: [6] }}
          loadTranscript={() => Promise.resolve(BLOB)}
          query={term === null ? null : searchQueryOf(checkSearchTerm(term, 1, ENGLISH))}
          saidBy={saidBy}
        />
      </PlayerStoreContext.Provider>
    </MediaProvider>,
  );
  return store;
}

describe('a transcript with speakers and chapters', () => {
  it('reads like a conversation: chapter headings, then paragraphs headed by name and avatar', async () => {
    renderPanel(null);
    const body = await screen.findByRole('region', { name: 'Transcript of episode 31' });
    const headings = within(body).getAllByRole('heading', { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      '0:00 Old news',
      '0:05 Luxury',
    ]);
    const paragraphs = [...body.querySelectorAll('p')].map((p) => p.textContent);
    expect(paragraphs).toEqual([
      'Dora Finch0:00 Ice cream is old. ',
      'Speaker 1Really? ',
      'Speaker 1Ice cream was a luxury. ',
      'Dora FinchI like ice cream. ',
    ]);
    const avatars = body.querySelectorAll('img.transcript-speaker__avatar');
    expect([...avatars].map((img) => img.getAttribute('src'))).toEqual([
      'https://media.example/hosts/6.png',
      'https://media.example/hosts/6.png',
    ]);
    // Published by a passive effect, which may run after the commit that showed the region.
    await waitFor(() => expect(chaptersOf('31')).toEqual(BLOB.chapters));
  });

  it('plays from a chapter heading on click and on Enter', async () => {
    const store = renderPanel(null);
    const button = await screen.findByRole('button', { name: '0:05 Luxury' });
    await userEvent.click(button);
    expect(store.getState()).toMatchObject({ status: 'loaded', time: 5 });
    store.dispatch({ type: 'seek', time: 0 });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(store.getState()).toMatchObject({ time: 5 });
  });

  it('marks and counts only what the chosen speakers said', async () => {
    renderPanel('"ice cream"', [3]);
    const body = await screen.findByRole('region', { name: 'Transcript of episode 31' });
    expect(screen.getByText(wholeText(/found 2 utterances of "ice cream"/))).toBeInTheDocument();
    expect([...body.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'Ice cream',
      'ice cream.',
    ]);
  });

  it('counts everyone’s matches without a choice', async () => {
    renderPanel('"ice cream"');
    await screen.findByRole('region', { name: 'Transcript of episode 31' });
    expect(screen.getByText(wholeText(/found 3 utterances of "ice cream"/))).toBeInTheDocument();
  });
});
