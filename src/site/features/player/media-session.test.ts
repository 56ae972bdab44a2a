import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishChapters } from '../../shared/chapter-store.ts';
import { createPlayerStore } from '../../shared/player-store.ts';
import type { PlayerEpisode } from '../../shared/player-state.ts';
import { connectMediaSession } from './media-session.ts';

/** jsdom has no Media Session; this records what the player gives the browser. */
class RecordingMediaSession {
  metadata: MediaMetadataInit | null = null;
  playbackState: MediaSessionPlaybackState = 'none';
  position: MediaPositionState | null = null;
  handlers = new Map<MediaSessionAction, MediaSessionActionHandler | null>();
  setActionHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null): void {
    this.handlers.set(action, handler);
  }
  setPositionState(state: MediaPositionState): void {
    this.position = state;
  }
  run(action: MediaSessionAction, details: Partial<MediaSessionActionDetails> = {}): void {
    this.handlers.get(action)?.({ action, ...details });
  }
}

class RecordedMetadata {
  title: string;
  artist: string;
  artwork: readonly MediaImage[];
  constructor(init: MediaMetadataInit) {
    this.title = init.title ?? '';
    this.artist = init.artist ?? '';
    this.artwork = init.artwork ?? [];
  }
}

const episode: PlayerEpisode = {
  episode: '12',
  title: 'Fish',
  duration: 600,
  audio_url: null,
  image: 'x.png',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('connectMediaSession', () => {
  it('does nothing where the browser has no Media Session', () => {
    const store = createPlayerStore();
    const disconnect = connectMediaSession(store, { podcastTitle: 'P', artwork: () => null });
    store.dispatch({ type: 'toggle', episode });
    expect(() => disconnect()).not.toThrow();
  });

  it('shows the episode and drives the player from lock-screen controls', () => {
    const session = new RecordingMediaSession();
    vi.stubGlobal('navigator', { ...navigator, mediaSession: session });
    vi.stubGlobal('MediaMetadata', RecordedMetadata);
    const store = createPlayerStore();
    const disconnect = connectMediaSession(store, {
      podcastTitle: 'The Demo Podcast',
      artwork: (shown) => `https://media.example/images/episodes/${shown.episode}.png`,
    });

    store.dispatch({ type: 'toggle', episode });
    expect(session.metadata).toEqual({
      title: '12: Fish',
      artist: 'The Demo Podcast',
      artwork: [{ src: 'https://media.example/images/episodes/12.png' }],
    });
    expect(session.playbackState).toBe('playing');

    store.dispatch({ type: 'timeupdate', time: 100 });
    expect(session.position).toEqual({ duration: 600, position: 100, playbackRate: 1 });
    // The player bar's skips: forward 30 s, back 15 s, unless the browser names an offset.
    session.run('seekforward');
    expect(store.getState()).toMatchObject({ time: 130 });
    session.run('seekbackward');
    expect(store.getState()).toMatchObject({ time: 115 });
    session.run('seekbackward', { seekOffset: 30 });
    expect(store.getState()).toMatchObject({ time: 85 });
    store.dispatch({ type: 'rate', rate: 1.5 });
    expect(session.position).toEqual({ duration: 600, position: 85, playbackRate: 1.5 });
    session.run('seekto', { seekTime: 321 });
    expect(store.getState()).toMatchObject({ time: 321 });
    session.run('pause');
    expect(store.getState()).toMatchObject({ playing: false });
    expect(session.playbackState).toBe('paused');
    session.run('play');
    expect(store.getState()).toMatchObject({ playing: true, time: 321 });

    // Closing the player bar lets go of the lock screen too.
    store.dispatch({ type: 'dismiss' });
    expect(session.metadata).toBeNull();
    expect(session.playbackState).toBe('none');

    disconnect();
    expect([...session.handlers.values()].every((handler) => handler === null)).toBe(true);
  });

  it('gives the lock screen the chapters where MediaMetadata takes them, once they load', () => {
    // Browsers that have chapters expose `chapterInfo` as a getter on the prototype.
    class ChapterMetadata extends RecordedMetadata {
      readonly chapters: readonly { title: string; startTime: number }[];
      constructor(
        init: MediaMetadataInit & { chapterInfo?: { title: string; startTime: number }[] },
      ) {
        super(init);
        this.chapters = init.chapterInfo ?? [];
      }
      get chapterInfo(): readonly { title: string; startTime: number }[] {
        return this.chapters;
      }
    }
    const session = new RecordingMediaSession();
    vi.stubGlobal('navigator', { ...navigator, mediaSession: session });
    vi.stubGlobal('MediaMetadata', ChapterMetadata);
    const store = createPlayerStore();
    const disconnect = connectMediaSession(store, { podcastTitle: 'P', artwork: () => null });
    const chaptered = { ...episode, episode: '77' };
    store.dispatch({ type: 'toggle', episode: chaptered });
    expect((session.metadata as ChapterMetadata | null)?.chapterInfo).toEqual([]);
    publishChapters('77', [
      { title: 'Intro', start: 0 },
      { title: 'Bees', start: 6125 },
    ]);
    expect((session.metadata as ChapterMetadata | null)?.chapterInfo).toEqual([
      { title: 'Intro', startTime: 0, artwork: [] },
      { title: 'Bees', startTime: 61.25, artwork: [] },
    ]);
    disconnect();
  });
});
