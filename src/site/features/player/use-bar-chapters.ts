import { hasTranscript } from '../../../core/db-schema.ts';
import { useDatabase } from '../../data/database-context.tsx';
import { useResource } from '../../data/resource.ts';
import { getTranscript } from '../../data/transcript-queries.ts';
import { chaptersKnown, publishChapters } from '../../shared/chapter-store.ts';
import type { PlayerEpisode } from '../../shared/player-state.ts';

/**
 * Reads the chapters of the episode in the player bar when no transcript on screen has
 * published them yet (it was played from a collapsed row): they travel in the transcript, which
 * is read once and kept. A failure only leaves the bar without chapters.
 */
export function useBarChapters(episode: PlayerEpisode): void {
  const db = useDatabase();
  const { id, timing } = episode;
  const wanted =
    id !== undefined &&
    timing !== undefined &&
    hasTranscript({ timing }) &&
    !chaptersKnown(episode.episode);
  useResource(wanted ? `bar-chapters:${id}` : null, () => getTranscript(db, id ?? -1), {
    onData: (blob) => publishChapters(episode.episode, blob.chapters ?? []),
  });
}
