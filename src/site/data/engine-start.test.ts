import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterFirstPaintOrInteraction,
  atFirstInteraction,
  PAINT_WAIT_MS,
  type StartTarget,
} from './engine-start.ts';

/** A window of its own events and the (fake) timers, with the given frames and observer. */
function fakeWindow(
  requestAnimationFrame: StartTarget['requestAnimationFrame'],
  Observer?: unknown,
): { target: StartTarget; events: EventTarget } {
  const events = new EventTarget();
  const target: StartTarget = {
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    setTimeout: window.setTimeout.bind(window),
    clearTimeout: window.clearTimeout.bind(window),
    requestAnimationFrame,
    ...(Observer ? { PerformanceObserver: Observer as typeof PerformanceObserver } : {}),
  };
  return { target, events };
}

/** A window with paint timing whose first contentful paint the test reports. */
function paintingWindow(): {
  target: StartTarget;
  events: EventTarget;
  paint: () => void;
  observers: () => number;
} {
  let report: ((entries: PerformanceObserverEntryList) => void) | null = null;
  let connected = 0;
  class FakeObserver {
    static readonly supportedEntryTypes = ['paint', 'resource'];
    constructor(callback: (entries: PerformanceObserverEntryList) => void) {
      report = callback;
    }
    observe(): void {
      connected += 1;
    }
    disconnect(): void {
      connected -= 1;
    }
  }
  const noFrames = (): number => {
    throw new Error('paint timing is available: no frame callback');
  };
  const entries = (name: string) =>
    ({
      getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []),
    }) as unknown as PerformanceObserverEntryList;
  return {
    ...fakeWindow(noFrames, FakeObserver),
    paint: () => {
      report?.(entries('first-paint'));
      report?.(entries('first-contentful-paint'));
    },
    observers: () => connected,
  };
}

/** Whether the promise has settled, after the microtasks queued so far. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('afterFirstPaintOrInteraction', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the first contentful paint, not a first paint without content', async () => {
    const { target, paint, observers } = paintingWindow();
    const started = afterFirstPaintOrInteraction(target);
    expect(observers()).toBe(1);
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_MS - 1);
    expect(await settled(started)).toBe(false);
    paint();
    expect(await settled(started)).toBe(true);
    expect(observers()).toBe(0);
  });

  it('starts at the first interaction when it comes before the paint', async () => {
    const { target, events } = paintingWindow();
    const started = afterFirstPaintOrInteraction(target);
    events.dispatchEvent(new Event('keydown'));
    expect(await settled(started)).toBe(true);
  });

  it('starts after a while on a page that never paints (opened hidden)', async () => {
    const { target } = paintingWindow();
    const started = afterFirstPaintOrInteraction(target);
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_MS);
    expect(await settled(started)).toBe(true);
  });

  it('starts after a while on a hidden page without paint timing, which has no frames', async () => {
    const started = afterFirstPaintOrInteraction(fakeWindow(() => 0).target);
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_MS - 1);
    expect(await settled(started)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(started)).toBe(true);
  });

  /** An observer an older browser has: no entry types listed, or one that refuses `type`. */
  class RefusingObserver {
    static readonly supportedEntryTypes = ['paint'];
    observe(): void {
      throw new TypeError("Failed to execute 'observe': the 'type' member is not supported");
    }
    disconnect(): void {}
  }
  class UnlistedObserver {
    observe(): void {}
    disconnect(): void {}
  }

  it.each([
    ['has no paint timing', undefined],
    ['lists no entry types', UnlistedObserver],
    ['refuses a paint observer', RefusingObserver],
  ])('starts after the next frame where the browser %s', async (_case, Observer) => {
    const frames: FrameRequestCallback[] = [];
    const { target } = fakeWindow((callback) => frames.push(callback), Observer);
    const started = afterFirstPaintOrInteraction(target);
    expect(await settled(started)).toBe(false);
    frames.shift()?.(0);
    expect(await settled(started)).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(await settled(started)).toBe(true);
  });
});

describe('atFirstInteraction (decision 0040)', () => {
  /** Settles to 'started' if the start came, 'waiting' if not, once pending tasks have run. */
  async function state(start: Promise<void>): Promise<string> {
    return Promise.race([
      start.then(() => 'started'),
      new Promise<string>((done) => setTimeout(() => done('waiting'), 0)),
    ]);
  }

  it('waits for the first interaction, then stops listening', async () => {
    const events = new EventTarget();
    const remove = vi.spyOn(events, 'removeEventListener');
    const start = atFirstInteraction(false, events);
    expect(await state(start)).toBe('waiting');
    events.dispatchEvent(new Event('focusin'));
    expect(await state(start)).toBe('started');
    expect(remove).toHaveBeenCalledTimes(5);
  });

  it('starts at a move through the history, which needs the database without a press', async () => {
    const events = new EventTarget();
    const start = atFirstInteraction(false, events);
    events.dispatchEvent(new Event('scroll'));
    expect(await state(start)).toBe('waiting');
    events.dispatchEvent(new Event('popstate'));
    expect(await state(start)).toBe('started');
  });

  it('starts at once when the visitor did something before the app', async () => {
    expect(await state(atFirstInteraction(true, new EventTarget()))).toBe('started');
  });

  it('counts a key, a pointer, a touch and focus, and nothing else', async () => {
    for (const type of ['keydown', 'pointerdown', 'touchstart', 'focusin']) {
      const events = new EventTarget();
      const start = atFirstInteraction(false, events);
      events.dispatchEvent(new Event('scroll'));
      events.dispatchEvent(new Event('pointermove'));
      expect(await state(start), type).toBe('waiting');
      events.dispatchEvent(new Event(type));
      expect(await state(start), type).toBe('started');
    }
  });
});
