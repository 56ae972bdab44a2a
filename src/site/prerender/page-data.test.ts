import { describe, expect, it } from 'vitest';
import type { EpisodeRow } from '../../core/db-schema.ts';
import { readRoute } from '../../core/page-url.ts';
import { shownRows } from './page-data.ts';

/** Rows of episodes, newest first. */
const rows = ['15', '14.5', '5', '4', '3'].map((episode, id): EpisodeRow => ({
  id,
  episode,
  title: `Episode ${episode}`,
  pub_date: null,
  image: null,
  duration: null,
  audio_url: null,
  presenter1: null,
  presenter2: null,
  presenter3: null,
  presenter4: null,
  presenter5: null,
  venue: null,
  live: 0,
  compilation: 0,
  word_count: 0,
  timing: null,
}));
const numbers = (shown: readonly EpisodeRow[]): string[] => shown.map((row) => row.episode);

describe('shownRows', () => {
  it('carries the first page of the list on the home page', () => {
    expect(numbers(shownRows(rows, readRoute('/'), 2))).toEqual(['15', '14.5']);
  });

  it("carries an episode's page's episode and the ones either side, for its links", () => {
    expect(numbers(shownRows(rows, readRoute('/episodes/5'), 2))).toEqual(['14.5', '5', '4']);
    expect(numbers(shownRows(rows, readRoute('/episodes/14.5'), 2))).toEqual(['15', '14.5', '5']);
    // The newest and the oldest have one neighbour.
    expect(numbers(shownRows(rows, readRoute('/episodes/15'), 2))).toEqual(['15', '14.5']);
    expect(numbers(shownRows(rows, readRoute('/episodes/3'), 2))).toEqual(['4', '3']);
  });

  it('carries nothing for an episode the podcast lacks, or another page', () => {
    expect(shownRows(rows, readRoute('/episodes/99'), 2)).toEqual([]);
    // Canonical numbers only (decision 0038).
    expect(shownRows(rows, readRoute('/episodes/14.50'), 2)).toEqual([]);
    expect(shownRows(rows, readRoute('/no/such/page'), 2)).toEqual([]);
  });
});
