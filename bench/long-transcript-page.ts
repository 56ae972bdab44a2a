/**
 * `npx tsx bench/long-transcript-page.ts [--words 1000000]`: what a visitor's tab pays for one
 * huge transcript (issue 26, defect 10). Builds a show of one episode of `words` words with the
 * real CLI (with its pages; the build is timed), serves it as `trawl serve` does, opens
 * `/episodes/1` in headless Chromium and prints the page's long tasks before and after
 * hydration, the time until the whole transcript is on the page (every block of a long one),
 * and how many word elements are live. The figure that matters: the longest task after hydration.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { buildWithCli, serveSite, SITE_DIR } from '../scripts/demo-site.ts';
import { writeLongEpisode } from '../scripts/long-episode.ts';
import { launchBrowser } from '../e2e/browser.ts';
import { longTasks, recordLongTasks, transcriptWritten } from '../e2e/long-tasks.ts';

const { values } = parseArgs({
  options: {
    words: { type: 'string', default: '1000000' },
    // A CPU profile of the page's main thread, from navigation to the last block written.
    profile: { type: 'string' },
  },
});
const words = z.coerce.number().int().min(1_000).max(20_000_000).parse(values.words);
const folder = await mkdtemp(join(tmpdir(), 'trawl-long-page-'));
try {
  await writeLongEpisode(join(folder, 'show'), words);
  const started = performance.now();
  // Its pages rendered with the site it is served with (TRAWL_SITE_DIR, else dist/site).
  await buildWithCli(join(folder, 'show'), join(folder, 'out'), ['--site', SITE_DIR]);
  const buildSeconds = (performance.now() - started) / 1000;
  const server = await serveSite(join(folder, 'out'));
  const session = await launchBrowser();
  try {
    const page = await session.context.newPage();
    await recordLongTasks(page);
    const cdp = values.profile === undefined ? undefined : await page.context().newCDPSession(page);
    await cdp?.send('Profiler.enable');
    await cdp?.send('Profiler.setSamplingInterval', { interval: 1000 });
    await cdp?.send('Profiler.start');
    const opened = performance.now();
    await page.goto(`${server.url}/episodes/1`);
    // Short transcripts too: one of up to 15,000 words has no blocks (it waited for ever).
    await transcriptWritten(page, 600_000);
    const allWritten = (performance.now() - opened) / 1000;
    if (cdp !== undefined && values.profile !== undefined) {
      const { profile } = await cdp.send('Profiler.stop');
      // The page's clock when the profile ended: the profile's own clock is another.
      const pageEnd = await page.evaluate(() => performance.now());
      await writeFile(values.profile, JSON.stringify({ ...profile, pageEndMs: pageEnd }));
    }
    const measured = await longTasks(page);
    const live = await page.locator('[data-w]').count();
    const blocks = await page.locator('.transcript-block').count();
    console.log(
      JSON.stringify(
        {
          words,
          buildSeconds: Math.round(buildSeconds * 10) / 10,
          hydratedMs: Math.round(measured.hydrated),
          longTasksLoadingMs: measured.loading,
          longTasksAfterMs: measured.after,
          longestAfterMs: Math.max(0, ...measured.after),
          // With a profile: where each task after hydration began, to find it in the profile.
          ...(values.profile === undefined ? {} : { longTasksAfterAtMs: measured.afterStarts }),
          everyBlockWrittenSeconds: Math.round(allWritten * 10) / 10,
          blocks,
          liveWordElements: live,
          load: loadavg().map((value) => value.toFixed(2)),
        },
        null,
        2,
      ),
    );
  } finally {
    await session.close();
    await server.close();
  }
} finally {
  await rm(folder, { recursive: true, force: true });
}
