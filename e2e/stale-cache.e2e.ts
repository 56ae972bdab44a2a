import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { hashedChunkOf } from '../src/core/chunk-layout.ts';
import { readVersionConfig } from '../src/builder/publish/chunk-files.ts';
import { latestSchema } from '../src/core/site-config.ts';
import { copyPodcastInputs } from '../src/builder/test-support/copy-podcast.ts';
import { generateCorpus } from '../scripts/corpus.ts';
import { buildWithCli, DEMO_FOLDER } from '../scripts/demo-site.ts';
import {
  expectNoProblems,
  newBrowserContext,
  openPage,
  search,
  freshAlert,
  searchFails,
  submitSearch,
  waitForWholeList,
  workFolder,
  type BrowserSession,
} from './harness.ts';
import { CHUNK_PATH, startFaultServer, type FaultServer } from './fault-server.ts';

// A new version is published (rebuilt into the same folder) while a visitor has the site
// open. The open page keeps working on its version, even when its worker has to be re-created;
// it never reads a chunk of the new version; a reload moves it to the new version. A generated
// podcast of 60 episodes of 1,200 words (4.6 MB in 5 chunk files) is big enough that the page
// has not read all of it yet.

/** This run's own folders (set before the tests). */
let DB_DIR: string;
let PODCAST: string;
let NEXT_PODCAST: string;
/** A word only the new version has, in its new episode (the newest plus a half). */
const NEW_WORD = 'zanzibarite';
const NEW_TITLE = 'The Newest Title';
/** The newest episode's number and title in the first version. */
let top: string;
let topTitle: string;

let session: BrowserSession;
let host: FaultServer;

async function latestVersion(): Promise<string> {
  return latestSchema.parse(JSON.parse(await readFile(join(DB_DIR, 'latest.json'), 'utf8'))).latest;
}

/** The podcast with a new episode after the newest (so it has 61), and the newest retitled. */
async function writeNextPodcast(): Promise<void> {
  await copyPodcastInputs(PODCAST, NEXT_PODCAST);
  const feed = await readFile(join(NEXT_PODCAST, 'feed.xml'), 'utf8');
  const first = /<item>\s*<title>([^<]+)<\/title>/.exec(feed);
  topTitle = first?.[1] ?? '';
  top = /<podcast:episode>([^<]+)<\/podcast:episode>/.exec(feed)?.[1] ?? '';
  expect(topTitle).not.toBe('');
  expect(top).toMatch(/^\d+$/);
  const item = `<item>
      <title>A Brand New Half Episode</title>
      <description>Fresh facts about ${NEW_WORD}.</description>
      <pubDate>Mon, 10 Mar 2025 06:00:00 +0000</pubDate>
      <podcast:episode>${top}.5</podcast:episode>
    </item>
    <item>
      <title>${NEW_TITLE}</title>`;
  await writeFile(join(NEXT_PODCAST, 'feed.xml'), feed.replace(first?.[0] ?? '', item));
}

beforeAll(async () => {
  const work = await workFolder('stale-cache');
  DB_DIR = join(work, 'db');
  PODCAST = join(work, 'podcast');
  NEXT_PODCAST = join(work, 'podcast-next');
  await generateCorpus({ episodes: 60, words: 1200, seed: 4, out: PODCAST, audio: false });
  await buildWithCli(PODCAST, DB_DIR);
  await writeNextPodcast();
  host = await startFaultServer(DB_DIR);
  session = await newBrowserContext();
});

// A test that failed with a fault set must not leave it for the next one.
afterEach(() => {
  host.clearFault();
});

afterAll(async () => {
  await session.close();
  await host.close();
});

/** A version's config.json; the version is captured. */
const CONFIG_FILE = /^\/db\/([^/]+)\/config\.json$/;

/** Each version's chunk hashes, from its config.json (chunk files are named by their bytes). */
const chunksOf = new Map<string, Set<string>>();

async function rememberChunks(version: string): Promise<void> {
  chunksOf.set(version, new Set((await readVersionConfig(join(DB_DIR, version))).chunks ?? []));
}

/**
 * Versions whose database files were requested since `from`: a config.json by its folder, a
 * chunk file by the one version that lists it (a chunk both list says nothing of which).
 */
function versionsRead(from: number): string[] {
  const versions = host.requests.slice(from).flatMap((entry) => {
    const folder = CONFIG_FILE.exec(entry.path)?.[1];
    if (folder !== undefined) return [folder];
    const hash = hashedChunkOf(entry.path);
    if (hash === undefined) return [];
    const owners = [...chunksOf].filter(([, hashes]) => hashes.has(hash));
    return owners.length === 1 ? owners.map(([version]) => version) : [];
  });
  return [...new Set(versions)];
}

/** Expands every row and waits for the transcripts. */
async function openTranscripts(page: Page): Promise<void> {
  await page.getByRole('button', { name: '[+] expand all' }).click();
  await page.getByText('Loading transcript…').first().waitFor({ state: 'detached' });
  expect(await page.getByText('The transcript could not be loaded.').count()).toBe(0);
  await page.getByRole('button', { name: '[-] collapse all' }).click();
}

/**
 * Each test runs the CLI inside it (a 61-episode build, or the demo's), seconds of CPU: on a
 * machine at a load average of 15 that was more than the default 60 s.
 */
const BUILDS_INSIDE = { timeout: 180_000 };

test(
  'an open page keeps its version through a publish and a new worker; a reload moves on',
  BUILDS_INSIDE,
  async () => {
    const oldVersion = await latestVersion();
    await rememberChunks(oldVersion);
    const start = host.requests.length;
    const { page, problems } = await openPage(session, host.url);
    await page.goto(host.url);
    await page.getByText('showing all 60 episodes').waitFor();
    await search(page, 'the', /^found [1-9]\d* of 60 episodes$/);

    await buildWithCli(NEXT_PODCAST, DB_DIR);
    const newVersion = await latestVersion();
    expect(newVersion).not.toBe(oldVersion);
    await rememberChunks(newVersion);

    // A failed read drops the worker; the new one must stay on the old version. (A phrase reads
    // the detail=full index, which no earlier query on this page has touched.)
    // Every chunk read fails until the message shows: with results as you type, a read that
    // fails only once can be spent by the search the pause starts (a busy machine makes the
    // pause before Enter longer than 150 ms), and Enter's own search then succeeds.
    host.setFault({ kind: 'status', status: 500, path: CHUNK_PATH });
    await searchFails(page, 'of the');
    expect(host.requests.filter((entry) => entry.fault === 'status').length).toBeGreaterThanOrEqual(
      1,
    );
    host.clearFault();

    // Still the old version: the new word is not there, the old title is, transcripts open.
    await search(page, 'of the', /^found \d+ of 60 episodes$/);
    await search(page, NEW_WORD, /^found 0 of 60 episodes$/);
    // Inside the app (a reload would move to the new version): clear the search, open the row.
    await search(page, '', /^showing all 60 episodes$/);
    await page
      .getByRole('heading', { name: `${top}: ${topTitle}` })
      .getByRole('link')
      .click();
    // The episode's own page (decision 0023): its article, then its transcript.
    await page.locator('article.episode-article').waitFor();
    await page.getByText('Loading transcript…').first().waitFor({ state: 'detached' });
    expect(await page.getByText('The transcript could not be loaded.').count()).toBe(0);
    expect(versionsRead(start)).toEqual([oldVersion]);

    // A reload reads the new version, and only it.
    const beforeReload = host.requests.length;
    await page.goto(host.url);
    await page.getByText('showing all 61 episodes').waitFor();
    expect(await page.getByText(`${top}: ${NEW_TITLE}`).count()).toBe(1);
    await search(page, NEW_WORD, /^found 1 of 61 episodes$/);
    expect(await page.getByText(`${top}.5: A Brand New Half Episode`).count()).toBe(1);
    await openTranscripts(page);
    expect(versionsRead(beforeReload)).toEqual([newVersion]);

    expectNoProblems(problems, /status of 500/);
    await page.close();
  },
);

test(
  'a version deleted under an open page fails with a reload offer; a reload recovers',
  BUILDS_INSIDE,
  async () => {
    // 61 episodes after the test above, 60 when this one runs alone.
    const wholeList = /^showing all 6[01] episodes$/;
    const { page, problems } = await openPage(session, host.url);
    await page.goto(host.url);
    await page.getByText(wholeList).waitFor();
    // One page has its engine reading the page's version (it starts at the first interaction,
    // decision 0040) when the version goes; the other is left untouched, so its engine first
    // opens the version after it is gone.
    await waitForWholeList(page);
    const idle = await openPage(session, host.url);
    await idle.page.goto(host.url);
    await idle.page.getByText(wholeList).waitFor();
    // Back to the demo inputs with no older versions kept: the pages' version is deleted.
    await buildWithCli(DEMO_FOLDER, DB_DIR, ['--keep', '0']);
    for (const open of [page, idle.page]) {
      await submitSearch(open, 'lighthouse penguin');
      // The failure asks latest.json again: the archive is newer, and the way out is a reload,
      // offered above the list and in the failure's card instead of the host's problem (the
      // open page's search fails; the idle page's engine cannot load the list).
      await open.getByText('This archive has been updated since this page was loaded.').waitFor();
      const alert = freshAlert(open);
      await alert.getByRole('link', { name: /^reload/i }).waitFor();
      expect(await alert.getByText(/missing from its host/).count()).toBe(0);
      expect(await alert.getByText(/try a different search/).count()).toBe(0);
    }
    await idle.page.close();
    await page
      .getByRole('alert')
      .getByRole('link', { name: 'Reload for the newest episodes' })
      .click();
    // The reload keeps the search, now on the new version.
    await page.getByText(/^found \d+ of 10 episodes$/).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('lighthouse penguin');
    expectNoProblems(problems, /status of 404/);
    expectNoProblems(idle.problems, /status of 404/);
    await page.close();
  },
);
