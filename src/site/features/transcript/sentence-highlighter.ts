/**
 * Which sentence of one transcript is being played, as a keyed store: a time update costs one
 * binary search, and only when the sentence changes are the listeners of the old and the new
 * sentence told. So a time update re-renders at most two sentences, never the transcript.
 */
import { sentenceAtTime, type TranscriptModel } from '../../../core/transcript-model.ts';
import type { PlayerStore } from '../../shared/player-store.ts';
import { isCurrentEpisode } from '../../shared/player-state.ts';

export interface SentenceHighlighter {
  /** The sentence being played, or -1 when this episode is not in the player. */
  current: () => number;
  /** Listens for changes of whether `sentence` is the current one. */
  subscribe: (sentence: number, listener: () => void) => () => void;
  /** Listens for every change of the current sentence. */
  subscribeAll: (listener: (sentence: number) => void) => () => void;
  /** Starts following the player store; returns the function that stops it. */
  connect: () => () => void;
}

/** Creates the highlighter of `episode`'s transcript. */
export function createSentenceHighlighter(
  store: PlayerStore,
  episode: string,
  model: TranscriptModel,
): SentenceHighlighter {
  const keyed = new Map<number, Set<() => void>>();
  const everyChange = new Set<(sentence: number) => void>();
  const compute = (): number => {
    const state = store.getState();
    return isCurrentEpisode(state, episode) ? sentenceAtTime(model, state.time) : -1;
  };
  let current = compute();

  const notify = (sentence: number): void => {
    const listeners = keyed.get(sentence);
    if (listeners) for (const listener of [...listeners]) listener();
  };
  const update = (): void => {
    const next = compute();
    if (next === current) return;
    const previous = current;
    current = next;
    notify(previous);
    notify(next);
    for (const listener of [...everyChange]) listener(next);
  };

  return {
    current: () => current,
    subscribe: (sentence, listener) => {
      let listeners = keyed.get(sentence);
      if (!listeners) {
        listeners = new Set();
        keyed.set(sentence, listeners);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) keyed.delete(sentence);
      };
    },
    subscribeAll: (listener) => {
      everyChange.add(listener);
      return () => {
        everyChange.delete(listener);
      };
    },
    connect: () => {
      update();
      return store.subscribe(update);
    },
  };
}
