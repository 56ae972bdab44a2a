/**
 * A helper thread of `page-helpers.ts`: loads the site build and opens its own page writer
 * (`openPageWriter`, the main thread's code), renders the episode pages it is sent in order,
 * and answers each. On 'finish' it waits for its files and says so.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { FromPageHelper, PageHelperStart, ToPageHelper } from './page-helpers.ts';
import { loadSiteBuild, openPageWriter } from './prerender.ts';

const start = workerData as PageHelperStart;
const port = parentPort;
if (port === null) throw new Error('page-render-helper runs in a helper thread');

const build = await loadSiteBuild(start.siteDir);
if (build?.id !== start.buildId) {
  throw new Error(`${start.siteDir}: not the site build the pages are rendered with`);
}
const writer = await openPageWriter({ ...start, build });
const answer = (message: FromPageHelper): void => port.postMessage(message);

// Pages are rendered one after another, in the order they were sent.
let queue = Promise.resolve();
// Sent by the main thread of the same build (`renderEpisodes`), not read from outside.
port.on('message', (message: ToPageHelper) => {
  queue = queue.then(async () => {
    if (message.type === 'finish') {
      // A write that failed kills the thread: the main thread renders its pages again.
      try {
        await writer.flush();
      } finally {
        await writer.close();
      }
      answer({ type: 'finished' });
      return;
    }
    try {
      answer({
        type: 'page',
        index: message.index,
        hash: await writer.writeEpisode(message.index),
      });
    } catch (error) {
      answer({
        type: 'failed',
        index: message.index,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  });
});
answer({ type: 'ready' });
