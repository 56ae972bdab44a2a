/**
 * Which sentence of one transcript is being played, as a keyed store: a time update costs one
 * binary search, and only when the sentence changes are the listeners of the old and the new
 * sentence told. So a time update re-renders at most two sentences, never the transcript. The
 * word being spoken inside it is tracked too, for a mark that needs no render at all.
 */
import {
  sentenceAtTime,
  wordAtTime,
  type TranscriptModel,
} from '../../../core/transcript-model.ts';
import type { PlayerStore } from '../../shared/player-store.ts';
import { isCurrentEpisode } from '../../shared/player-state.ts';

export interface SentenceHighlighter {
  /** The sentence being played, or -1 when this episode is not in the player. */
  current: () => number;
  /** Listens for changes of whether `sentence` is the current one. */
  subscribe: (sentence: number, listener: () => void) => () => void;
  /** Listens for every change of the current sentence. */
  subscribeAll: (listener: (sentence: number) => void) => () => void;
  /** The word being spoken, or -1 (another episode, before the first word, a long silence). */
  currentWord: () => number;
  /** Listens for every change of the word being spoken. */
  subscribeWord: (listener: (word: number) => void) => () => void;
  /** Starts following the player store; returns the function that stops it. */
  connect: () => () => void;
}

/** How long after its end a word stays marked when no other follows. */
const WORD_LINGER_SECONDS = 0.6;

/** Creates the highlighter of `episode`'s transcript. */
export function createSentenceHighlighter(
  store: PlayerStore,
  episode: string,
  model: TranscriptModel,
): SentenceHighlighter {
  const keyed = new Map<number, Set<() => void>>();
  const everyChange = new Set<(sentence: number) => void>();
  const wordChanges = new Set<(word: number) => void>();
  const compute = (): number => {
    const state = store.getState();
    return isCurrentEpisode(state, episode) ? sentenceAtTime(model, state.time) : -1;
  };
  const computeWord = (sentence: number): number => {
    const state = store.getState();
    if (sentence < 0 || !isCurrentEpisode(state, episode)) return -1;
    const index = wordAtTime(model, state.time);
    const word = model.words[index];
    // In a silence the last word lets go; between words it stays marked.
    return word && state.time <= word.end + WORD_LINGER_SECONDS ? index : -1;
  };
  let current = compute();
  let word = computeWord(current);

  const notify = (sentence: number): void => {
    const listeners = keyed.get(sentence);
    if (listeners) for (const listener of [...listeners]) listener();
  };
  const update = (): void => {
    const next = compute();
    const nextWord = computeWord(next);
    if (nextWord !== word) {
      word = nextWord;
      for (const listener of [...wordChanges]) listener(word);
    }
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
    currentWord: () => word,
    subscribeWord: (listener) => {
      wordChanges.add(listener);
      return () => {
        wordChanges.delete(listener);
      };
    },
    connect: () => {
      update();
      return store.subscribe(update);
    },
  };
}
