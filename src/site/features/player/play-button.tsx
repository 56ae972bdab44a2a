import { useTexts } from '../../shared/texts-context.tsx';
import { useCallback, type ReactNode } from 'react';
import { useMedia } from '../../shared/media-context.tsx';
import { usePlayerSelector, usePlayerStore } from '../../shared/player-store.ts';
import {
  isCurrentEpisode,
  type PlayerEpisode,
  type PlayerState,
} from '../../shared/player-state.ts';

export interface PlayButtonProps {
  /** The episode this button plays; an `EpisodeRow` is one. */
  episode: PlayerEpisode;
}

/** Play/pause for one episode: toggles it, or switches the player to it and plays. */
export function PlayButton({ episode }: PlayButtonProps): ReactNode {
  const store = usePlayerStore();
  const media = useMedia();
  const { text } = useTexts();
  const isPlaying = useCallback(
    (state: PlayerState) => isCurrentEpisode(state, episode.episode) && state.playing,
    [episode.episode],
  );
  const playing = usePlayerSelector(isPlaying);
  const action = text(playing ? 'player.pauseEpisode' : 'player.playEpisode', {
    episode: episode.episode,
  });
  return (
    <button
      type="button"
      className="play-button"
      aria-label={action}
      title={action}
      onClick={() => store.dispatch({ type: 'toggle', episode })}
    >
      <img src={media.icon(playing ? 'pause' : 'play')} alt="" width={32} height={32} />
    </button>
  );
}
