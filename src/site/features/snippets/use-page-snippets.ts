import { useCallback, useEffect, useState } from 'react';
import { useDatabase } from '../../data/database-context.tsx';
import { loadSnippets } from '../../data/snippet-queries.ts';
import { logDatabaseProblem } from '../../data/use-site-data.ts';
import type { SnippetsState } from './snippet-list.tsx';

const LOADING: SnippetsState = { status: 'loading' };
const FAILED: SnippetsState = { status: 'error' };

/** The state of each row's snippets, by episode id; null when the page shows none. */
export type SnippetsOf = (episodeId: number) => SnippetsState | null;

/**
 * Loads the snippets of the rows on screen for a phrase of index tokens (null: no snippets,
 * as when the transcript field is unchecked). Loading starts after the rows are on screen, so
 * it never delays them or the count line, and a newer page or term drops an older load between
 * its statements. Results are kept per term and episode for the visit, so paging back shows
 * them at once.
 */
export function usePageSnippets(
  episodeIds: readonly number[],
  tokens: readonly string[] | null,
): SnippetsOf {
  const db = useDatabase();
  const phrase = tokens === null || tokens.length === 0 ? null : tokens.join(' ');
  const [known, setKnown] = useState<ReadonlyMap<string, SnippetsState>>(() => new Map());
  const missing =
    phrase === null ? '' : episodeIds.filter((id) => !known.has(`${phrase}|${id}`)).join(',');

  useEffect(() => {
    if (phrase === null || missing === '') return undefined;
    const wanted = missing.split(',').map(Number);
    const abort = new AbortController();
    const store = (state: (id: number) => SnippetsState): void => {
      setKnown((previous) => {
        const next = new Map(previous);
        for (const id of wanted) next.set(`${phrase}|${id}`, state(id));
        return next;
      });
    };
    loadSnippets(db, wanted, phrase.split(' '), { signal: abort.signal }).then(
      (found) => {
        store((id) => {
          const snippets = found.get(id);
          return snippets ? { status: 'ready', snippets } : FAILED;
        });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        logDatabaseProblem('snippets', error);
        store(() => FAILED);
      },
    );
    return () => abort.abort(new Error('the rows on screen changed'));
  }, [db, phrase, missing]);

  return useCallback(
    (episodeId: number) =>
      phrase === null ? null : (known.get(`${phrase}|${episodeId}`) ?? LOADING),
    [phrase, known],
  );
}
