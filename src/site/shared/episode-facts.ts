import type { EpisodeRow } from '../../core/db-schema.ts';
import { displayTitle } from '../../core/display-title.ts';

/**
 * An episode's heading as its row, its tab and the lock screen show it: 'number: title', the
 * number once ('180: Python at …' for a feed title '#180 Python at …').
 */
export function episodeHeading(episode: Pick<EpisodeRow, 'episode' | 'title'>): string {
  return `${episode.episode}: ${displayTitle(episode.title, episode.episode)}`;
}
