/**
 * The benchmark's two HTTP servers on 127.0.0.1, both the project's own static server with
 * byte ranges and the same added delay on every response: one serves the real site with the
 * Trawl database (as `trawl serve` does), the other the bench page with both databases.
 */
import { startServer, type Mount, type RunningServer } from '../src/builder/serve/serve.ts';
import { siteMounts } from '../src/builder/serve/site-mounts.ts';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { TrafficLog } from './traffic.ts';

export interface BenchServer {
  url: string;
  mounts: Mount[];
  traffic: TrafficLog;
  close: () => Promise<void>;
}

async function serve(mounts: Mount[], delayMs: number): Promise<BenchServer> {
  const traffic = new TrafficLog();
  const server: RunningServer = await startServer({ mounts, delayMs, onResponse: traffic.record });
  return { url: server.url, mounts, traffic, close: server.close };
}

/** The real site: `/db/` the Trawl database, `/` the site, then each media folder. */
export function serveSite(
  siteDir: string,
  dbDir: string,
  mediaDirs: readonly string[],
  delayMs: number,
): Promise<BenchServer> {
  const [first, ...others] = mediaDirs;
  const mounts = [
    ...siteMounts({ dbDir, siteDir, mediaDir: first }),
    ...others.map((dir) => ({ prefix: '/', dir })),
  ];
  return serve(mounts, delayMs);
}

/** The bench page: `/db/trawl/` and `/db/baseline/`, and the page at `/`. */
export function serveBenchPage(
  pageDir: string,
  trawlDbDir: string,
  baselineDbDir: string,
  delayMs: number,
): Promise<BenchServer> {
  return serve(
    [
      { prefix: '/db/trawl/', dir: trawlDbDir },
      { prefix: '/db/baseline/', dir: baselineDbDir },
      { prefix: '/', dir: pageDir },
    ],
    delayMs,
  );
}

/**
 * Asks the server once for every built asset, brotli-accepted, before any run: `trawl serve`
 * compresses a file at its first request and keeps the result, so the first visit that asks
 * for the wasm would otherwise wait for its compression (hundreds of ms on a busy machine),
 * and only in the first run. The requests go to the server's log: call it before marking any.
 */
export async function warmCompression(url: string, siteDir: string): Promise<void> {
  for (const name of await readdir(join(siteDir, 'assets'))) {
    if (name.endsWith('.map')) continue;
    const response = await fetch(`${url}/assets/${name}`, {
      headers: { 'Accept-Encoding': 'br' },
    });
    await response.arrayBuffer();
  }
}
