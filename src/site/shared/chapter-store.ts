/**
 * The chapters of episodes whose transcripts have loaded, by episode number: the transcript
 * publishes them (they travel in the transcript blob, so they cost no request of their own),
 * and the seek bar, the chapter list and the Media Session read them.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { Chapter } from '../../core/speech.ts';

const NONE: readonly Chapter[] = Object.freeze([]);
const chapters = new Map<string, readonly Chapter[]>();
const listeners = new Set<() => void>();

/** Records an episode's chapters (an empty list is recorded too: it has none). */
export function publishChapters(episode: string, list: readonly Chapter[]): void {
  if (chapters.get(episode) === list) return;
  chapters.set(episode, list);
  for (const listener of [...listeners]) listener();
}

/** An episode's chapters as far as known (none until its transcript has loaded). */
export function chaptersOf(episode: string): readonly Chapter[] {
  return chapters.get(episode) ?? NONE;
}

/** Whether an episode's chapters have been published (an episode may have none). */
export function chaptersKnown(episode: string): boolean {
  return chapters.has(episode);
}

/** Calls `listener` whenever some episode's chapters are published; returns the unsubscribe. */
export function subscribeChapters(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** An episode's chapters, re-rendering when they arrive. */
export function useChapters(episode: string): readonly Chapter[] {
  const get = useCallback(() => chaptersOf(episode), [episode]);
  return useSyncExternalStore(subscribeChapters, get, get);
}
