/**
 * `npm run screenshots`: refreshes the screenshots committed under docs/screenshots/.
 *
 * End-to-end runs take their screenshots only when `TRAWL_SCREENSHOTS=1` (`npm test` does not),
 * into e2e/screenshots/ (ignored by git), so a test run never changes a tracked file. This
 * builds the site, runs the end-to-end files that take the committed pictures with the
 * variable set, and copies each committed picture's new copy over it. A picture the run
 * did not take is reported, not deleted.
 */
import { spawnSync } from 'node:child_process';
import { copyFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, SCREENSHOTS_VARIABLE } from './demo-site.ts';

/** The end-to-end files that take the committed pictures, by the pictures' name prefixes. */
export const SCREENSHOT_SOURCES: Readonly<Record<string, readonly string[]>> = {
  'e2e/demo-screens.e2e.ts': ['demo-'],
  'e2e/own-feed.e2e.ts': ['own-feed-'],
  'e2e/speakers-chapters.e2e.ts': ['speakers-chapters-'],
  'e2e/language-screens.e2e.ts': ['language-'],
  'e2e/quote.e2e.ts': ['quote-'],
};

const TAKEN = join(REPO_ROOT, 'e2e/screenshots');
const COMMITTED = join(REPO_ROOT, 'docs/screenshots');

function run(command: string, args: readonly string[]): void {
  const result = spawnSync(command, args, {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, [SCREENSHOTS_VARIABLE]: '1' },
  });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed (exit ${String(result.status)})`);
    process.exit(result.status ?? 1);
  }
}

async function main(): Promise<void> {
  run('npm', ['run', 'build:site']);
  run('npx', [
    'vitest',
    'run',
    '--config',
    'e2e/vitest.config.ts',
    ...Object.keys(SCREENSHOT_SOURCES),
  ]);
  const prefixes = Object.values(SCREENSHOT_SOURCES).flat();
  let copied = 0;
  for (const name of (await readdir(COMMITTED)).sort()) {
    if (!prefixes.some((prefix) => name.startsWith(prefix))) continue;
    const fresh = join(TAKEN, name);
    if (!existsSync(fresh)) {
      console.warn(`not taken by this run, left as it was: docs/screenshots/${name}`);
      continue;
    }
    await copyFile(fresh, join(COMMITTED, name));
    copied += 1;
  }
  console.log(
    `refreshed ${copied} screenshot(s) in docs/screenshots/; look at them before committing`,
  );
}

await main();
