import { useCallback, type ReactNode } from 'react';
import type { ParsedQuery } from '../../../core/search-query.ts';
import { firstFurtherMatchTime, type Snippet } from '../../../core/snippets.ts';
import { useDatabase } from '../../data/database-context.tsx';
import { getTranscript } from '../../data/transcript-queries.ts';
import { usePlayerStore } from '../../shared/player-store.ts';
import type { PlayerEpisode } from '../../shared/player-state.ts';
import { SnippetList, type SnippetsState } from './snippet-list.tsx';

export interface EpisodeSnippetsProps {
  /** The row's episode; an `EpisodeRow` is one. */
  episode: PlayerEpisode & { id: number };
  /** From `usePageSnippets`; null when the page shows no snippets. */
  state: SnippetsState | null;
  /** The search, to find the first match the snippets leave out (null: none). */
  query: ParsedQuery | null;
  /**
   * Brings the episode's transcript to `time` (seconds): scrolls it there when it is open, and
   * with `open` opens it first. The app owns which rows are open.
   */
  onReveal: (episodeId: number, time: number, open: boolean) => void;
  /** Who said a snippet, by its speaker code (see `SnippetList`). */
  speakerName?: (code: number) => string | null;
}

/**
 * A result row's snippets, wired to the page: a time plays the episode from that sentence
 * through the page's one player; 'and N more' opens the transcript at the first match the
 * snippets do not show (found in the transcript itself, which opening it loads anyway).
 */
export function EpisodeSnippets({
  episode,
  state,
  query,
  onReveal,
  speakerName,
}: EpisodeSnippetsProps): ReactNode {
  const store = usePlayerStore();
  const db = useDatabase();
  const shown = state?.status === 'ready' ? state.snippets.snippets : null;

  const onPlay = useCallback(
    (snippet: Snippet) => {
      store.dispatch({ type: 'playFrom', episode, time: snippet.time });
      onReveal(episode.id, snippet.time, false);
    },
    [store, episode, onReveal],
  );

  const onMore = useCallback(() => {
    const fallback = shown?.at(-1)?.time ?? 0;
    getTranscript(db, episode.id)
      .then((blob) =>
        query ? firstFurtherMatchTime(blob.words, blob.start, query, shown ?? []) : null,
      )
      .catch(() => null)
      .then((time) => onReveal(episode.id, time ?? fallback, true))
      .catch(() => undefined);
  }, [db, episode.id, query, shown, onReveal]);

  if (state === null) return null;
  return (
    <SnippetList
      state={state}
      episode={episode.episode}
      onPlay={onPlay}
      onMore={onMore}
      {...(speakerName ? { speakerName } : {})}
    />
  );
}
