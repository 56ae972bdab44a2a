import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { listLocation, readPageUrl, type PageUrl } from '../../core/page-url.ts';
import {
  foreignParams,
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
 * On the list, the address is `listLocation`'s: a page of the plain list is '/page/N', as its
 * link names it.
 */
export function usePageUrl(): [PageUrl, UpdateSearchState] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const url = useMemo(() => readPageUrl(pathname, params), [pathname, params]);
  const onList = url.route.kind === 'home';
  const { state } = url;
  const update = useCallback<UpdateSearchState>(
    (change, options) => {
      const replace = options?.replace === true;
      if (onList) {
        const target = listLocation(updateSearchState(state, change), foreignParams(params));
        // A move to another of the list's paths ('/' ↔ '/page/N') is a navigation; a change
        // of the query string alone (a search as it is typed) stays one, as on any page.
        if (target.split('?')[0] !== pathname) {
          void navigate(target, { preventScrollReset: true, replace });
          return;
        }
      }
      setParams(
        (current) => mergeSearchState(current, updateSearchState(readSearchState(current), change)),
        { preventScrollReset: true, replace },
      );
    },
    [onList, state, params, pathname, navigate, setParams],
  );
  return [url, update];
}
