import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { startServer, type RunningServer, type ServeOptions } from '../src/builder/serve/serve.ts';
import { servedPagePolicy } from '../src/builder/publish/media-origins.ts';
import { siteMounts } from '../src/builder/serve/site-mounts.ts';
import { printReport, servedReportPath } from '../src/builder/serve/error-reports.ts';

const run = promisify(execFile);

export const REPO_ROOT = resolve(import.meta.dirname, '..');
/** The production build the tests serve; TRAWL_SITE_DIR points them at another build. */
export const SITE_DIR = resolve(REPO_ROOT, process.env.TRAWL_SITE_DIR ?? 'dist/site');
export const DEMO_FOLDER = resolve(REPO_ROOT, 'demo/podcast');
export const DEMO_MEDIA = resolve(DEMO_FOLDER, 'media');

/**
 * The variable that asks an end-to-end run for its screenshots (`npm run screenshots` sets it to
 * `1`; e2e/harness.ts reads it). No test reads them, and a full page costs 0.15–0.4 s of the
 * browser's time: the 40 a whole run takes are left out of `npm test`.
 */
export const SCREENSHOTS_VARIABLE = 'TRAWL_SCREENSHOTS';

/** Builds a podcast folder with the real CLI, exactly as a user would. */
export async function buildWithCli(
  folder: string,
  out: string,
  extraArgs: string[] = [],
): Promise<void> {
  await run(
    process.execPath,
    [resolve(REPO_ROOT, 'bin/trawl.js'), 'build', folder, '--out', out, ...extraArgs],
    {
      cwd: REPO_ROOT,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
}

/**
 * Serves the production site with a database folder and a media folder, as `trawl serve` does
 * (error reports included: printed, unless `options.errorReports` takes them).
 */
export async function serveSite(
  dbDir: string,
  mediaDir: string = DEMO_MEDIA,
  options: Omit<ServeOptions, 'mounts'> = {},
): Promise<RunningServer> {
  if (!existsSync(resolve(SITE_DIR, 'index.html'))) {
    throw new Error(
      `The production site is not built: run 'npx vite build' (expected ${SITE_DIR}/index.html)`,
    );
  }
  // As `trawl serve` does: the page's policy allows the media origins the database names.
  return startServer({
    pagePolicy: servedPagePolicy(dbDir),
    errorReports: { path: servedReportPath(dbDir), onReport: printReport },
    ...options,
    mounts: siteMounts({ dbDir, siteDir: SITE_DIR, mediaDir }),
  });
}
