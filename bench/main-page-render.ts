/**
 * How long the main page takes to re-render after typing, paging and filter changes, in
 * headless Chromium against the production build and a built database (the 600-episode
 * scale corpus, for issue 5's < 50 ms target). `npm run bench` measures the same thing
 * (bench/responsiveness.ts); this runs it alone against any database folder:
 *
 *   npm run corpus -- --episodes 600 --words 9000 --seed 1 --out .trawl/corpus
 *   npx trawl build .trawl/corpus --out .trawl/corpus-db
 *   npx vite build && npx tsx bench/main-page-render.ts .trawl/corpus-db [runs]
 *
 * Each figure is from the event to the DOM commit that shows its result. It prints the median
 * and the worst; it asserts nothing, so machine load never fails a test.
 */
import { resolve } from 'node:path';
import { launchBrowser } from '../e2e/browser.ts';
import { DEMO_MEDIA, serveSite } from '../scripts/demo-site.ts';
import { mainPageRenders, type RenderFigure } from './responsiveness.ts';
import { formatNumber } from './stats.ts';
import { TrafficLog } from './traffic.ts';

function summary(label: string, figure: RenderFigure): string {
  return `${label.padEnd(28)} median ${formatNumber(figure.median).padStart(6)} ms   worst ${formatNumber(figure.worst).padStart(6)} ms   (${figure.runs} runs)`;
}

const dbDir = resolve(process.argv[2] ?? '.trawl/corpus-db');
const runs = Number(process.argv[3] ?? '7');
const traffic = new TrafficLog();
const server = await serveSite(dbDir, DEMO_MEDIA, { onResponse: traffic.record });
const session = await launchBrowser();
try {
  const figures = await mainPageRenders(session, server.url, traffic, 300, runs);
  console.log(
    [
      summary('typing one character', figures.typing),
      summary('next / previous page', figures.nextPage),
      summary('episode-type filter', figures.typeFilter),
    ].join('\n'),
  );
} finally {
  await session.close();
  await server.close();
}
