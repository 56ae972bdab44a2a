import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { buildWithCli, DEMO_FOLDER } from '../scripts/demo-site.ts';
import { copyPodcastInputs } from '../src/builder/test-support/copy-podcast.ts';
import {
  expectNoProblems,
  newBrowserContext,
  openPage,
  search,
  submitSearch,
  workFolder,
  type BrowserSession,
} from './harness.ts';
import { CHUNK_PATH, startFaultServer, type FaultServer } from './fault-server.ts';

// A host that stops answering mid-visit: the search gives up at the site's query deadline with
// a message (never an endless spinner), and the next search works. Apart from broken-host's
// other faults, which land between two requests of one visit and run with the timed files:
// this one only waits for a deadline, which load makes later but never fails, so it runs with
// the untimed files. The demo is built with the deadline its trawl.config.json may set
// (`site.queryTimeoutSeconds`) at 8 s instead of the default 30: the test waits it out, and 8 s
// is still well above what a search of the demo takes on a busy machine.

const QUERY_TIMEOUT_SECONDS = 8;
const QUERY_TIMEOUT_MS = QUERY_TIMEOUT_SECONDS * 1000;
const LIST_READY = /^showing all 10 episodes$/;

let session: BrowserSession;
let host: FaultServer;

beforeAll(async () => {
  const work = await workFolder('stalled-host');
  const podcast = join(work, 'podcast');
  await copyPodcastInputs(DEMO_FOLDER, podcast);
  const configFile = join(podcast, 'trawl.config.json');
  const config = z
    .looseObject({ site: z.record(z.string(), z.unknown()) })
    .parse(JSON.parse(await readFile(configFile, 'utf8')));
  config.site.queryTimeoutSeconds = QUERY_TIMEOUT_SECONDS;
  await writeFile(configFile, JSON.stringify(config));
  const dbDir = join(work, 'db');
  await buildWithCli(podcast, dbDir);
  host = await startFaultServer(dbDir);
  session = await newBrowserContext();
});

afterAll(async () => {
  await session.close();
  await host.close();
});

test(
  'a stalled response: the search times out with a message (no endless spinner), then works again',
  async () => {
    const { page, problems } = await openPage(session, host.url);
    await page.goto(host.url);
    await page.getByText(LIST_READY).waitFor();
    // The engine is open once a search has answered; the stalled search then reads pages of
    // another index (a phrase's), which no earlier read of this page has fetched.
    await search(page, 'octopus', /^found \d+ of 10 episodes$/);
    const before = host.requests.length;
    host.setFault({ kind: 'stall', path: CHUNK_PATH });
    const started = Date.now();
    await submitSearch(page, 'lighthouse penguin');
    await page.getByText('Problem while searching').waitFor({ timeout: QUERY_TIMEOUT_MS + 15_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(QUERY_TIMEOUT_MS - 1_000);
    expect(host.requests.slice(before).some((entry) => entry.fault === 'stall')).toBe(true);
    expect(await page.getByRole('status', { name: /Loading/ }).count()).toBe(0);
    host.clearFault();
    await search(page, 'lighthouse penguin', /^found \d+ of 10 episodes$/);
    expect(await page.getByText('Problem while searching').count()).toBe(0);
    expect(await page.getByText('malformed').count()).toBe(0);
    expectNoProblems(problems, /^Failed to load resource/);
    await page.close();
  },
  QUERY_TIMEOUT_MS + 60_000,
);
