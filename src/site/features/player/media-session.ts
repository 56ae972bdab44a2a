/**
 * Lock-screen and headset controls through the Media Session API, where the browser has it:
 * the playing episode's title and artwork, and play/pause/seek handlers that drive the store.
 */
import { episodeHeading } from '../../shared/episode-facts.ts';
import type { PlayerStore } from '../../shared/player-store.ts';
import type { PlayerEpisode } from '../../shared/player-state.ts';

const SKIP_SECONDS = 10;

export interface MediaSessionOptions {
  /** Shown as the artist: the podcast's title. */
  podcastTitle: string;
  /** The episode's artwork address, or null when it has none. */
  artwork: (episode: PlayerEpisode) => string | null;
}

/** Wires the Media Session to `store`; returns the function that unwires it (a no-op without the API). */
export function connectMediaSession(store: PlayerStore, options: MediaSessionOptions): () => void {
  if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return () => undefined;
  if (typeof MediaMetadata === 'undefined') return () => undefined;
  const session = navigator.mediaSession;

  const seekBy = (delta: number): void => {
    const state = store.getState();
    if (state.status === 'loaded') store.dispatch({ type: 'seek', time: state.time + delta });
  };
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    [
      'play',
      () => {
        const state = store.getState();
        if (state.status === 'loaded' && !state.playing) {
          store.dispatch({ type: 'toggle', episode: state.episode });
        }
      },
    ],
    ['pause', () => store.dispatch({ type: 'pause' })],
    ['seekbackward', (details) => seekBy(-(details.seekOffset ?? SKIP_SECONDS))],
    ['seekforward', (details) => seekBy(details.seekOffset ?? SKIP_SECONDS)],
    [
      'seekto',
      (details) => {
        if (details.seekTime !== undefined)
          store.dispatch({ type: 'seek', time: details.seekTime });
      },
    ],
  ];
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // Browsers throw for actions they do not support; the others still work.
    }
  }

  let shownEpisode: PlayerEpisode | null = null;
  const update = (): void => {
    const state = store.getState();
    if (state.status !== 'loaded') return;
    if (state.episode !== shownEpisode) {
      shownEpisode = state.episode;
      const artwork = options.artwork(state.episode);
      session.metadata = new MediaMetadata({
        title: episodeHeading(state.episode),
        artist: options.podcastTitle,
        artwork: artwork ? [{ src: artwork }] : [],
      });
    }
    session.playbackState = state.playing ? 'playing' : 'paused';
    const duration = state.duration;
    if (duration !== null && duration > 0 && 'setPositionState' in session) {
      try {
        session.setPositionState({
          duration,
          position: Math.min(state.time, duration),
          playbackRate: 1,
        });
      } catch {
        // An out-of-range position during a source switch is not worth failing for.
      }
    }
  };
  const unsubscribe = store.subscribe(update);
  update();

  return () => {
    unsubscribe();
    for (const [action] of handlers) {
      try {
        session.setActionHandler(action, null);
      } catch {
        // See above.
      }
    }
  };
}
