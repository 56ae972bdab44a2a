/**
 * Episode pages rendered on more than one core (decision 0085). Rendering a page is the main
 * thread's work (React's server renderer, the transcript decoded), and a big show's pages took
 * a build 229 s on one core while the other idled. Helper threads each open the database, the
 * site's server entry and the render cache themselves (`openPageWriter`, the same code as the
 * main thread's), and render the pages they are sent; the main thread renders too, so a helper
 * that is slow to start only costs its share of the speed-up.
 *
 * A page is the same whichever thread rendered it. A helper that dies, cannot load, or says
 * nothing for `HELPER_SILENCE_MS` is dropped, and the pages it had not confirmed written are
 * rendered here. A page that fails to render fails the build, as it does on the main thread.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DbConfig } from '../../core/site-config.ts';
import { spareCores, tsxApiUrl } from '../helper-threads.ts';
import { PACKAGE_ROOT } from '../package-root.ts';

/** The helper threads' source, compiled by tsx as the CLI's is (`bin/trawl.js`). */
const HELPER_SOURCE = join(PACKAGE_ROOT, 'src/builder/publish/page-render-helper.ts');

/** Episodes below which no helper starts: loading the site in a thread takes about a second. */
export const PAGE_HELPERS_FROM = 200;

/** Most helpers: the main thread also writes the list pages and the index. */
const MAX_HELPERS = 3;

/** Pages a helper holds at once: one it renders, one waiting, so it never idles between them. */
const PAGES_PER_HELPER = 2;

/**
 * How long the episode pages wait for the helpers to start (loading the site takes about a
 * second): without it a small build would be rendered before any helper could take a share.
 */
const HELPER_START_MS = 10_000;

/** A helper that says nothing for this long is taken for hung. */
const HELPER_SILENCE_MS = 120_000;

/** How often the main thread looks for a silent helper while it waits. */
const LOOK_EVERY_MS = 5_000;

/** Helper threads for a version of `episodes` episodes on this machine. */
export function pageHelperCount(episodes: number): number {
  return episodes < PAGE_HELPERS_FROM ? 0 : spareCores(MAX_HELPERS);
}

/** What a helper is started with: a page writer's input, with the site as a folder. */
export interface PageHelperStart {
  databasePath: string;
  config: DbConfig;
  /** The site build's folder (`SiteBuild.siteDir`): the helper loads it again. */
  siteDir: string;
  /** The main thread's build id: a helper that loads another build renders nothing. */
  buildId: string;
  pagesDir: string;
  siteUrl: string;
  cacheDir?: string | undefined;
  cacheKeyFile?: string | undefined;
}

/** What the main thread sends a helper. */
export type ToPageHelper = { type: 'render'; index: number } | { type: 'finish' };

/** What a helper answers. */
export type FromPageHelper =
  | { type: 'ready' }
  | { type: 'page'; index: number; hash: string }
  | { type: 'failed'; index: number; message: string }
  /** Every page it rendered is written (its files flushed). */
  | { type: 'finished' };

/** The first thing a helper thread runs: tsx's hooks, then the helper's module. */
const HELPER_BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
(async () => {
  (await import(workerData.tsx)).register();
  await import(workerData.source);
})().catch((error) => setImmediate(() => { throw error; }));
`;

interface Helper {
  worker: Worker;
  ready: boolean;
  /** Pages sent and not yet answered. */
  sent: Set<number>;
  /** Pages answered whose files are not yet confirmed written (`finished`). */
  unconfirmed: number[];
  lastHeard: number;
  finishing: boolean;
  finished: boolean;
  dead: boolean;
}

/**
 * Renders episode pages 0 to `count` − 1: `here` on this thread, and on `helpers` helper
 * threads, whose pages `byHelper` hears of. `first` runs on this thread once the helpers are
 * starting (the list pages). Resolves once every page is written.
 */
export async function renderEpisodes(options: {
  count: number;
  helpers: number;
  start: PageHelperStart;
  first: () => Promise<void>;
  here: (index: number) => Promise<void>;
  byHelper: (index: number, hash: string) => void;
  /** The helpers' source (tests start one that fails). */
  source?: string | undefined;
}): Promise<void> {
  const { count, here, byHelper } = options;
  let cursor = 0;
  /** Pages given back by a helper that died, rendered here first. */
  const returned: number[] = [];
  const next = (): number | undefined => returned.pop() ?? (cursor < count ? cursor++ : undefined);
  let failure: Error | undefined;
  let wake: () => void = () => undefined;
  const changed = (): void => wake();

  const drop = (helper: Helper): void => {
    if (helper.dead || helper.finished) return;
    helper.dead = true;
    returned.push(...helper.sent, ...helper.unconfirmed);
    helper.sent.clear();
    helper.unconfirmed = [];
    void helper.worker.terminate();
    changed();
  };
  const topUp = (helper: Helper): void => {
    while (!helper.dead && !helper.finishing && helper.sent.size < PAGES_PER_HELPER) {
      const index = next();
      if (index === undefined) return;
      helper.sent.add(index);
      helper.worker.postMessage({ type: 'render', index } satisfies ToPageHelper);
    }
  };
  const hear = (helper: Helper, message: FromPageHelper): void => {
    helper.lastHeard = Date.now();
    switch (message.type) {
      case 'ready':
        helper.ready = true;
        break;
      case 'page':
        if (!helper.sent.delete(message.index)) return;
        helper.unconfirmed.push(message.index);
        byHelper(message.index, message.hash);
        break;
      case 'failed':
        failure ??= new Error(message.message);
        break;
      case 'finished':
        helper.finished = true;
        helper.unconfirmed = [];
        void helper.worker.terminate();
        break;
    }
    topUp(helper);
    changed();
  };

  const pool: Helper[] = [];
  const source = options.source ?? HELPER_SOURCE;
  for (let at = 0; at < options.helpers; at += 1) {
    let worker: Worker;
    try {
      worker = new Worker(HELPER_BOOTSTRAP, {
        eval: true,
        workerData: { ...options.start, tsx: tsxApiUrl(), source: pathToFileURL(source).href },
        stdout: true,
        stderr: true,
      });
    } catch {
      break;
    }
    const helper: Helper = {
      worker,
      ready: false,
      sent: new Set(),
      unconfirmed: [],
      lastHeard: Date.now(),
      finishing: false,
      finished: false,
      dead: false,
    };
    // Sent by the helper this build started (page-render-helper.ts), not read from outside.
    worker.on('message', (message: FromPageHelper) => hear(helper, message));
    worker.on('error', () => drop(helper));
    worker.on('exit', () => drop(helper));
    pool.push(helper);
  }

  /** Waits until something changes, or `ms` passes. */
  const changes = (ms: number): Promise<void> =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        wake = () => undefined;
        resolve();
      };
    });

  try {
    await options.first();
    const startBy = Date.now() + HELPER_START_MS;
    while (
      failure === undefined &&
      pool.some((helper) => !helper.ready && !helper.dead) &&
      Date.now() < startBy
    ) {
      await changes(startBy - Date.now());
    }
    for (;;) {
      if (failure !== undefined) throw failure;
      const index = next();
      if (index !== undefined) {
        await here(index);
        continue;
      }
      const working = pool.filter((helper) => !helper.dead && !helper.finished);
      if (working.length === 0) break;
      for (const helper of working) {
        if (helper.sent.size === 0 && !helper.finishing) {
          helper.finishing = true;
          helper.worker.postMessage({ type: 'finish' } satisfies ToPageHelper);
        } else if (Date.now() - helper.lastHeard > HELPER_SILENCE_MS) {
          drop(helper);
        }
      }
      await changes(LOOK_EVERY_MS);
    }
  } finally {
    await Promise.all(
      pool.map(async (helper) => {
        helper.worker.removeAllListeners();
        // An error while it stops is no longer this build's: unheard, it would end the process.
        helper.worker.on('error', () => undefined);
        await helper.worker.terminate();
      }),
    );
  }
}
