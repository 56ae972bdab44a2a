import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TranscriptBlob } from '../../../core/db-schema.ts';
import {
  currentSentence,
  episode,
  renderPanel,
  searchFor,
  TEXT,
  transcriptBody,
  transcriptOf,
} from './test-support/transcript-panel-setup.tsx';
import { wholeText } from '../../shared/test-support/whole-text.ts';

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
    expect(screen.getByText(wholeText('found 3 utterances of "Ice Cream"'))).toBeInTheDocument();
    const marks = [...body.querySelectorAll('mark')].map((mark) => mark.textContent);
    // A matched phrase is one highlighted run, not one box per word.
    expect(marks).toEqual(['ice cream.', 'ice cream', 'ice-cream,']);

    // Unquoted, each word counts on its own, by its stem.
    rerenderWith({ query: searchFor('creams ice') });
    expect(screen.getByText(wholeText('found 6 utterances of "creams ice"'))).toBeInTheDocument();
    expect([...body.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'ice',
      'cream.',
      'ice',
      'cream',
      'ice-cream,',
    ]);

    rerenderWith({ query: searchFor('luxury') });
    expect(screen.getByText(wholeText('found 1 utterance of "luxury"'))).toBeInTheDocument();
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'luxury?',
    ]);

    rerenderWith({ query: searchFor('sorbet') });
    expect(screen.getByText(wholeText('found 0 utterances of "sorbet"'))).toBeInTheDocument();
    expect(container.querySelectorAll('mark')).toHaveLength(0);

    rerenderWith({ query: searchFor('') });
    expect(screen.queryByText(/found \d+ utterance/)).toBeNull();
  });

  it('finds a phrase that ends on the last word', async () => {
    renderPanel({ query: searchFor('"said anna"') });
    const body = await transcriptBody();
    expect(screen.getByText(wholeText('found 1 utterance of "said anna"'))).toBeInTheDocument();
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
