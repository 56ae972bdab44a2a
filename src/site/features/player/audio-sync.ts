/**
 * Keeps the page's one <audio> element and the player store in step: the store says which
 * episode, whether it plays and where to seek; the element reports time, end, duration and
 * pauses of its own (a headset button, the OS). The store stays the single source of truth.
 */
import type { PlayerStore } from '../../shared/player-store.ts';
import type { PlayerEpisode, PlayerState } from '../../shared/player-state.ts';

/** How an episode's audio address is found (media host or feed enclosure). */
export type AudioSource = (episode: PlayerEpisode) => string;

function isNamedError(error: unknown, name: string): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === name;
}

/** Connects `audio` to `store`; returns the function that disconnects it. */
export function connectAudio(
  store: PlayerStore,
  audio: HTMLAudioElement,
  audioSource: AudioSource,
): () => void {
  let appliedSeek = 0;
  // Reconnecting must not reload what is already playing.
  let currentSrc = audio.getAttribute('src') ?? '';

  // The visitor's speed, with the pitch kept (the spec's 'pitch preserved'). A new source
  // starts at the default rate, so both are set.
  const applyRate = (rate: number): void => {
    audio.preservesPitch = true;
    if (audio.defaultPlaybackRate !== rate) audio.defaultPlaybackRate = rate;
    if (audio.playbackRate !== rate) audio.playbackRate = rate;
  };

  const startPlaying = (): void => {
    let attempt: Promise<void> | undefined;
    try {
      attempt = audio.play();
    } catch (error) {
      store.dispatch({ type: isNamedError(error, 'NotAllowedError') ? 'blocked' : 'error' });
      return;
    }
    attempt?.catch((error: unknown) => {
      // AbortError: a newer src or pause() interrupted this play(); the store already moved on.
      if (isNamedError(error, 'AbortError')) return;
      store.dispatch({ type: isNamedError(error, 'NotAllowedError') ? 'blocked' : 'error' });
    });
  };

  // A quote's range stops at its end: `timeupdate` comes only every ~250 ms, so a timer set
  // from the current time and speed asks for the time again when the end is due.
  let stopTimer: ReturnType<typeof setTimeout> | undefined;
  const scheduleStop = (): void => {
    clearTimeout(stopTimer);
    stopTimer = undefined;
    const state = store.getState();
    if (state.status !== 'loaded' || !state.playing || state.until === null || audio.paused) return;
    const due = (state.until - audio.currentTime) / (audio.playbackRate || 1);
    stopTimer = setTimeout(
      () => {
        stopTimer = undefined;
        store.dispatch({ type: 'timeupdate', time: audio.currentTime });
        // Early by a few milliseconds: the store did not stop, so wait for the rest.
        scheduleStop();
      },
      Math.max(0, due * 1000),
    );
  };

  const apply = (state: PlayerState): void => {
    applyRate(state.rate);
    if (state.status !== 'loaded') {
      if (!audio.paused) audio.pause();
      return;
    }
    const src = audioSource(state.episode);
    if (src !== currentSrc) {
      currentSrc = src;
      audio.src = src;
      applyRate(state.rate);
    }
    if (state.seek && state.seek.id !== appliedSeek) {
      appliedSeek = state.seek.id;
      // Before metadata arrives this becomes the start position, which browsers honour.
      if (Math.abs(audio.currentTime - state.seek.to) > 0.01) audio.currentTime = state.seek.to;
    }
    if (state.playing && audio.paused) startPlaying();
    if (!state.playing && !audio.paused) audio.pause();
    scheduleStop();
  };

  const events: Record<string, () => void> = {
    timeupdate: () => store.dispatch({ type: 'timeupdate', time: audio.currentTime }),
    seeked: () => store.dispatch({ type: 'timeupdate', time: audio.currentTime }),
    ended: () => store.dispatch({ type: 'ended' }),
    durationchange: () => store.dispatch({ type: 'durationchange', duration: audio.duration }),
    playing: () => {
      store.dispatch({ type: 'audioPlaying' });
      scheduleStop();
    },
    ratechange: scheduleStop,
    pause: () => {
      // A pause event queued before a newer play() has already been overtaken.
      if (audio.paused && !audio.ended) store.dispatch({ type: 'audioPaused' });
    },
    error: () => {
      if (audio.getAttribute('src')) store.dispatch({ type: 'error' });
    },
  };
  for (const [name, handler] of Object.entries(events)) audio.addEventListener(name, handler);
  const unsubscribe = store.subscribe(() => apply(store.getState()));
  apply(store.getState());

  return () => {
    clearTimeout(stopTimer);
    unsubscribe();
    for (const [name, handler] of Object.entries(events)) audio.removeEventListener(name, handler);
  };
}
