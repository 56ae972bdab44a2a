/**
 * The page's one audio player as a pure reducer. The spec's state (playing episode, playing
 * flag, current time, ended flag) plus what a real player needs: a seek request the audio
 * element must carry out, and a notice when the visitor has to press play themselves.
 */
import type { EpisodeRow } from '../../core/db-schema.ts';

/** What the player needs to know about an episode; an `EpisodeRow` is one. */
export type PlayerEpisode = Pick<
  EpisodeRow,
  'episode' | 'title' | 'duration' | 'audio_url' | 'image'
>;

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

export type PlayerState =
  | { status: 'idle'; seekCount: number }
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
    };

export type LoadedPlayerState = Extract<PlayerState, { status: 'loaded' }>;

export type PlayerAction =
  /** The play/pause button of an episode. */
  | { type: 'toggle'; episode: PlayerEpisode }
  /** Play an episode from a moment (a click on a word, a marker, or a seek bar of another episode). */
  | { type: 'playFrom'; episode: PlayerEpisode; time: number }
  /** Wait at a moment without playing (a `?t=` link). Ignored while something plays. */
  | { type: 'prime'; episode: PlayerEpisode; time: number }
  | { type: 'seek'; time: number }
  | { type: 'pause' }
  /** Events from the audio element. */
  | { type: 'timeupdate'; time: number }
  | { type: 'ended' }
  | { type: 'durationchange'; duration: number }
  /** The audio started or stopped for a reason of its own (headset, lock screen, the OS). */
  | { type: 'audioPlaying' }
  | { type: 'audioPaused' }
  | { type: 'blocked' }
  | { type: 'error' };

export const initialPlayerState: PlayerState = { status: 'idle', seekCount: 0 };

function clampTime(time: number, duration: number | null): number {
  if (!Number.isFinite(time) || time < 0) return 0;
  return duration !== null && duration > 0 ? Math.min(time, duration) : time;
}

function load(
  state: PlayerState,
  episode: PlayerEpisode,
  time: number,
  playing: boolean,
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
        };
      }
      return { ...state, playing: true, notice: null };
    }
    case 'playFrom':
      return load(state, action.episode, action.time, true);
    case 'prime':
      if (state.status === 'loaded' && state.playing) return state;
      return load(state, action.episode, action.time, false);
    case 'seek': {
      if (state.status !== 'loaded') return state;
      const to = clampTime(action.time, state.duration);
      const seekCount = state.seekCount + 1;
      return { ...state, time: to, ended: false, seek: { to, id: seekCount }, seekCount };
    }
    case 'pause':
    case 'audioPaused':
      return state.status === 'loaded' && state.playing ? { ...state, playing: false } : state;
    case 'audioPlaying':
      return state.status === 'loaded' && (!state.playing || state.notice !== null)
        ? { ...state, playing: true, notice: null }
        : state;
    case 'timeupdate':
      if (state.status !== 'loaded') return state;
      if (state.time === action.time && !state.ended) return state;
      return { ...state, time: action.time, ended: false };
    case 'ended':
      return state.status === 'loaded' ? { ...state, ended: true, playing: false } : state;
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
