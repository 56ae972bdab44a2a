import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildWithCli, serveSite } from '../scripts/demo-site.ts';
import type { RunningServer } from '../src/builder/serve/serve.ts';
import {
  axeViolations,
  expectNoProblems,
  newBrowserContext,
  openPage,
  workFolder,
  type BrowserSession,
} from './harness.ts';

// Issue 25 item 8, end to end (decision 0029): a visitor selects words on a show's site and
// suggests a correction; the show writes what the suggestion says into corrections/<ep>.json,
// and the next build of the real CLI shows the corrected words. A one-episode show, built here.

/** Where the show's 'Suggest a correction' goes: a tracker this test stands in for. */
const TRACKER = 'https://tracker.example/new';

const CUES = ['Welcome to the show about penguin swim.', 'Penguins are birds that cannot fly.'];

function srt(cues: readonly string[]): string {
  const time = (seconds: number): string => `00:00:${String(seconds).padStart(2, '0')},000`;
  return cues
    .map((cue, index) => `${index + 1}\n${time(index * 4)} --> ${time(index * 4 + 4)}\n${cue}\n`)
    .join('\n');
}

let folder = '';
let server: RunningServer | undefined;
let session: BrowserSession | undefined;

beforeAll(async () => {
  folder = await workFolder('corrections-show');
  await writeFile(
    join(folder, 'trawl.config.json'),
    JSON.stringify({
      site: {
        correctionTarget: `${TRACKER}?episode={episode}&start={start}&end={end}&text={text}`,
      },
    }),
  );
  await mkdir(join(folder, 'transcripts'));
  await mkdir(join(folder, 'media'));
  await writeFile(
    join(folder, 'feed.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>Corrected</title><language>en</language>\n<item><title>Penguins</title><description>Birds</description><podcast:episode>1</podcast:episode><pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate></item>\n</channel></rss>\n`,
  );
  await writeFile(join(folder, 'transcripts', '1.srt'), srt(CUES));
  await buildWithCli(folder, join(folder, 'db'));
  server = await serveSite(join(folder, 'db'), join(folder, 'media'));
  session = await newBrowserContext();
}, 120_000);

afterAll(async () => {
  await session?.close();
  await server?.close();
});

test('a correction suggested on the site, written to corrections/, is on the page after the next build', async () => {
  if (!session || !server) throw new Error('the show was not built');
  const { page, problems } = await openPage(session, server.url);
  // The tracker answers here: the test reads the suggestion from the address it was sent to.
  await session.context.route(`${TRACKER}**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'thanks' }),
  );
  await page.goto(`${server.url}/episodes/1`);
  const first = page.locator('.transcript-body [data-w="5"]');
  await first.waitFor();
  expect(await page.locator('.transcript-body [data-w]').allTextContents()).toContain('penguin');
  // 'penguin swim.': words 5 and 6, selected with the keyboard (Shift+arrows from a word).
  await first.focus();
  await page.keyboard.press('Shift+ArrowRight');
  const toolbar = page.getByRole('toolbar', { name: /^Quote from / });
  await toolbar.waitFor();
  expect(await axeViolations(page, { include: ['.quote-toolbar'] })).toEqual([]);
  const [tracker] = await Promise.all([
    page.waitForEvent('popup'),
    toolbar.getByRole('link', { name: 'Suggest a correction' }).click(),
  ]);
  await tracker.waitForLoadState();
  const suggestion = new URL(tracker.url()).searchParams;
  expect(suggestion.get('episode')).toBe('1');
  expect(suggestion.get('text')).toBe('penguin swim.');

  // The show's maintainer writes the suggestion down as a correction, and builds again.
  await mkdir(join(folder, 'corrections'));
  await writeFile(
    join(folder, 'corrections', '1.json'),
    JSON.stringify({
      corrections: [
        {
          start: Number(suggestion.get('start')),
          end: Number(suggestion.get('end')),
          from: suggestion.get('text'),
          to: 'penguins swim.',
        },
      ],
    }),
  );
  await buildWithCli(folder, join(folder, 'db'));
  await page.goto(`${server.url}/episodes/1`);
  await page.locator('.transcript-body [data-w="5"]').waitFor();
  await expect
    .poll(() => page.locator('.transcript-body [data-w]').allTextContents())
    .toContain('penguins');
  const words = await page.locator('.transcript-body [data-w]').allTextContents();
  expect(words).not.toContain('penguin');
  expect(words.slice(0, 7).join(' ')).toBe('Welcome to the show about penguins swim.');
  expectNoProblems(problems);
});
