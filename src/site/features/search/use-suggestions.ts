import { useMemo } from 'react';
import { lastWord, replaceLastWord } from '../../../core/last-word.ts';
import type { Tokenizer } from '../../../core/tokenizer.ts';
import { MIN_PREFIX } from '../../../core/term-lists.ts';
import { useDatabase } from '../../data/database-context.tsx';
import { useResource } from '../../data/resource.ts';
import { loadCompletions, MAX_SUGGESTIONS } from '../../data/term-list-queries.ts';

/** A suggestion: the word offered and the whole term that picking it searches. */
export interface Suggestion {
  word: string;
  term: string;
}

const NONE: Suggestion[] = [];

/**
 * The index's most frequent completions of the word being typed at the end of `draft`, from
 * its second character (decision 0009), cut and folded by the index's tokenizer. Null `draft`
 * (the list is closed) or no tokenizer yet loads nothing.
 */
export function useSuggestions(draft: string | null, tokenizer: Tokenizer | null): Suggestion[] {
  const db = useDatabase();
  const at = useMemo(
    () => (draft === null || tokenizer === null ? null : lastWord(draft, tokenizer)),
    [draft, tokenizer],
  );
  const prefix = at !== null && [...at.token].length >= MIN_PREFIX ? at.token : null;
  // Given up when the list closes or the word changes: a search submitted before the engine
  // was ready then reads its pages first (decision 0069).
  const words = useResource(prefix, (signal) =>
    loadCompletions(db, prefix ?? '', MAX_SUGGESTIONS, signal),
  );
  return useMemo(() => {
    if (draft === null || at === null || words.status !== 'ready') return NONE;
    return words.data.map((word) => ({ word, term: replaceLastWord(draft, at, word) }));
  }, [draft, at, words]);
}
