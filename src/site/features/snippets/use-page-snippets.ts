import { useCallback, useState } from 'react';
import { queryKey, type ParsedQuery } from '../../../core/search-query.ts';
import { useDatabase } from '../../data/database-context.tsx';
import { useResource } from '../../data/resource.ts';
import { loadSnippets } from '../../data/snippet-queries.ts';
import { logDatabaseProblem } from '../../data/use-site-data.ts';
import type { SnippetsState } from './snippet-list.tsx';

const LOADING: SnippetsState = { status: 'loading' };
const FAILED: SnippetsState = { status: 'error' };

/** The state of each row's snippets, by episode id; null when the page shows none. */
export type SnippetsOf = (episodeId: number) => SnippetsState | null;

/**
 * Loads the snippets of the rows on screen for a search (null: no snippets,
 * as when the transcript field is unchecked). Loading starts after the rows are on screen, so
 * it never delays them or the count line, and a newer page or term drops an older load between
 * its statements. Results are kept per term and episode for the visit, so paging back shows
 * them at once. Pass a memoised `query`: a new object starts the load again.
 */
export function usePageSnippets(
  episodeIds: readonly number[],
  query: ParsedQuery | null,
  saidBy: readonly number[] = [],
): SnippetsOf {
  const db = useDatabase();
  // Keyed by the speakers too: a 'said by' choice shows other snippets for the same search.
  const speakers = saidBy.join(',');
  const phrase =
    query === null || query.parts.length === 0 ? null : `${queryKey(query)}|${speakers}`;
  const [known, setKnown] = useState<ReadonlyMap<string, SnippetsState>>(() => new Map());
  const missing =
    phrase === null ? '' : episodeIds.filter((id) => !known.has(`${phrase}|${id}`)).join(',');

  const wanted = missing === '' ? [] : missing.split(',').map(Number);
  const store = (states: Iterable<[string, SnippetsState]>): void =>
    setKnown((previous) => new Map([...previous, ...states]));
  useResource(
    phrase === null || missing === '' ? null : `${phrase}|${missing}`,
    async (signal) => {
      if (query === null) return [];
      const found = await loadSnippets(db, wanted, query, {
        signal,
        saidBy: speakers === '' ? [] : speakers.split(',').map(Number),
      });
      return wanted.map((id): [string, SnippetsState] => {
        const snippets = found.get(id);
        return [`${phrase}|${id}`, snippets ? { status: 'ready', snippets } : FAILED];
      });
    },
    {
      onData: store,
      onError: (error) => {
        logDatabaseProblem('snippets', error);
        store(wanted.map((id) => [`${phrase}|${id}`, FAILED]));
      },
    },
  );

  return useCallback(
    (episodeId: number) =>
      phrase === null ? null : (known.get(`${phrase}|${episodeId}`) ?? LOADING),
    [phrase, known],
  );
}
