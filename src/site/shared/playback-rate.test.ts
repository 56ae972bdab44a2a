import { describe, expect, it } from 'vitest';
import {
  PLAYBACK_RATE_KEY,
  readPlaybackRate,
  writePlaybackRate,
  type RateStorage,
} from './playback-rate.ts';

function memoryStorage(initial: Record<string, string> = {}): RateStorage & {
  values: Map<string, string>;
} {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
  };
}

const refusing: RateStorage = {
  getItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  },
};

describe('the remembered playback speed', () => {
  it('reads back what was written', () => {
    const storage = memoryStorage();
    writePlaybackRate(storage, 1.75);
    expect(storage.values.get(PLAYBACK_RATE_KEY)).toBe('1.75');
    expect(readPlaybackRate(storage)).toBe(1.75);
  });

  it('reads normal speed when nothing, or nothing the player offers, is stored', () => {
    expect(readPlaybackRate(null)).toBe(1);
    expect(readPlaybackRate(memoryStorage())).toBe(1);
    for (const stored of ['', 'fast', '3', '0', '-1', 'Infinity', 'NaN', '1.3', '{"rate":2}']) {
      expect(readPlaybackRate(memoryStorage({ [PLAYBACK_RATE_KEY]: stored })), stored).toBe(1);
    }
    expect(readPlaybackRate(memoryStorage({ [PLAYBACK_RATE_KEY]: ' 2 ' }))).toBe(2);
  });

  it('never throws when the browser refuses storage', () => {
    expect(readPlaybackRate(refusing)).toBe(1);
    expect(() => writePlaybackRate(refusing, 2)).not.toThrow();
  });
});
