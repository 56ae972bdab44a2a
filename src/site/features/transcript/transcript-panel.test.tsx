import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TranscriptBlob } from '../../../core/db-schema.ts';
import { checkSearchTerm, searchQueryOf } from '../../../core/fts-query.ts';
import { MediaProvider } from '../../shared/media-context.tsx';
import { createMediaUrls } from '../../shared/media-url.ts';
import {
  createPlayerStore,
  PlayerStoreContext,
  type PlayerStore,
} from '../../shared/player-store.ts';
import { TranscriptPanel, type TranscriptEpisode } from './transcript-panel.tsx';
import { ENGLISH } from '../../../core/test-support/analyzers.ts';

/** A transcript of `text`, one word per second, each word lasting 0.8 s. */
function transcriptOf(text: string, extra: Partial<TranscriptBlob> = {}): TranscriptBlob {
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

const TEXT =
  'Welcome to the show. Today we talk about ice cream. Did you know ice cream was once ' +
  'a luxury? It was! I like ice-cream, said Anna.';

const episode: TranscriptEpisode = {
  id: 7,
  episode: '12',
  title: 'Ice cream',
  duration: 2890,
  audio_url: null,
  image: null,
  word_count: 26,
  timing: 'exact',
};

const settings = { timestampEvery: 10, lowConfidence: 0.5 };

/** The search a submitted term makes. */
const searchFor = (term: string) => searchQueryOf(checkSearchTerm(term, 1, ENGLISH));

function renderPanel(
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

async function transcriptBody(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'Transcript of episode 12' });
}

function currentSentence(container: HTMLElement): string {
  const current = container.querySelectorAll('[aria-current="true"]');
  return [...current].map((element) => element.textContent.trim()).join(' | ');
}

describe('TranscriptPanel', () => {
  it('shows the words inline with a timestamp marker before every Nth word', async () => {
    const { loadTranscript } = renderPanel();
    expect(screen.getByRole('status')).toHaveTextContent('Loading transcript…');
    const body = await transcriptBody();
    expect(loadTranscript).toHaveBeenCalledWith(7);
    expect(body).toHaveTextContent(/^0:00 Welcome to the show\. Today we talk about ice cream\./);
    expect(within(body).getByText('0:10')).toBeInTheDocument();
    expect(within(body).getByText('0:20')).toBeInTheDocument();
    expect(within(body).getAllByRole('button')).toHaveLength(26);
    expect(within(body).getByRole('button', { name: 'luxury?' })).toBeInTheDocument();
  });

  it('marks the search matches and counts them', async () => {
    const { rerenderWith, container } = renderPanel({ query: searchFor('"Ice Cream"') });
    const body = await transcriptBody();
    expect(screen.getByText('found 3 utterances of "Ice Cream"')).toBeInTheDocument();
    const marks = [...body.querySelectorAll('mark')].map((mark) => mark.textContent);
    // A matched phrase is one highlighted run, not one box per word.
    expect(marks).toEqual(['ice cream.', 'ice cream', 'ice-cream,']);

    // Unquoted, each word counts on its own, by its stem.
    rerenderWith({ query: searchFor('creams ice') });
    expect(screen.getByText('found 6 utterances of "creams ice"')).toBeInTheDocument();
    expect([...body.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'ice',
      'cream.',
      'ice',
      'cream',
      'ice-cream,',
    ]);

    rerenderWith({ query: searchFor('luxury') });
    expect(screen.getByText('found 1 utterance of "luxury"')).toBeInTheDocument();
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'luxury?',
    ]);

    rerenderWith({ query: searchFor('sorbet') });
    expect(screen.getByText('found 0 utterances of "sorbet"')).toBeInTheDocument();
    expect(container.querySelectorAll('mark')).toHaveLength(0);

    rerenderWith({ query: searchFor('') });
    expect(screen.queryByText(/found \d+ utterance/)).toBeNull();
  });

  it('finds a phrase that ends on the last word', async () => {
    renderPanel({ query: searchFor('"said anna"') });
    const body = await transcriptBody();
    expect(screen.getByText('found 1 utterance of "said anna"')).toBeInTheDocument();
    expect([...body.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'said Anna.',
    ]);
  });

  it('plays from a word that is clicked, or chosen with Enter', async () => {
    const user = userEvent.setup();
    const { store } = renderPanel();
    const body = await transcriptBody();
    await user.click(within(body).getByRole('button', { name: 'Today' }));
    expect(store.getState()).toMatchObject({
      status: 'loaded',
      episode: { episode: '12' },
      playing: true,
      time: 4,
    });

    const luxury = within(body).getByRole('button', { name: 'luxury?' });
    luxury.focus();
    await user.keyboard('{Enter}');
    expect(store.getState()).toMatchObject({ playing: true, time: 18 });
    await user.keyboard('{ArrowRight}');
    expect(within(body).getByRole('button', { name: 'It' })).toHaveFocus();
    await user.keyboard(' ');
    expect(store.getState()).toMatchObject({ time: 19 });
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(body).getByRole('button', { name: 'a' })).toHaveFocus();
  });

  it('plays from a timestamp marker', async () => {
    const user = userEvent.setup();
    const { store } = renderPanel();
    const body = await transcriptBody();
    await user.click(within(body).getByText('0:20'));
    expect(store.getState()).toMatchObject({ playing: true, time: 20 });
  });

  it('keeps one Tab stop in the words, where the visitor last was', async () => {
    const user = userEvent.setup();
    renderPanel();
    const body = await transcriptBody();
    const words = within(body).getAllByRole('button');
    expect(words.filter((word) => word.tabIndex === 0)).toHaveLength(1);
    await user.click(words[5] ?? body);
    expect(words.filter((word) => word.tabIndex === 0)).toEqual([words[5]]);
  });

  it('highlights the sentence being played, and only while this episode plays', async () => {
    const { store, container } = renderPanel();
    await transcriptBody();
    expect(currentSentence(container)).toBe('');
    act(() => {
      store.dispatch({ type: 'playFrom', episode, time: 0 });
    });
    // The highlighter connects to the player in an effect, which may run after the body shows.
    await waitFor(() => expect(currentSentence(container)).toBe('Welcome to the show.'));
    act(() => {
      store.dispatch({ type: 'timeupdate', time: 6.5 });
    });
    expect(currentSentence(container)).toBe('Today we talk about ice cream.');
    act(() => {
      // The marker before word 20 splits 'It was!' into two segments.
      store.dispatch({ type: 'timeupdate', time: 20.2 });
    });
    expect(currentSentence(container)).toBe('It | was!');
    act(() => {
      store.dispatch({ type: 'timeupdate', time: 21 });
    });
    expect(currentSentence(container)).toBe('I like ice-cream, said Anna.');
    act(() => {
      store.dispatch({ type: 'toggle', episode: { ...episode, episode: '13' } });
    });
    expect(currentSentence(container)).toBe('');
  });

  it('starts a new paragraph with the speaker at each change of speaker', async () => {
    const blob = transcriptOf('Hello there. Hi Anna. How are you?', {
      speaker: [0, 0, 1, 1, 0, 0, 0],
      speakerNames: ['Anna', 'Ben'],
    });
    renderPanel({ loadTranscript: () => Promise.resolve(blob) });
    const body = await transcriptBody();
    const paragraphs = [...body.querySelectorAll('p')].map((p) => p.textContent);
    expect(paragraphs).toEqual(['Anna0:00 Hello there. ', 'BenHi Anna. ', 'AnnaHow are you? ']);
  });

  it('marks words recognised with low confidence', async () => {
    const blob = transcriptOf('Gallimaufry is a word.', { prob: [31, 90, -1, 88] });
    renderPanel({ loadTranscript: () => Promise.resolve(blob) });
    const body = await transcriptBody();
    expect(within(body).getByRole('button', { name: 'Gallimaufry' })).toHaveAttribute(
      'title',
      'Uncertain word: recognised with 31% confidence',
    );
    expect(within(body).getByRole('button', { name: 'is' })).not.toHaveAttribute('title');
    expect(within(body).getByRole('button', { name: 'a' })).not.toHaveAttribute('title');
  });

  it('primes the player at a linked moment and puts the word there first in line', async () => {
    const { store } = renderPanel({ startAt: 18.4 });
    const body = await transcriptBody();
    expect(store.getState()).toMatchObject({
      status: 'loaded',
      playing: false,
      time: 18.4,
      notice: 'primed',
    });
    expect(within(body).getByRole('button', { name: 'luxury?' })).toHaveAttribute('tabindex', '0');
    expect(body.querySelector('[aria-current="true"]')).toHaveTextContent('Did you know');
  });

  it('stops following when the visitor scrolls, and follows again on request', async () => {
    const user = userEvent.setup();
    const { store } = renderPanel();
    const body = await transcriptBody();
    const follow = screen.getByRole('button', { name: 'Follow along' });
    expect(follow).toHaveAttribute('aria-pressed', 'true');
    act(() => {
      store.dispatch({ type: 'playFrom', episode, time: 0 });
    });
    fireEvent.wheel(body, { deltaY: 200 });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    // Playing from a word brings it back after a scroll…
    await user.click(within(body).getByRole('button', { name: 'Today' }));
    expect(follow).toHaveAttribute('aria-pressed', 'true');
    // …but not after the visitor turned it off.
    await user.click(follow);
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    await user.click(within(body).getByRole('button', { name: 'luxury?' }));
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    await user.click(follow);
    expect(follow).toHaveAttribute('aria-pressed', 'true');
  });

  it('starts with follow-along off when the visitor asks for reduced motion', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query === '(prefers-reduced-motion: reduce)',
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
          dispatchEvent: () => false,
        }) satisfies MediaQueryList,
    );
    try {
      renderPanel();
      await transcriptBody();
      expect(screen.getByRole('button', { name: 'Follow along' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('copies a link to the word clicked or moved to, or the word being played', async () => {
    const user = userEvent.setup();
    const { store } = renderPanel();
    const body = await transcriptBody();
    // Without playing: the transcript's start, then the word the keys move to.
    expect(screen.getByRole('button', { name: 'Copy link to this moment (0:00)' })).toBeVisible();
    within(body).getByRole('button', { name: 'Welcome' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await user.click(screen.getByRole('button', { name: 'Copy link to this moment (0:03)' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/episodes/12?t=3`,
    );
    expect(screen.getByText('Link to 0:03 copied')).toBeInTheDocument();
    expect(store.getState().status).toBe('idle');
    // Playing: the word being spoken, not the start of its sentence (0:19).
    act(() => {
      store.dispatch({ type: 'playFrom', episode, time: 20.5 });
    });
    await user.click(
      await screen.findByRole('button', { name: 'Copy link to this moment (0:20)' }),
    );
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/episodes/12?t=20`,
    );
    act(() => {
      store.dispatch({ type: 'timeupdate', time: 22.2 });
    });
    expect(screen.queryByText(/copied/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy link to this moment (0:22)' })).toBeVisible();
  });

  it('shows the link to copy by hand when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const { store } = renderPanel();
    await transcriptBody();
    act(() => {
      store.dispatch({ type: 'playFrom', episode, time: 4.2 });
    });
    // The highlighter connects in an effect that may run after the body shows: wait for it.
    await user.click(
      await screen.findByRole('button', { name: 'Copy link to this moment (0:04)' }),
    );
    expect(screen.getByRole('textbox', { name: 'Link to this moment' })).toHaveValue(
      `${window.location.origin}/episodes/12?t=4`,
    );
  });

  it('shows the slim under-construction line for an episode without a transcript', () => {
    const { loadTranscript } = renderPanel({
      episode: { ...episode, word_count: 0, timing: null },
    });
    expect(screen.getByRole('img', { name: 'Under construction' })).toBeInTheDocument();
    expect(screen.getByText('No transcript yet')).toBeInTheDocument();
    expect(loadTranscript).not.toHaveBeenCalled();
  });

  it('says when the transcript cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    const loadTranscript = vi
      .fn<(id: number) => Promise<TranscriptBlob>>()
      .mockRejectedValueOnce(new Error('doXHR failed'))
      .mockResolvedValueOnce(transcriptOf(TEXT));
    renderPanel({ loadTranscript });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The transcript could not be loaded.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await transcriptBody()).toHaveTextContent('Welcome to the show.');
    expect(loadTranscript).toHaveBeenCalledTimes(2);
  });

  it('notes approximate timings', async () => {
    renderPanel({ episode: { ...episode, timing: 'approximate' } });
    await transcriptBody();
    expect(screen.getByText('Word times are approximate for this episode.')).toBeInTheDocument();
  });
});

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
