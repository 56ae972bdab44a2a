/**
 * Cutting `snippet_heads`' entries on more than one core (decision 0083). The build is
 * synchronous (better-sqlite3, one transaction), so the main thread never yields to its event
 * loop while it cuts: helper threads are fed with `postMessage`, and their answers are taken
 * with `receiveMessageOnPort` and waited for with `Atomics.wait` on a shared counter.
 *
 * The main thread cuts too, whenever no helper has room for another task, so a helper that is
 * slow to start, or never starts, only costs its share of the speed-up. A helper that fails
 * (its task throws, its thread dies, or it answers nothing for `HELPER_SILENCE_MS`) is dropped
 * and its tasks are cut here: the rows are the same whichever thread cut them.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  MessageChannel,
  receiveMessageOnPort,
  Worker,
  type MessagePort,
} from 'node:worker_threads';
import type { Analyzer } from '../../core/analyzer.ts';
import { spareCores, tsxApiUrl } from '../helper-threads.ts';
import { PACKAGE_ROOT } from '../package-root.ts';
import { runCutTask, type CutResults, type CutTask } from './snippet-cut.ts';

/** The helper threads' source, compiled by tsx as the CLI's is (`bin/trawl.js`). */
const HELPER_SOURCE = join(PACKAGE_ROOT, 'src/builder/index/snippet-cut-helper.ts');

/** The shared counters' slots, one set per helper. */
export const SIGNAL_ANSWERS = 0;
export const SIGNAL_READY = 1;
/** Set when a helper's thread dies of an error (`HELPER_BOOTSTRAP`). */
export const SIGNAL_FAILED = 2;
export const SIGNAL_SLOTS = 3;

/**
 * What a helper thread runs first: the helper's module, with any error that kills the thread
 * (its module failing to load included) flagged in the shared signal, where the main thread,
 * which cannot see the thread's events while it cuts, looks.
 */
const HELPER_BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
const signal = new Int32Array(workerData.signal);
const fail = () => {
  Atomics.store(signal, ${SIGNAL_FAILED}, 1);
  Atomics.notify(signal, ${SIGNAL_ANSWERS});
  Atomics.notify(signal, ${SIGNAL_READY});
  process.exit(1);
};
process.on('uncaughtException', fail);
(async () => {
  (await import(workerData.tsx)).register();
  await import(workerData.source);
})().catch(fail);
`;

/** Tasks a helper holds at once: one it cuts, one waiting, so it never idles between them. */
const TASKS_PER_HELPER = 2;

/** Most helpers: the main thread alone reads the blocks and writes every entry they cut. */
const MAX_HELPERS = 3;

/**
 * How long the first task waits for a helper to start (compiling the cutter takes about a
 * second): without it a small build would be cut before any helper could take a share.
 */
const HELPER_START_MS = 10_000;

/** A helper that answers nothing for this long is taken for hung. */
const HELPER_SILENCE_MS = 120_000;

/** What the main thread sends a helper. */
export interface HelperStart {
  language: string;
  version: 1 | 2;
  signal: SharedArrayBuffer;
  answers: MessagePort;
}

/** A helper's answer to a task. */
export type HelperAnswer = { id: number; results: CutResults } | { id: number; error: string };

export interface CuttersOptions {
  /** The helpers' source (tests start one that fails). */
  source?: string;
}

export interface Cutters {
  /** Cuts a task, here or on a helper; each task's results reach `done` once, in any order. */
  cut(task: CutTask): void;
  /** Tasks whose results a helper gave. */
  readonly cutByHelpers: number;
  /** Waits for every task handed out. */
  finish(): void;
  /** Stops the helpers. */
  close(): void;
}

/** Helper threads worth starting on this machine: one per core beside the main thread's. */
export function helperThreads(): number {
  return spareCores(MAX_HELPERS);
}

interface Helper {
  worker: Worker;
  answers: MessagePort;
  signal: Int32Array;
  /** Answers taken so far (the counter's value last seen). */
  seen: number;
  pending: Map<number, CutTask>;
  lastHeard: number;
  failed: boolean;
}

/**
 * Cutters for `analyzer`'s language with `helpers` helper threads (0: the main thread alone).
 * `done` runs on the main thread.
 */
export function openCutters(
  analyzer: Analyzer,
  helpers: number,
  done: (task: CutTask, results: CutResults) => void,
  { source = HELPER_SOURCE }: CuttersOptions = {},
): Cutters {
  const pool = Array.from({ length: helpers }, () => startHelper(analyzer, source)).filter(
    (helper): helper is Helper => helper !== null,
  );
  let nextId = 0;
  let cutByHelpers = 0;
  let started = pool.length === 0;
  /** Waits, once, until the first helper is ready or has failed. */
  const awaitStart = (): void => {
    started = true;
    const first = pool[0];
    const until = Date.now() + HELPER_START_MS;
    while (first && Date.now() < until) {
      if (Atomics.load(first.signal, SIGNAL_READY) === 1) return;
      if (Atomics.load(first.signal, SIGNAL_FAILED) === 1) return;
      Atomics.wait(first.signal, SIGNAL_READY, 0, 50);
    }
  };
  const cutHere = (task: CutTask): void => done(task, runCutTask(task, analyzer));
  const drop = (helper: Helper): void => {
    helper.failed = true;
    void helper.worker.terminate();
    const orphans = [...helper.pending.values()];
    helper.pending.clear();
    for (const task of orphans) cutHere(task);
  };
  const take = (helper: Helper): void => {
    for (let message = receiveMessageOnPort(helper.answers); message;) {
      const answer = message.message as HelperAnswer;
      const task = helper.pending.get(answer.id);
      helper.pending.delete(answer.id);
      helper.lastHeard = Date.now();
      if (task && 'results' in answer) {
        cutByHelpers += 1;
        done(task, answer.results);
      } else if (task) cutHere(task);
      message = receiveMessageOnPort(helper.answers);
    }
  };
  const takeAll = (): void => {
    for (const helper of pool) {
      if (helper.failed) continue;
      take(helper);
      if (Atomics.load(helper.signal, SIGNAL_FAILED) === 1) drop(helper);
    }
  };
  return {
    get cutByHelpers() {
      return cutByHelpers;
    },
    cut(task) {
      if (!started) awaitStart();
      takeAll();
      const free = pool.find(
        (helper) =>
          !helper.failed &&
          Atomics.load(helper.signal, SIGNAL_READY) === 1 &&
          helper.pending.size < TASKS_PER_HELPER,
      );
      if (!free) {
        cutHere(task);
        return;
      }
      const id = nextId++;
      if (free.pending.size === 0) free.lastHeard = Date.now();
      free.pending.set(id, task);
      try {
        free.worker.postMessage({ id, task });
      } catch {
        drop(free);
      }
    },
    finish() {
      for (;;) {
        takeAll();
        const busy = pool.find((helper) => !helper.failed && helper.pending.size > 0);
        if (!busy) return;
        const answers = Atomics.load(busy.signal, SIGNAL_ANSWERS);
        if (answers === busy.seen) Atomics.wait(busy.signal, SIGNAL_ANSWERS, answers, 1_000);
        busy.seen = Atomics.load(busy.signal, SIGNAL_ANSWERS);
        take(busy);
        const silent = Date.now() - busy.lastHeard > HELPER_SILENCE_MS;
        if (busy.pending.size > 0 && (silent || Atomics.load(busy.signal, SIGNAL_FAILED) === 1)) {
          drop(busy);
        }
      }
    },
    close() {
      for (const helper of pool) {
        helper.failed = true;
        helper.answers.close();
        void helper.worker.terminate();
      }
    },
  };
}

/** Starts one helper thread, or null if this runtime cannot start one. */
function startHelper(analyzer: Analyzer, source: string): Helper | null {
  const signal = new Int32Array(new SharedArrayBuffer(SIGNAL_SLOTS * 4));
  const { port1, port2 } = new MessageChannel();
  const start: HelperStart = {
    language: analyzer.language,
    version: analyzer.version,
    signal: signal.buffer as SharedArrayBuffer,
    answers: port2,
  };
  let worker: Worker;
  try {
    const tsx = tsxApiUrl();
    worker = new Worker(HELPER_BOOTSTRAP, {
      eval: true,
      workerData: { ...start, tsx, source: pathToFileURL(source).href },
      transferList: [port2],
      stdout: true,
      stderr: true,
    });
  } catch {
    port1.close();
    return null;
  }
  const helper: Helper = {
    worker,
    answers: port1,
    signal,
    seen: 0,
    pending: new Map(),
    lastHeard: Date.now(),
    failed: false,
  };
  // Reported when the main thread next runs its event loop, after the cutting: a helper that
  // failed has had its tasks cut here by then (`take`, `finish`).
  worker.on('error', () => {
    helper.failed = true;
  });
  worker.unref();
  return helper;
}
