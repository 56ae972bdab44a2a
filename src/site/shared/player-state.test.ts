import { describe, expect, it } from 'vitest';
import {
  idlePlayer,
  initialPlayerState,
  playerReducer,
  type PlayerAction,
  type PlayerEpisode,
  type PlayerState,
} from './player-state.ts';

const one: PlayerEpisode = {
  episode: '1',
  title: 'One',
  duration: 600,
  audio_url: null,
  image: null,
};
const two: PlayerEpisode = { ...one, episode: '14.5', title: 'Fourteen and a half' };

function run(...actions: PlayerAction[]): PlayerState {
  return actions.reduce(playerReducer, initialPlayerState);
}

function loaded(state: PlayerState) {
  if (state.status !== 'loaded') throw new Error(`expected a loaded player, got ${state.status}`);
  return state;
}

describe('playerReducer', () => {
  it('starts idle and plays an episode from the start when its button is pressed', () => {
    expect(initialPlayerState.status).toBe('idle');
    const state = loaded(run({ type: 'toggle', episode: one }));
    expect(state).toMatchObject({ episode: one, playing: true, time: 0, ended: false });
    expect(state.seek).toEqual({ to: 0, id: 1 });
  });

  it('toggles playing on the same episode and keeps the time', () => {
    const paused = loaded(
      run(
        { type: 'toggle', episode: one },
        { type: 'timeupdate', time: 42 },
        { type: 'toggle', episode: one },
      ),
    );
    expect(paused).toMatchObject({ playing: false, time: 42 });
    const resumed = loaded(playerReducer(paused, { type: 'toggle', episode: one }));
    expect(resumed).toMatchObject({ playing: true, time: 42 });
    expect(resumed.seek).toBe(paused.seek);
  });

  it('switches to another episode and plays it', () => {
    const state = loaded(
      run(
        { type: 'toggle', episode: one },
        { type: 'timeupdate', time: 99 },
        { type: 'toggle', episode: two },
      ),
    );
    expect(state).toMatchObject({ episode: two, playing: true, time: 0, ended: false });
    // A paused other episode switches too.
    const fromPaused = loaded(
      run({ type: 'toggle', episode: one }, { type: 'pause' }, { type: 'toggle', episode: two }),
    );
    expect(fromPaused).toMatchObject({ episode: two, playing: true });
  });

  it('sets the time and clears ended on time updates and seeks; ended sets ended', () => {
    const ended = loaded(run({ type: 'toggle', episode: one }, { type: 'ended' }));
    expect(ended).toMatchObject({ ended: true, playing: false });
    expect(loaded(playerReducer(ended, { type: 'timeupdate', time: 12 }))).toMatchObject({
      ended: false,
      time: 12,
    });
    const sought = loaded(playerReducer(ended, { type: 'seek', time: 30 }));
    expect(sought).toMatchObject({ ended: false, time: 30 });
    expect(sought.seek).toEqual({ to: 30, id: 2 });
  });

  it('restarts an ended episode from the beginning when played again', () => {
    const state = loaded(
      run(
        { type: 'toggle', episode: one },
        { type: 'timeupdate', time: 600 },
        { type: 'ended' },
        {
          type: 'toggle',
          episode: one,
        },
      ),
    );
    expect(state).toMatchObject({ playing: true, ended: false, time: 0, seek: { to: 0 } });
  });

  it('plays from a moment, on the same or another episode', () => {
    const same = loaded(
      run(
        { type: 'toggle', episode: one },
        { type: 'durationchange', duration: 612.5 },
        {
          type: 'playFrom',
          episode: one,
          time: 75,
        },
      ),
    );
    expect(same).toMatchObject({ playing: true, time: 75, duration: 612.5, seek: { to: 75 } });
    const other = loaded(playerReducer(same, { type: 'playFrom', episode: two, time: 8 }));
    expect(other).toMatchObject({ episode: two, playing: true, time: 8, duration: 600 });
  });

  it('keeps seeks inside the episode', () => {
    const state = run({ type: 'toggle', episode: one });
    expect(loaded(playerReducer(state, { type: 'seek', time: -5 })).time).toBe(0);
    expect(loaded(playerReducer(state, { type: 'seek', time: 9999 })).time).toBe(600);
    expect(loaded(playerReducer(state, { type: 'seek', time: Number.NaN })).time).toBe(0);
  });

  it('primes a moment without playing, and never interrupts playback to do so', () => {
    const primed = loaded(run({ type: 'prime', episode: two, time: 754 }));
    expect(primed).toMatchObject({ episode: two, playing: false, time: 754, notice: 'primed' });
    expect(primed.seek).toEqual({ to: 754, id: 1 });
    const pressed = loaded(playerReducer(primed, { type: 'toggle', episode: two }));
    expect(pressed).toMatchObject({ playing: true, notice: null, time: 754 });
    const busy = run({ type: 'toggle', episode: one });
    expect(playerReducer(busy, { type: 'prime', episode: two, time: 5 })).toBe(busy);
  });

  it('plays a quote’s range and stops at its end; a seek forgets the end', () => {
    const quote = loaded(run({ type: 'playFrom', episode: one, time: 10, until: 14 }));
    expect(quote).toMatchObject({ playing: true, time: 10, until: 14 });
    const before = loaded(playerReducer(quote, { type: 'timeupdate', time: 13.9 }));
    expect(before).toMatchObject({ playing: true, until: 14 });
    const after = loaded(playerReducer(before, { type: 'timeupdate', time: 14.2 }));
    expect(after).toMatchObject({ playing: false, time: 14.2, until: null });
    // Pressing play again goes on from there, to the end of the episode.
    const onward = loaded(playerReducer(after, { type: 'toggle', episode: one }));
    expect(playerReducer(onward, { type: 'timeupdate', time: 30 })).toMatchObject({
      playing: true,
    });
    const sought = loaded(playerReducer(quote, { type: 'seek', time: 100 }));
    expect(sought.until).toBeNull();
    // A blocked autoplay keeps the range for the visitor's press of play.
    const primed = loaded(run({ type: 'prime', episode: one, time: 10, until: 14 }));
    expect(loaded(playerReducer(primed, { type: 'toggle', episode: one })).until).toBe(14);
    expect(loaded(run({ type: 'playFrom', episode: one, time: 10, until: 9 })).until).toBeNull();
  });

  it('says when the browser blocks playback, and clears it once audio plays', () => {
    const blocked = loaded(run({ type: 'toggle', episode: one }, { type: 'blocked' }));
    expect(blocked).toMatchObject({ playing: false, notice: 'blocked' });
    expect(loaded(playerReducer(blocked, { type: 'audioPlaying' }))).toMatchObject({
      playing: true,
      notice: null,
    });
    expect(loaded(run({ type: 'toggle', episode: one }, { type: 'error' }))).toMatchObject({
      playing: false,
      notice: 'error',
    });
  });

  it('follows pauses the audio makes on its own', () => {
    expect(loaded(run({ type: 'toggle', episode: one }, { type: 'audioPaused' })).playing).toBe(
      false,
    );
  });

  it('ignores audio events and seeks while idle, and returns the same state for no change', () => {
    for (const action of [
      { type: 'timeupdate', time: 3 },
      { type: 'ended' },
      { type: 'seek', time: 3 },
      { type: 'pause' },
      { type: 'durationchange', duration: 5 },
      { type: 'skip', by: 30 },
      { type: 'dismiss' },
    ] satisfies PlayerAction[]) {
      expect(playerReducer(initialPlayerState, action)).toBe(initialPlayerState);
    }
    const state = run({ type: 'toggle', episode: one }, { type: 'timeupdate', time: 3 });
    expect(playerReducer(state, { type: 'timeupdate', time: 3 })).toBe(state);
    expect(playerReducer(state, { type: 'durationchange', duration: Number.NaN })).toBe(state);
  });

  it('skips back and forward from the current time, inside the episode', () => {
    const at = run({ type: 'toggle', episode: one }, { type: 'timeupdate', time: 100 });
    expect(loaded(playerReducer(at, { type: 'skip', by: 30 }))).toMatchObject({
      time: 130,
      seek: { to: 130 },
    });
    expect(loaded(playerReducer(at, { type: 'skip', by: -15 })).time).toBe(85);
    expect(loaded(playerReducer(at, { type: 'skip', by: -150 })).time).toBe(0);
    expect(loaded(playerReducer(at, { type: 'skip', by: 900 })).time).toBe(600);
  });

  it('keeps the speed through episodes and a closed player', () => {
    const fast = run({ type: 'rate', rate: 1.5 }, { type: 'toggle', episode: one });
    expect(fast.rate).toBe(1.5);
    const other = playerReducer(fast, { type: 'playFrom', episode: two, time: 3 });
    expect(other.rate).toBe(1.5);
    const closed = playerReducer(other, { type: 'dismiss' });
    expect(closed).toEqual({ status: 'idle', seekCount: other.seekCount, rate: 1.5 });
    expect(playerReducer(closed, { type: 'rate', rate: 1.5 })).toBe(closed);
    expect(idlePlayer(0.75)).toEqual({ ...initialPlayerState, rate: 0.75 });
  });

  it('shows the bar from the first play until it is closed; a moment shows it when asked', () => {
    expect(loaded(run({ type: 'prime', episode: two, time: 5 })).docked).toBe(false);
    expect(loaded(run({ type: 'prime', episode: two, time: 5, dock: true })).docked).toBe(true);
    expect(loaded(run({ type: 'toggle', episode: one })).docked).toBe(true);
    expect(loaded(run({ type: 'playFrom', episode: one, time: 5 })).docked).toBe(true);
    // The lock screen's play on a primed episode counts too.
    expect(
      loaded(run({ type: 'prime', episode: two, time: 5 }, { type: 'audioPlaying' })).docked,
    ).toBe(true);
    // A link opened while the bar shows (and nothing plays) keeps the bar.
    const paused = run({ type: 'toggle', episode: one }, { type: 'pause' });
    expect(loaded(playerReducer(paused, { type: 'prime', episode: two, time: 9 })).docked).toBe(
      true,
    );
    const closed = playerReducer(paused, { type: 'dismiss' });
    expect(closed.status).toBe('idle');
    expect(loaded(playerReducer(closed, { type: 'prime', episode: two, time: 9 })).docked).toBe(
      false,
    );
  });
});
