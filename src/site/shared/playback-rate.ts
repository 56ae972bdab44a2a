/**
 * The visitor's playback speed, remembered in localStorage for their next visit. Storage is
 * outside input: it may be missing, refuse access (privacy settings, sandboxed frames) or
 * hold anything another script wrote, so it is read through a schema and never throws.
 */
import { z } from 'zod/mini';
import { isPlaybackRate, type PlaybackRate } from './player-state.ts';

/** The localStorage key of the remembered speed. */
export const PLAYBACK_RATE_KEY = 'trawl.playbackRate';

/** What the site needs of a Storage. */
export type RateStorage = Pick<Storage, 'getItem' | 'setItem'>;

const storedRateSchema = z.coerce
  .number()
  .check(z.refine(isPlaybackRate, 'not a speed the player offers'));

/** The browser's localStorage, or null where there is none or it may not be touched. */
export function browserStorage(): RateStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The remembered speed, or 1 when nothing (or nothing valid) is stored. */
export function readPlaybackRate(storage: RateStorage | null): PlaybackRate {
  let stored: string | null;
  try {
    stored = storage?.getItem(PLAYBACK_RATE_KEY) ?? null;
  } catch {
    return 1;
  }
  if (stored === null) return 1;
  const parsed = storedRateSchema.safeParse(stored);
  return parsed.success && isPlaybackRate(parsed.data) ? parsed.data : 1;
}

/** Remembers the speed; a storage that refuses (full, private mode) just forgets it. */
export function writePlaybackRate(storage: RateStorage | null, rate: PlaybackRate): void {
  try {
    storage?.setItem(PLAYBACK_RATE_KEY, String(rate));
  } catch {
    // Not remembering the speed is no reason to interrupt the listening.
  }
}
