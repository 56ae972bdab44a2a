import { afterAll, afterEach, beforeAll, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { CHUNK_PATH, startFaultServer, type Fault, type FaultServer } from './fault-server.ts';
import { expectNoProblems, newBrowserContext, openPage, type BrowserSession } from './harness.ts';

// A pre-rendered episode page whose engine fails (the wasm or the chunk files answering 404 or
// 500) keeps the transcript it already shows, and says beside it what went wrong: the visitor
// never loses text they were reading (issue 26, defect 3). The demo database of the e2e global
// setup, behind a host that fails on demand.

let host: FaultServer;
let session: BrowserSession;

beforeAll(async () => {
  host = await startFaultServer(inject('demoDbDir'));
  session = await newBrowserContext();
});

afterAll(async () => {
  await session.close();
  await host.close();
});

afterEach(() => host.clearFault());

/**
 * The browser logs each failed request, and SQLite's wasm loader logs its own failure to
 * compile what the host sent instead of the wasm; nothing else may be logged.
 */
const FAILED_REQUEST =
  /^(Failed to load resource|wasm streaming compile failed|falling back to ArrayBuffer|failed to asynchronously prepare wasm|Aborted\(CompileError|Exception loading sqlite3 module)/;

/** The page's reading-form transcript text, as the HTML carried it. */
function readingText(page: Page): Promise<string> {
  return page.locator('[data-reading]').innerText();
}

async function expectTranscriptKept(fault: Fault): Promise<void> {
  const { page, problems } = await openPage(session, host.url);
  host.setFault(fault);
  await page.goto(`${host.url}/episodes/3`);
  const before = await readingText(page);
  expect(before.length).toBeGreaterThan(500);
  const alert = page.getByRole('alert').filter({ hasText: 'The transcript could not be loaded.' });
  await alert.waitFor();
  await expect
    .poll(() => alert.innerText())
    .toContain("The text below is this page's copy: reading along and its matches are off.");
  // The same text is still there, under the problem, and nothing spins.
  expect(await readingText(page)).toBe(before);
  expect(await page.getByRole('region', { name: 'Transcript of episode 3' }).count()).toBe(1);
  expect(await page.getByRole('status', { name: /Loading/ }).count()).toBe(0);
  expect(await page.getByText('Loading transcript…').count()).toBe(0);
  expectNoProblems(problems, FAILED_REQUEST);
  await page.close();
}

// The wasm first: once a page has loaded it, the browser keeps it for the session.
test('the wasm answering 404: the pre-rendered transcript stays, the problem beside it', async () => {
  await expectTranscriptKept({ kind: 'status', status: 404, path: /\.wasm$/ });
});

test('the chunk files answering 500: the pre-rendered transcript stays, the problem beside it', async () => {
  await expectTranscriptKept({ kind: 'status', status: 500, path: CHUNK_PATH });
});

// Issue 26, defect 11: an engine file that cannot be downloaded is named at once, beside the
// kept transcript, with Try again; no spinner runs out to a timeout. Each test starts with
// nothing of the engine cached: a browser that has loaded its hashed files keeps them.

/** The engine worker's bundle and SQLite's wasm, by their built names. */
const WORKER_PATH = /^\/assets\/sqlite-engine\.worker-[\w-]+\.js$/;
const WASM_PATH = /^\/assets\/sqlite3-[\w-]+\.wasm$/;

/** What a host that answers every missing file with its index page sends. */
const INDEX_HTML = '<!doctype html><html><head><title>Trawl</title></head><body></body></html>';

/** The worker refusing a script that is not JavaScript, besides the failed requests. */
const ENGINE_FILE_LOGS = new RegExp(
  `${FAILED_REQUEST.source}|^Failed to load module script|^Refused to execute script`,
);

async function expectEngineFileNamed(fault: Fault, message: RegExp): Promise<void> {
  const { page, problems } = await openPage(session, host.url);
  try {
    const devtools = await session.context.newCDPSession(page);
    await devtools.send('Network.clearBrowserCache');
    await devtools.detach();
    host.setFault(fault);
    await page.goto(`${host.url}/episodes/3`);
    const before = await readingText(page);
    expect(before.length).toBeGreaterThan(500);
    const alert = page.getByRole('alert').filter({ hasText: message });
    // Well inside the engine's 30 s timeout even on a loaded machine; the message is what
    // tells the two apart, not a stopwatch.
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.innerText()).toContain('The transcript could not be loaded.');
    expect(await page.getByText(/Timed out/).count()).toBe(0);
    expect(await alert.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    expect(await readingText(page)).toBe(before);
    expect(await page.getByRole('status', { name: /Loading/ }).count()).toBe(0);
    expectNoProblems(problems, ENGINE_FILE_LOGS);

    // The host mends: Try again starts a new engine, the transcript loads and the problem goes.
    host.clearFault();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await alert.waitFor({ state: 'detached' });
    expect(await readingText(page)).toBe(before);
  } finally {
    await page.close();
  }
}

test('the worker script answering 404: its file and status are named at once', async () => {
  await expectEngineFileNamed(
    { kind: 'status', status: 404, path: WORKER_PATH },
    /The search engine's file \/assets\/sqlite-engine\.worker-[\w-]+\.js could not be downloaded \(404\)\./,
  );
});

test('the wasm answering 404: its file and status are named at once', async () => {
  await expectEngineFileNamed(
    { kind: 'status', status: 404, path: WASM_PATH },
    /The search engine's file \/assets\/sqlite3-[\w-]+\.wasm could not be downloaded \(404\)\./,
  );
});

test('the wasm answered with an HTML page: the file and what came instead are named', async () => {
  await expectEngineFileNamed(
    { kind: 'body', path: WASM_PATH, status: 200, contentType: 'text/html', body: INDEX_HTML },
    /The search engine's file \/assets\/sqlite3-[\w-]+\.wasm could not be used: the site's host sent text\/html in its place\./,
  );
});
