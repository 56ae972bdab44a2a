/**
 * The page's one audio player as a pure reducer. The spec's state (playing episode, playing
 * flag, current time, ended flag) plus what a real player needs: a seek request the audio
 * element must carry out, a notice when the visitor has to press play themselves, the speed,
 * and whether the player bar is on screen (from the first play until the visitor closes it).
 */
import type { EpisodeRow } from '../../core/db-schema.ts';

/**
 * What the player needs to know about an episode; an `EpisodeRow` is one. With its row id and
 * timing the player bar can read its chapters (they travel with the transcript).
 */
export type PlayerEpisode = Pick<
  EpisodeRow,
  'episode' | 'title' | 'duration' | 'audio_url' | 'image'
> &
  Partial<Pick<EpisodeRow, 'id' | 'timing'>>;

/**
 * 'primed': a link named a moment and the player waits there for a press of play;
 * 'blocked': the browser refused to start playing without a gesture;
 * 'error': the audio could not be loaded.
 */
export type PlayerNotice = 'primed' | 'blocked' | 'error';

/** A seek the audio element still has to perform; `id` tells repeated seeks apart. */
export interface SeekRequest {
  to: number;
  id: number;
}

/** The speeds the player offers, slowest first; 1 is the spec's normal speed. */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

/** Whether `value` is one of the offered speeds. */
export function isPlaybackRate(value: unknown): value is PlaybackRate {
  return PLAYBACK_RATES.some((rate) => rate === value);
}

export type PlayerState =
  | { status: 'idle'; seekCount: number; rate: PlaybackRate }
  | {
      status: 'loaded';
      episode: PlayerEpisode;
      playing: boolean;
      /** Seconds. */
      time: number;
      ended: boolean;
      /** The audio's own duration once known; the row's duration until then. */
      duration: number | null;
      seek: SeekRequest | null;
      seekCount: number;
      notice: PlayerNotice | null;
      rate: PlaybackRate;
      /**
       * The player bar shows: playback was asked for (a play button, a word, a chapter), or an
       * episode's page opened at a linked moment, since the visitor last closed the bar. A
       * moment revealed in the list only primes that row's own controls.
       */
      docked: boolean;
      /**
       * A quote link's end (`?t=START,END`): playback pauses when it reaches this second, then
       * forgets it. Any seek or other moment forgets it too.
       */
      until: number | null;
    };

export type LoadedPlayerState = Extract<PlayerState, { status: 'loaded' }>;

export type PlayerAction =
  /** The play/pause button of an episode. */
  | { type: 'toggle'; episode: PlayerEpisode }
  /**
   * Play an episode from a moment (a click on a word, a marker, or a seek bar of another
   * episode); with `until`, only up to that second (a quote).
   */
  | { type: 'playFrom'; episode: PlayerEpisode; time: number; until?: number }
  /**
   * Wait at a moment without playing (a `?t=` link, a snippet's moment). Ignored while
   * something plays. `dock` shows the player bar (an episode's page scrolls to the moment,
   * away from its own play button).
   */
  | { type: 'prime'; episode: PlayerEpisode; time: number; dock?: boolean; until?: number }
  | { type: 'seek'; time: number }
  /** Back (negative) or forward by some seconds: the bar's −15 s and +30 s, the arrow keys. */
  | { type: 'skip'; by: number }
  | { type: 'pause' }
  | { type: 'rate'; rate: PlaybackRate }
  /** The visitor closed the player bar: the audio stops and the player is empty again. */
  | { type: 'dismiss' }
  /** Events from the audio element. */
  | { type: 'timeupdate'; time: number }
  | { type: 'ended' }
  | { type: 'durationchange'; duration: number }
  /** The audio started or stopped for a reason of its own (headset, lock screen, the OS). */
  | { type: 'audioPlaying' }
  | { type: 'audioPaused' }
  | { type: 'blocked' }
  | { type: 'error' };

export const initialPlayerState: PlayerState = { status: 'idle', seekCount: 0, rate: 1 };

/** An empty player at a remembered speed. */
export function idlePlayer(rate: PlaybackRate): PlayerState {
  return { ...initialPlayerState, rate };
}

function clampTime(time: number, duration: number | null): number {
  if (!Number.isFinite(time) || time < 0) return 0;
  return duration !== null && duration > 0 ? Math.min(time, duration) : time;
}

function load(
  state: PlayerState,
  episode: PlayerEpisode,
  time: number,
  playing: boolean,
  dock = playing,
  until: number | null = null,
): LoadedPlayerState {
  // The same episode keeps the duration its audio reported; a new one starts from the row's.
  const duration = isCurrentEpisode(state, episode.episode)
    ? state.duration
    : (episode.duration ?? null);
  // Not capped by the duration: the row's duration comes from the feed and may be short,
  // while a moment from the transcript or a link is a real position in the audio.
  const to = clampTime(time, null);
  const seekCount = state.seekCount + 1;
  return {
    status: 'loaded',
    episode,
    playing,
    time: to,
    ended: false,
    duration,
    seek: { to, id: seekCount },
    seekCount,
    notice: playing ? null : 'primed',
    rate: state.rate,
    // Priming keeps the bar as it was: a moment opened while the bar shows keeps it.
    docked: dock || (state.status === 'loaded' && state.docked),
    until: until !== null && until > to ? until : null,
  };
}

/** Whether `state` has `episode` loaded (playing or not). */
export function isCurrentEpisode(state: PlayerState, episode: string): state is LoadedPlayerState {
  return state.status === 'loaded' && state.episode.episode === episode;
}

/** The spec's transitions (section 4), and the extra ones a real audio element needs. */
export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'toggle': {
      if (!isCurrentEpisode(state, action.episode.episode)) {
        return load(state, action.episode, 0, true);
      }
      if (state.playing) return { ...state, playing: false };
      if (state.ended) {
        // Playing an episode that has ended starts it again, as audio elements do.
        const seekCount = state.seekCount + 1;
        return {
          ...state,
          playing: true,
          ended: false,
          time: 0,
          seek: { to: 0, id: seekCount },
          seekCount,
          notice: null,
          docked: true,
        };
      }
      return { ...state, playing: true, notice: null, docked: true };
    }
    case 'playFrom':
      return load(state, action.episode, action.time, true, true, action.until ?? null);
    case 'prime':
      if (state.status === 'loaded' && state.playing) return state;
      return load(
        state,
        action.episode,
        action.time,
        false,
        action.dock ?? false,
        action.until ?? null,
      );
    case 'seek': {
      if (state.status !== 'loaded') return state;
      const to = clampTime(action.time, state.duration);
      const seekCount = state.seekCount + 1;
      return {
        ...state,
        time: to,
        ended: false,
        seek: { to, id: seekCount },
        seekCount,
        until: null,
      };
    }
    case 'skip':
      return state.status === 'loaded'
        ? playerReducer(state, { type: 'seek', time: state.time + action.by })
        : state;
    case 'rate':
      return state.rate === action.rate ? state : { ...state, rate: action.rate };
    case 'dismiss':
      return state.status === 'loaded'
        ? { status: 'idle', seekCount: state.seekCount, rate: state.rate }
        : state;
    case 'pause':
    case 'audioPaused':
      return state.status === 'loaded' && state.playing ? { ...state, playing: false } : state;
    case 'audioPlaying':
      return state.status === 'loaded' && (!state.playing || state.notice !== null || !state.docked)
        ? { ...state, playing: true, notice: null, docked: true }
        : state;
    case 'timeupdate':
      if (state.status !== 'loaded') return state;
      if (state.time === action.time && !state.ended) return state;
      // A quote's range has been played: stop there, and play on normally next time.
      if (state.until !== null && state.playing && action.time >= state.until) {
        return { ...state, time: action.time, ended: false, playing: false, until: null };
      }
      return { ...state, time: action.time, ended: false };
    case 'ended':
      return state.status === 'loaded'
        ? { ...state, ended: true, playing: false, until: null }
        : state;
    case 'durationchange':
      if (state.status !== 'loaded' || !Number.isFinite(action.duration) || action.duration <= 0) {
        return state;
      }
      return state.duration === action.duration ? state : { ...state, duration: action.duration };
    case 'blocked':
      return state.status === 'loaded' ? { ...state, playing: false, notice: 'blocked' } : state;
    case 'error':
      return state.status === 'loaded' ? { ...state, playing: false, notice: 'error' } : state;
  }
}
