import type { EpisodeRow } from '../../core/db-schema.ts';

/** Whether an episode has a transcript to open. */
export function hasTranscript(episode: Pick<EpisodeRow, 'word_count'>): boolean {
  return episode.word_count > 0;
}

/** An episode's heading, 'number: title', as its row, its tab and its player show it. */
export function episodeHeading(episode: Pick<EpisodeRow, 'episode' | 'title'>): string {
  return `${episode.episode}: ${episode.title}`;
}
