import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMedia } from '../../shared/media-context.tsx';
import { browserStorage, readPlaybackRate, writePlaybackRate } from '../../shared/playback-rate.ts';
import { idlePlayer } from '../../shared/player-state.ts';
import { createPlayerStore, PlayerStoreContext } from '../../shared/player-store.ts';
import { connectAudio } from './audio-sync.ts';
import { connectMediaSession } from './media-session.ts';
import { connectPlayerShortcuts } from './player-shortcuts.ts';
import './player.css';

export interface PlayerProviderProps {
  /** The podcast's title: the 'artist' on lock screens and headsets. */
  podcastTitle: string;
  children: ReactNode;
}

/**
 * The page's one audio player: render it once around the page, inside the `MediaProvider`.
 * It owns the only <audio> element and the player store that `PlayButton`, `ProgressBar`,
 * `PlayerBar` and the transcript share, remembers the visitor's speed, and listens for the
 * player's keyboard shortcuts. Audio and artwork addresses come from the media URLs.
 */
export function PlayerProvider({ podcastTitle, children }: PlayerProviderProps): ReactNode {
  // Nothing the first render shows depends on the speed (the bar waits for a play), so a
  // pre-rendered page hydrates the same whatever the visitor's storage holds.
  const [store] = useState(() => createPlayerStore(idlePlayer(readPlaybackRate(browserStorage()))));
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

  useEffect(() => {
    let remembered = store.getState().rate;
    return store.subscribe(() => {
      const { rate } = store.getState();
      if (rate === remembered) return;
      remembered = rate;
      writePlaybackRate(browserStorage(), rate);
    });
  }, [store]);

  useEffect(() => connectPlayerShortcuts(store, document), [store]);

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
