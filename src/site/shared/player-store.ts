/**
 * The player's state as a tiny external store, shared by the player controls and the
 * transcript (features never import each other). Components read it with
 * `usePlayerSelector`, so a time update re-renders only those whose selected value changed.
 */
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import {
  initialPlayerState,
  playerReducer,
  type PlayerAction,
  type PlayerState,
} from './player-state.ts';

export interface PlayerStore {
  getState: () => PlayerState;
  dispatch: (action: PlayerAction) => void;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
}

/** Creates a store; the page has one, made by the player feature's `PlayerProvider`. */
export function createPlayerStore(initial: PlayerState = initialPlayerState): PlayerStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch: (action) => {
      const next = playerReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const PlayerStoreContext = createContext<PlayerStore | null>(null);

/** The page's player store; throws when no `PlayerProvider` is above. */
export function usePlayerStore(): PlayerStore {
  const store = useContext(PlayerStoreContext);
  if (!store) throw new Error('usePlayerStore needs a PlayerProvider (features/player) above it');
  return store;
}

/**
 * A value derived from the player state. Return primitives (or stable objects): the
 * component re-renders only when the selected value changes (Object.is).
 */
export function usePlayerSelector<T>(selector: (state: PlayerState) => T): T {
  const store = usePlayerStore();
  const getSnapshot = useCallback(() => selector(store.getState()), [store, selector]);
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}
