import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMedia } from '../../shared/media-context.tsx';
import { createPlayerStore, PlayerStoreContext } from '../../shared/player-store.ts';
import { connectAudio } from './audio-sync.ts';
import { connectMediaSession } from './media-session.ts';
import './player.css';

export interface PlayerProviderProps {
  /** The podcast's title: the 'artist' on lock screens and headsets. */
  podcastTitle: string;
  children: ReactNode;
}

/**
 * The page's one audio player: render it once around the page, inside the `MediaProvider`.
 * It owns the only <audio> element and the player store that `PlayButton`, `ProgressBar` and
 * the transcript share. Audio and artwork addresses come from the media URLs (`useMedia`).
 */
export function PlayerProvider({ podcastTitle, children }: PlayerProviderProps): ReactNode {
  const [store] = useState(() => createPlayerStore());
  const audioRef = useRef<HTMLAudioElement>(null);
  const media = useMedia();
  // Read when the audio needs an address: a new media object (the config arrived) must not
  // reconnect, and so reload, the audio.
  const mediaRef = useRef(media);
  useEffect(() => {
    mediaRef.current = media;
  }, [media]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return undefined;
    return connectAudio(store, audio, (episode) => mediaRef.current.audio(episode));
  }, [store]);

  useEffect(
    () =>
      connectMediaSession(store, {
        podcastTitle,
        artwork: (episode) => mediaRef.current.episodeImage(episode),
      }),
    [store, podcastTitle],
  );

  return (
    <PlayerStoreContext.Provider value={store}>
      {children}
      <audio ref={audioRef} preload="metadata" className="player-audio" />
    </PlayerStoreContext.Provider>
  );
}
