import { useMemo } from 'react';
import { lastWord, replaceLastWord } from '../../../core/last-word.ts';
import { MIN_PREFIX } from '../../../core/term-lists.ts';
import { useDatabase } from '../../data/database-context.tsx';
import { useResource } from '../../data/resource.ts';
import { loadCompletions } from '../../data/term-list-queries.ts';

/** A suggestion: the word offered and the whole term that picking it searches. */
export interface Suggestion {
  word: string;
  term: string;
}

const NONE: Suggestion[] = [];

/**
 * The index's most frequent completions of the word being typed at the end of `draft`, from
 * its second character (decision 0009). Null `draft` (the list is closed) loads nothing.
 */
export function useSuggestions(draft: string | null): Suggestion[] {
  const db = useDatabase();
  const at = useMemo(() => (draft === null ? null : lastWord(draft)), [draft]);
  const prefix = at !== null && at.token.length >= MIN_PREFIX ? at.token : null;
  const words = useResource(prefix, () => loadCompletions(db, prefix ?? ''));
  return useMemo(() => {
    if (draft === null || at === null || words.status !== 'ready') return NONE;
    return words.data.map((word) => ({ word, term: replaceLastWord(draft, at, word) }));
  }, [draft, at, words]);
}
