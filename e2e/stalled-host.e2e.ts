import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import {
  expectNoProblems,
  launchBrowser,
  openPage,
  search,
  submitSearch,
  type BrowserSession,
} from './harness.ts';
import { CHUNK_PATH, startFaultServer, type FaultServer } from './fault-server.ts';

// A host that stops answering mid-visit: the search gives up at the site's query deadline with
// a message (never an endless spinner), and the next search works. Apart from broken-host's
// other faults, which land between two requests of one visit and run with the timed files:
// this one only waits for a deadline, which load makes later but never fails, so it runs with
// the untimed files and its 30 s overlap their work. It serves the demo database the global
// setup built (read only).

/** The site gives up on a query after 30 s (src/site/data/database.ts). */
const QUERY_TIMEOUT_MS = 30_000;
const LIST_READY = /^showing all 10 episodes$/;

let session: BrowserSession;
let host: FaultServer;

beforeAll(async () => {
  host = await startFaultServer(inject('demoDbDir'));
  session = await launchBrowser();
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
