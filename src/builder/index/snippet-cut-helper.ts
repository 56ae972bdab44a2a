/**
 * A helper thread of `snippet-cutters.ts`: cuts the tasks it is sent with the same code as the
 * main thread (`runCutTask`) and answers each on its port, counting the answers in the shared
 * signal so that a main thread blocked in `Atomics.wait` wakes. It runs under the bootstrap
 * of `snippet-cutters.ts`, which flags any error that kills the thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadAnalyzer } from '../../core/analyzer.ts';
import {
  SIGNAL_ANSWERS,
  SIGNAL_READY,
  type HelperAnswer,
  type HelperStart,
} from './snippet-cutters.ts';
import { runCutTask, withWordCache, type CutTask } from './snippet-cut.ts';

const start = workerData as HelperStart;
const signal = new Int32Array(start.signal);

const index = start.version === 1 ? undefined : { version: 2 as const, language: start.language };
const analyzer = withWordCache(await loadAnalyzer(index));
// Sent by the main thread of the same build (`Cutters.cut`), not read from outside.
parentPort?.on('message', ({ id, task }: { id: number; task: CutTask }) => {
  let answer: HelperAnswer;
  try {
    answer = { id, results: runCutTask(task, analyzer) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  start.answers.postMessage(answer);
  Atomics.add(signal, SIGNAL_ANSWERS, 1);
  Atomics.notify(signal, SIGNAL_ANSWERS);
});
Atomics.store(signal, SIGNAL_READY, 1);
Atomics.notify(signal, SIGNAL_READY);
