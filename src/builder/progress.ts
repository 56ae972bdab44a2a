import type { BuildProgress, BuildStep } from './build.ts';

const LABELS: Record<BuildStep, string> = {
  read: 'Reading the inputs and the feed',
  links: 'Downloading what the feed links',
  episodes: 'Writing episodes',
  optimize: 'Optimising the search index',
  snippets: 'Cutting the ready-made snippets',
  vacuum: 'Compacting the database',
  publish: 'Publishing',
  pages: 'Rendering pages',
  wait: 'Waiting for another trawl build publishing into this folder',
};

/** '1,200': counts read at a glance in a long build. */
function count(value: number): string {
  return value.toLocaleString('en');
}

/** Only steps that run longer than this get a progress line. */
const SHOW_AFTER_MS = 1000;
const REDRAW_EVERY_MS = 100;

/**
 * Progress for `trawl build`. On a terminal, one line redrawn in place: "Writing episodes 45%
 * (270/600)"; steps that finish within a second print nothing (nor does a build that does).
 * When the output is not a terminal (CI, a log, a pipe), one line per step as it ends, with its
 * time: "Writing episodes (600): 41.2 s", so a long build is never silent.
 */
export function createProgressLine(stream: NodeJS.WriteStream = process.stdout): {
  update: (progress: BuildProgress) => void;
  done: () => void;
} {
  return stream.isTTY ? terminalLine(stream) : stepLines(stream);
}

/** One line per finished step, for output that is not a terminal. */
function stepLines(stream: NodeJS.WriteStream): {
  update: (progress: BuildProgress) => void;
  done: () => void;
} {
  let current: { step: BuildStep; started: number; total: number } | undefined;
  const finish = (): void => {
    if (current === undefined) return;
    const seconds = (Date.now() - current.started) / 1000;
    const count = current.total > 1 ? ` (${current.total.toLocaleString('en')})` : '';
    stream.write(`${LABELS[current.step]}${count}: ${seconds.toFixed(1)} s\n`);
    current = undefined;
  };
  return {
    update(progress) {
      if (current?.step === progress.step) {
        current.total = Math.max(current.total, progress.total);
        return;
      }
      finish();
      current = { step: progress.step, started: Date.now(), total: progress.total };
    },
    done: finish,
  };
}

/** The line redrawn in place on a terminal. */
function terminalLine(stream: NodeJS.WriteStream): {
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
          ? `${label} ${Math.floor((100 * progress.done) / progress.total)}% (${count(progress.done)}/${count(progress.total)})`
          : `${label}…`;
      stream.write(`\r\x1b[2K${text}`);
      drawn = true;
    },
    done: clear,
  };
}
