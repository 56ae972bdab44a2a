import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { readPageUrl, type PageUrl } from '../../core/page-url.ts';
import {
  mergeSearchState,
  readSearchState,
  updateSearchState,
  type SearchState,
} from '../../core/search-state.ts';

/**
 * Applies a change to the search state; a change of term or filter goes back to page 1.
 * `replace`: the change takes the current history entry's place (a search as it is typed).
 */
export type UpdateSearchState = (
  change: Partial<SearchState>,
  options?: { replace?: boolean },
) => void;

/**
 * The page's URL, read once per navigation (`readPageUrl`), and the way to change its state.
 * Every change is a new history entry (unless it asks to replace the current one), so back and
 * forward step through searches, filters and pages; parameters the site does not own are kept.
 */
export function usePageUrl(): [PageUrl, UpdateSearchState] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const url = useMemo(() => readPageUrl(pathname, params), [pathname, params]);
  const update = useCallback<UpdateSearchState>(
    (change, options) => {
      setParams(
        (current) => mergeSearchState(current, updateSearchState(readSearchState(current), change)),
        { preventScrollReset: true, replace: options?.replace === true },
      );
    },
    [setParams],
  );
  return [url, update];
}
