import type { BuildProgress, BuildStep } from './build.ts';

const LABELS: Record<BuildStep, string> = {
  episodes: 'Writing episodes',
  optimize: 'Optimising the search index',
  vacuum: 'Compacting the database',
  publish: 'Publishing',
  wait: 'Waiting for another trawl build publishing into this folder',
};

/** Only steps that run longer than this get a progress line. */
const SHOW_AFTER_MS = 1000;
const REDRAW_EVERY_MS = 100;

/**
 * A one-line progress display for a terminal: "Writing episodes 45% (270/600)", redrawn in
 * place. Steps that finish within a second print nothing (nor does a build that does), and
 * nothing is printed when the output is not a terminal.
 */
export function createProgressLine(stream: NodeJS.WriteStream = process.stdout): {
  update: (progress: BuildProgress) => void;
  done: () => void;
} {
  let step: BuildStep | undefined;
  let started: number | undefined;
  let stepStarted = 0;
  let lastDraw = 0;
  let drawn = false;
  const clear = (): void => {
    if (drawn) stream.write('\r\x1b[2K');
    drawn = false;
  };
  return {
    update(progress) {
      if (!stream.isTTY) return;
      const now = Date.now();
      started ??= now;
      if (progress.step !== step) {
        clear();
        step = progress.step;
        stepStarted = now;
        lastDraw = 0;
      }
      // A step without a count (optimise, compact) blocks the process until it ends, so its
      // label goes up at once, but only in a build that is already taking a while.
      const shown =
        progress.total > 1 ? now - stepStarted >= SHOW_AFTER_MS : now - started >= SHOW_AFTER_MS;
      if (!shown || now - lastDraw < REDRAW_EVERY_MS) return;
      lastDraw = now;
      const label = LABELS[progress.step];
      const text =
        progress.total > 1
          ? `${label} ${Math.floor((100 * progress.done) / progress.total)}% (${progress.done}/${progress.total})`
          : `${label}…`;
      stream.write(`\r\x1b[2K${text}`);
      drawn = true;
    },
    done: clear,
  };
}
