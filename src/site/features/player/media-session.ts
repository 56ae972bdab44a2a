/**
 * Lock-screen and headset controls through the Media Session API, where the browser has it:
 * the playing episode's title and artwork, and play/pause/seek handlers that drive the store.
 */
import type { Chapter } from '../../../core/speech.ts';
import { chaptersOf, subscribeChapters } from '../../shared/chapter-store.ts';
import { episodeHeading } from '../../../core/document-title.ts';
import type { PlayerStore } from '../../shared/player-store.ts';
import type { PlayerEpisode } from '../../shared/player-state.ts';

/** The lock screen skips as the player bar does: back 15 s, forward 30 s. */
export const SKIP_BACK_SECONDS = 15;
export const SKIP_FORWARD_SECONDS = 30;

/** A chapter as the Media Session takes it (not yet in TypeScript's DOM types). */
interface ChapterInformationInit {
  title: string;
  startTime: number;
  artwork: MediaImage[];
}

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

  const seekBy = (delta: number): void => store.dispatch({ type: 'skip', by: delta });
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
    ['seekbackward', (details) => seekBy(-(details.seekOffset ?? SKIP_BACK_SECONDS))],
    ['seekforward', (details) => seekBy(details.seekOffset ?? SKIP_FORWARD_SECONDS)],
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
  let shownChapters: readonly Chapter[] | null = null;
  const update = (): void => {
    const state = store.getState();
    if (state.status !== 'loaded') {
      // Closed: the lock screen lets go of the episode too.
      if (shownEpisode !== null) {
        shownEpisode = null;
        shownChapters = null;
        session.metadata = null;
        session.playbackState = 'none';
      }
      return;
    }
    const chapters = chaptersOf(state.episode.episode);
    if (state.episode !== shownEpisode || chapters !== shownChapters) {
      shownEpisode = state.episode;
      shownChapters = chapters;
      const artwork = options.artwork(state.episode);
      const init: MediaMetadataInit & { chapterInfo?: ChapterInformationInit[] } = {
        title: episodeHeading(state.episode),
        artist: options.podcastTitle,
        artwork: artwork ? [{ src: artwork }] : [],
      };
      // Chapters on the lock screen where the browser has them (MediaMetadata.chapterInfo).
      if (chapters.length > 0 && 'chapterInfo' in MediaMetadata.prototype)
        init.chapterInfo = chapters.map((chapter) => ({
          title: chapter.title,
          startTime: chapter.start / 100,
          artwork: [],
        }));
      session.metadata = new MediaMetadata(init);
    }
    session.playbackState = state.playing ? 'playing' : 'paused';
    const duration = state.duration;
    if (duration !== null && duration > 0 && 'setPositionState' in session) {
      try {
        session.setPositionState({
          duration,
          position: Math.min(state.time, duration),
          playbackRate: state.rate,
        });
      } catch {
        // An out-of-range position during a source switch is not worth failing for.
      }
    }
  };
  const unsubscribe = store.subscribe(update);
  const unsubscribeChapters = subscribeChapters(update);
  update();

  return () => {
    unsubscribe();
    unsubscribeChapters();
    for (const [action] of handlers) {
      try {
        session.setActionHandler(action, null);
      } catch {
        // See above.
      }
    }
  };
}
