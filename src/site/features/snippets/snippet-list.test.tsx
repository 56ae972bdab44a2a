import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EpisodeRow } from '../../../core/db-schema.ts';
import { PASSAGE_BLOCK_SIZE } from '../../../core/db-schema.ts';
import { buildPassages } from '../../../core/passages.ts';
import {
  buildEpisodeSnippets,
  chooseBlocks,
  type EpisodeSnippets,
} from '../../../core/snippets.ts';
import { DatabaseProvider } from '../../data/database-context.tsx';
import type { SqlValue, TrawlDatabase } from '../../data/database-types.ts';
import { loadSnippets } from '../../data/snippet-queries.ts';
import {
  openFixtureDatabase,
  type FixtureDatabase,
} from '../../data/test-support/fixture-database.ts';
import { createPlayerStore, PlayerStoreContext } from '../../shared/player-store.ts';
import { EpisodeSnippets as EpisodeSnippetsView } from './episode-snippets.tsx';
import { SnippetList, moreLabel, type SnippetsState } from './snippet-list.tsx';
import { parseSearchQuery, phraseQuery } from '../../../core/search-query.ts';
import { ENGLISH } from '../../../core/test-support/analyzers.ts';

// Snippets as the real code makes them: from the fixture podcast's database (built by the real
// builder), and from passages of a long transcript cut by the builder's own functions.
let fixture: FixtureDatabase;
let episodes: EpisodeRow[];
let database: TrawlDatabase;

beforeAll(async () => {
  fixture = await openFixtureDatabase();
  episodes = fixture.sqlite.prepare<[], EpisodeRow>('SELECT * FROM episodes ORDER BY id').all();
  // better-sqlite3 returns blobs as Node Buffers, which this DOM environment's `Uint8Array`
  // does not recognise; the browser's worker returns the page's own Uint8Array.
  database = {
    ...fixture.database,
    query: async <T,>(sql: string, params?: readonly SqlValue[]): Promise<T[]> => {
      const rows = await fixture.database.query<T>(sql, params);
      for (const row of rows) {
        if (typeof row !== 'object' || row === null) continue;
        for (const [key, value] of Object.entries(row)) {
          if (value instanceof Buffer) {
            Object.assign(row, {
              [key]: new Uint8Array(value.buffer, value.byteOffset, value.length),
            });
          }
        }
      }
      return rows;
    },
  };
});

afterAll(async () => {
  await fixture.close();
});

function episodeRow(episode: string): EpisodeRow {
  const row = episodes.find((candidate) => candidate.episode === episode);
  if (!row) throw new Error(`no episode ${episode}`);
  return row;
}

/** An hour-and-a-half-long transcript saying 'penguin' five times, one word a second. */
function longEpisodeSnippets(): EpisodeSnippets {
  const words = Array.from({ length: 6000 }, (_, index) => {
    const word = [100, 300, 3700, 4000, 5000].includes(index) ? 'penguin' : `w${index}`;
    return index % 10 === 9 ? `${word}.` : word;
  });
  const passages = buildPassages(
    words,
    words.map((_, index) => index * 100),
    ENGLISH,
  ).map(({ span, data }, index) => ({
    id: index + 1,
    episodeId: 1,
    firstWord: span.firstWord,
    data,
  }));
  const matching = passages.filter((passage) => passage.data.w.includes('penguin'));
  const [choice] = chooseBlocks(
    [{ episodeId: 1, first: 1, count: passages.length }],
    matching.map((passage) => passage.id),
    { blockSize: PASSAGE_BLOCK_SIZE },
  );
  const read = passages.filter((passage) => choice?.read.includes(passage.id));
  return buildEpisodeSnippets(
    1,
    read,
    phraseQuery(ENGLISH.tokenize('penguin'), ENGLISH),
    choice?.unread ?? 0,
  );
}

function ready(snippets: EpisodeSnippets): SnippetsState {
  return { status: 'ready', snippets };
}

describe('SnippetList', () => {
  it('shows each snippet with its time and the match marked', async () => {
    const row = episodeRow('14.5');
    const found = await loadSnippets(
      fixture.database,
      [row.id],
      phraseQuery(ENGLISH.tokenize('ice cream'), ENGLISH),
    );
    const snippets = found.get(row.id);
    if (!snippets) throw new Error('no snippets');
    render(
      <SnippetList state={ready(snippets)} episode="14.5" onPlay={vi.fn()} onMore={vi.fn()} />,
    );
    const list = screen.getByRole('region', { name: 'Where it was said in episode 14.5' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByRole('button', { name: 'Play from 0:04' })).toHaveTextContent('0:04');
    expect(item).toHaveTextContent('The narwhal tusk is a tooth. We ate ice cream on stage.');
    expect(item.querySelectorAll('mark')).toHaveLength(1);
    expect(item.querySelector('mark')).toHaveTextContent(/^ice cream$/);
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
  });

  it('marks only the typed part of a word the last word begins, the word read whole', async () => {
    const row = episodeRow('1');
    const found = await loadSnippets(fixture.database, [row.id], parseSearchQuery('octo', ENGLISH));
    const snippets = found.get(row.id);
    if (!snippets) throw new Error('no snippets');
    render(<SnippetList state={ready(snippets)} episode="1" onPlay={vi.fn()} onMore={vi.fn()} />);
    const item = within(
      screen.getByRole('region', { name: 'Where it was said in episode 1' }),
    ).getByRole('listitem');
    expect([...item.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['octo']);
    // The word stays one word to read: no space where the highlight ends.
    expect(item).toHaveTextContent(/Did you know octopuses have three hearts\?/);
    expect(within(item).getByText('octo').nextSibling).toHaveTextContent(/^puses have/);
  });

  it('shows three snippets, h:mm:ss past an hour, and how many more passages match', () => {
    // 300 ends its block's last passage, so the snippet shows the words before it. 4000 and
    // 5000 sit in two overlapping unread passages each: four passages.
    const onMore = vi.fn();
    render(
      <SnippetList
        state={ready(longEpisodeSnippets())}
        episode="1"
        onPlay={vi.fn()}
        onMore={onMore}
      />,
    );
    const times = screen.getAllByRole('button', { name: /^Play from/ });
    expect(times.map((time) => time.textContent)).toEqual(['1:40', '5:00', '1:01:40']);
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(/^1:40 penguin w101 .* w119\.$/);
    expect(screen.getAllByRole('listitem')[1]).toHaveTextContent(
      /^5:00 … w284 .* penguin w301 w302 w303 …$/,
    );
    expect(screen.getByRole('button', { name: 'and 4 more passages' })).toBeInTheDocument();
  });

  it('plays a snippet with a click, Enter or Space, and opens more with the keyboard', async () => {
    const user = userEvent.setup();
    const onPlay = vi.fn();
    const onMore = vi.fn();
    const state = ready(longEpisodeSnippets());
    render(<SnippetList state={state} episode="1" onPlay={onPlay} onMore={onMore} />);
    await user.click(screen.getByRole('button', { name: 'Play from 5:00' }));
    expect(onPlay).toHaveBeenLastCalledWith(expect.objectContaining({ time: 300, matchWord: 300 }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Play from 1:01:40' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onPlay).toHaveBeenLastCalledWith(expect.objectContaining({ time: 3700 }));
    await user.keyboard(' ');
    expect(onPlay).toHaveBeenCalledTimes(3);
    await user.tab();
    expect(screen.getByRole('button', { name: 'and 4 more passages' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onMore).toHaveBeenCalledTimes(1);
  });

  it('shows nothing while loading or without a match, and a quiet note when it failed', () => {
    const { container, rerender } = render(
      <SnippetList state={{ status: 'loading' }} episode="1" onPlay={vi.fn()} onMore={vi.fn()} />,
    );
    expect(container.querySelector('[aria-busy="true"]')).not.toBeVisible();
    expect(container).toHaveTextContent('');
    rerender(
      <SnippetList
        state={ready({ episodeId: 1, snippets: [], more: null })}
        episode="1"
        onPlay={vi.fn()}
        onMore={vi.fn()}
      />,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(
      <SnippetList state={{ status: 'error' }} episode="1" onPlay={vi.fn()} onMore={vi.fn()} />,
    );
    expect(screen.getByText('snippets unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('words the count by what it counts', () => {
    expect(moreLabel({ count: 2, unit: 'match' })).toBe('and 2 more');
    expect(moreLabel({ count: 1, unit: 'passage' })).toBe('and 1 more passage');
    expect(moreLabel({ count: 12, unit: 'passage' })).toBe('and 12 more passages');
  });
});

describe('EpisodeSnippets', () => {
  it('plays the episode from the snippet through the page player and reveals the transcript', async () => {
    const user = userEvent.setup();
    const store = createPlayerStore();
    const onReveal = vi.fn();
    const row = episodeRow('14.5');
    const found = await loadSnippets(
      fixture.database,
      [row.id],
      phraseQuery(ENGLISH.tokenize('ice cream'), ENGLISH),
    );
    const snippets = found.get(row.id);
    if (!snippets) throw new Error('no snippets');
    render(
      <DatabaseProvider database={database}>
        <PlayerStoreContext.Provider value={store}>
          <EpisodeSnippetsView
            episode={row}
            state={ready(snippets)}
            query={phraseQuery(ENGLISH.tokenize('ice cream'), ENGLISH)}
            onReveal={onReveal}
          />
        </PlayerStoreContext.Provider>
      </DatabaseProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Play from 0:04' }));
    expect(store.getState()).toMatchObject({
      status: 'loaded',
      episode: { episode: '14.5' },
      playing: true,
      time: 4.5,
    });
    expect(onReveal).toHaveBeenCalledWith(row.id, 4.5, false);
  });

  it("opens the transcript at the first match the snippets leave out for 'and N more'", async () => {
    const user = userEvent.setup();
    const onReveal = vi.fn();
    const row = episodeRow('14.5');
    const found = await loadSnippets(
      fixture.database,
      [row.id],
      phraseQuery(ENGLISH.tokenize('ice cream'), ENGLISH),
    );
    const shown = found.get(row.id)?.snippets[0];
    if (!shown) throw new Error('no snippet');
    // As if the snippet showed only 'The narwhal tusk' (words 0–2, said at 1 s): the match
    // at 'ice cream' is then the first one left out, in the sentence that starts at 4.5 s.
    const state = ready({
      episodeId: row.id,
      snippets: [{ ...shown, fromWord: 0, toWord: 3, time: 1 }],
      more: { count: 1, unit: 'match' },
    });
    render(
      <DatabaseProvider database={database}>
        <PlayerStoreContext.Provider value={createPlayerStore()}>
          <EpisodeSnippetsView
            episode={row}
            state={state}
            query={phraseQuery(ENGLISH.tokenize('ice cream'), ENGLISH)}
            onReveal={onReveal}
          />
        </PlayerStoreContext.Provider>
      </DatabaseProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'and 1 more' }));
    await waitFor(() => expect(onReveal).toHaveBeenCalledWith(row.id, 4.5, true));
  });

  it('renders nothing when the page shows no snippets', () => {
    const { container } = render(
      <DatabaseProvider database={database}>
        <PlayerStoreContext.Provider value={createPlayerStore()}>
          <EpisodeSnippetsView
            episode={episodeRow('1')}
            state={null}
            query={phraseQuery([], ENGLISH)}
            onReveal={vi.fn()}
          />
        </PlayerStoreContext.Provider>
      </DatabaseProvider>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
