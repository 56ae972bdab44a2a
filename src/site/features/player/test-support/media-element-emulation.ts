/**
 * Test support: jsdom's <audio> cannot play (play() and pause() only log 'not implemented').
 * This emulates the part of the media element the player relies on: play() resolves or is
 * refused, `paused` follows, and 'play'/'playing'/'pause' fire. Tests fire 'timeupdate',
 * 'ended' and 'durationchange' themselves, as a browser would while playing.
 */
import { vi } from 'vitest';

export interface MediaEmulation {
  /** Whether the next play() calls are refused as autoplay without a gesture. */
  blockAutoplay: (blocked: boolean) => void;
  play: ReturnType<typeof vi.fn>;
  pause: ReturnType<typeof vi.fn>;
}

/** Installs the emulation on HTMLMediaElement.prototype; vitest's restoreMocks removes it. */
export function emulateMediaPlayback(): MediaEmulation {
  const paused = new WeakMap<HTMLMediaElement, boolean>();
  let blocked = false;
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function paused_(
    this: HTMLMediaElement,
  ) {
    return paused.get(this) ?? true;
  });
  const play = vi.fn(function play(this: HTMLMediaElement): Promise<void> {
    if (blocked) {
      return Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError'));
    }
    if (paused.get(this) === false) return Promise.resolve();
    paused.set(this, false);
    this.dispatchEvent(new Event('play'));
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  });
  const pause = vi.fn(function pause(this: HTMLMediaElement): void {
    if (paused.get(this) ?? true) return;
    paused.set(this, true);
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause);
  return { blockAutoplay: (value) => (blocked = value), play, pause };
}
