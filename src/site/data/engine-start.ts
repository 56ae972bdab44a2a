/**
 * When the SQLite engine (the worker and its wasm) may start on a pre-rendered page: after the
 * page's first paint, so the page shows from its HTML and CSS alone, or at the visitor's first
 * interaction if that comes sooner, so a search typed at once does not wait for a frame.
 */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/** Settles after the next paint, or at the first interaction. */
export function afterFirstPaintOrInteraction(target: Window = window): Promise<void> {
  return new Promise((resolve) => {
    const start = (): void => {
      for (const type of INTERACTIONS) target.removeEventListener(type, start, true);
      resolve();
    };
    for (const type of INTERACTIONS) {
      target.addEventListener(type, start, { capture: true, passive: true });
    }
    // A frame's callback runs before its paint; a task queued from it runs after.
    target.requestAnimationFrame(() => target.setTimeout(start, 0));
  });
}
