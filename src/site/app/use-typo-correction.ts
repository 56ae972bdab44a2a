import { useMemo } from 'react';
import type { Analyzer } from '../../core/analyzer.ts';
import type { FtsColumn } from '../../core/db-schema.ts';
import { checkSearchTerm, type TermCheck } from '../../core/fts-query.ts';
import { partEpisodes } from '../../core/ranking.ts';
import { replaceToken } from '../../core/search-query.ts';
import { useDatabase } from '../data/database-context.tsx';
import { useResource } from '../data/resource.ts';
import { loadCorrection } from '../data/term-list-queries.ts';
import { useEpisodeSearch, type SearchResult } from '../data/use-site-data.ts';

/** A typo corrected: the term as typed and the term whose results show. */
export interface TypoCorrection {
  typed: string;
  corrected: string;
}

/** What the list shows: the search of the URL's term, or of its correction. */
export interface CorrectedSearch {
  check: TermCheck;
  search: SearchResult;
  correction: TypoCorrection | null;
}

const NOTHING: TermCheck = { kind: 'empty' };

/**
 * A search that found nothing searches its nearest indexed words at once (issue 27, decision
 * 0035): each unquoted word that matched nothing is replaced by the indexed word the fewest
 * edits (1 or 2) away, the most frequent of those (one `term_lists` row a word), and when that
 * term finds episodes, they show in its place. Nothing changes for a term asked for `asTyped`,
 * a word with no neighbour near enough ('did you mean' then offers what there is), or a
 * correction that finds nothing either.
 */
export function useTypoCorrection(
  check: TermCheck,
  search: SearchResult,
  options: {
    asTyped: boolean;
    analyzer: Analyzer | null;
    minLength: number;
    fields: Readonly<Record<FtsColumn, boolean>>;
    attempt: number;
    saidBy: readonly number[];
  },
): CorrectedSearch {
  const db = useDatabase();
  const { asTyped, analyzer, minLength } = options;
  // The folded words that found nothing, in order, when the whole search found nothing.
  const missing = useMemo(() => {
    if (asTyped || check.kind !== 'search' || search.status !== 'ready') return null;
    if (search.ids.size > 0) return null;
    const words = check.parsed.parts.flatMap((part, at) => {
      const hits = search.hits.parts[at];
      return part.kind === 'word' && hits && partEpisodes(hits).size === 0 ? [part.token] : [];
    });
    return words.length === 0 ? null : words;
  }, [asTyped, check, search]);
  const term = check.kind === 'search' ? check.term : '';
  const corrected = useResource(
    missing === null ? null : `${term}\n${missing.join(' ')}`,
    async () => {
      if (!missing || !analyzer) return null;
      let text = term;
      for (const word of missing) {
        const nearest = await loadCorrection(db, word);
        if (nearest === null) return null;
        text = replaceToken(text, word, nearest, analyzer);
      }
      return text === term ? null : text;
    },
  );
  const correctedTerm = corrected.status === 'ready' ? corrected.data : null;
  const correctedCheck = useMemo(
    () =>
      correctedTerm !== null && analyzer
        ? checkSearchTerm(correctedTerm, minLength, analyzer)
        : NOTHING,
    [correctedTerm, analyzer, minLength],
  );
  const correctedSearch = useEpisodeSearch(
    correctedCheck,
    options.fields,
    options.attempt,
    options.saidBy,
  );
  if (missing === null || corrected.status === 'error') return { check, search, correction: null };
  // The nearest words and their search are on their way: the list waits for them.
  if (corrected.status === 'loading')
    return { check, search: { status: 'loading' }, correction: null };
  if (correctedTerm === null || correctedSearch.status === 'off') {
    return { check, search, correction: null };
  }
  if (correctedSearch.status === 'loading') {
    return { check, search: correctedSearch, correction: null };
  }
  if (correctedSearch.status !== 'ready' || correctedSearch.ids.size === 0) {
    return { check, search, correction: null };
  }
  return {
    check: correctedCheck,
    search: correctedSearch,
    correction: { typed: term, corrected: correctedTerm },
  };
}
