import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  mergeSearchState,
  readSearchState,
  updateSearchState,
  type SearchState,
} from '../../core/search-state.ts';

/** Applies a change to the search state; a change of term or filter goes back to page 1. */
export type UpdateSearchState = (change: Partial<SearchState>) => void;

/**
 * The search state held in the URL's query string. Every change is a new history entry, so
 * back and forward step through searches, filters and pages; other parameters are kept.
 */
export function useSearchState(): [SearchState, UpdateSearchState] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readSearchState(params), [params]);
  const update = useCallback<UpdateSearchState>(
    (change) => {
      setParams(
        (current) => mergeSearchState(current, updateSearchState(readSearchState(current), change)),
        { preventScrollReset: true },
      );
    },
    [setParams],
  );
  return [state, update];
}
