import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  contentSecurityPolicy,
  EARLY_SEARCH_SCRIPT_SOURCE,
  readContentSecurityPolicy,
} from '../vite-csp-plugin.ts';
import { EARLY_SEARCH_SCRIPT } from '../src/core/early-search.ts';
import { bundle } from '../src/builder/deploy/bundle.ts';
import { startServer, type RunningServer } from '../src/builder/serve/serve.ts';
import { DEMO_MEDIA, SITE_DIR } from '../scripts/demo-site.ts';
import {
  browserForFile,
  expectNoProblems,
  PAGE_NOT_FOUND,
  NO_PROBLEMS,
  openPage,
  search,
  workFolder,
} from './harness.ts';

// The Content-Security-Policy of the built site: what index.html carries, that the whole site
// works under it (list, filters, search, transcripts, audio, routes, the 404 page) without one
// violation, that it really blocks what it must, and that a deployed bundle allows its media
// host (a second origin) and nothing else.

const browser = browserForFile({ audio: true });

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0] !== undefined && parts[0] !== '')
      .map(([name = '', ...values]) => [name, values]),
  );
}

/** Plays an episode until its audio has moved, then pauses it. */
async function playAMoment(page: Page, episode: string): Promise<void> {
  await page.getByRole('button', { name: `Play episode ${episode}` }).click();
  await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.2);
  await page.getByRole('button', { name: `Pause episode ${episode}` }).click();
}

/** Plays an episode for a moment, opens a transcript, searches, and opens the filter menus. */
async function useEverything(page: Page, baseUrl: string): Promise<void> {
  await page.goto(baseUrl);
  await page.getByText('showing all 10 episodes').waitFor();
  await page.getByRole('button', { name: /show filters/ }).click();
  for (const name of ['Presenters', 'Venues']) {
    await page.getByRole('combobox', { name }).click();
    await page.getByRole('option').first().click();
  }
  await page.goto(baseUrl);
  await page.getByText('showing all 10 episodes').waitFor();
  await playAMoment(page, '9');
  await page.getByRole('button', { name: '[+] expand all' }).click();
  await page.getByText('Loading transcript…').first().waitFor({ state: 'detached' });
  await search(page, 'ice cream', /^found \d+ of 10 episodes$/);
  await page.goto(`${baseUrl}/episodes/4.5`);
  await page.getByRole('heading', { level: 1, name: '4.5: The Best Bits So Far' }).waitFor();
  await page.goto(`${baseUrl}/no/such/page`);
  await page.getByText('404 Not Found').waitFor();
}

describe('the built index.html', () => {
  test('carries the policy as a meta tag, before any script or style', async () => {
    const html = await readFile(join(SITE_DIR, 'index.html'), 'utf8');
    const policy = readContentSecurityPolicy(html);
    expect(policy).toBe(contentSecurityPolicy());
    const meta = html.indexOf('http-equiv="Content-Security-Policy"');
    expect(meta).toBeGreaterThan(0);
    expect(meta).toBeLessThan(html.indexOf('<script'));
    expect(meta).toBeLessThan(html.indexOf('<link'));
    // The one inline script the hash allows is the early search script, exactly.
    expect(html).toContain(`<script>${EARLY_SEARCH_SCRIPT}</script>`);
    const parsed = directives(policy ?? '');
    expect(Object.fromEntries(parsed)).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", EARLY_SEARCH_SCRIPT_SOURCE, "'wasm-unsafe-eval'"],
      'worker-src': ["'self'"],
      'connect-src': ["'self'"],
      'img-src': ["'self'", 'data:'],
      'media-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'font-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
    });
  });
});

describe('the site under its policy', () => {
  test('list, menus, audio, transcripts, search, routes and the 404 page: not one violation', async () => {
    const baseUrl = inject('baseUrl');
    const { page, problems } = await openPage(browser(), baseUrl);
    await useEverything(page, baseUrl);
    // /no/such/page answers the 404 page with status 404.
    expect(problems.consoleErrors.filter((text) => PAGE_NOT_FOUND.test(text))).toHaveLength(1);
    expectNoProblems(problems, PAGE_NOT_FOUND);
    await page.close();
  });

  test('the policy is live: inline scripts, inline handlers and foreign fetches are blocked', async () => {
    const baseUrl = inject('baseUrl');
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(baseUrl);
    await page.getByText('showing all 10 episodes').waitFor();
    const outcome = await page.evaluate(async () => {
      // (eval cannot be tried from here: code the test driver evaluates is exempt from CSP.)
      const results: Record<string, string> = {};
      const script = document.createElement('script');
      script.textContent = 'window.__inline = "ran"';
      document.head.append(script);
      results.inlineScript = String(Reflect.get(window, '__inline') ?? 'blocked');
      const img = document.createElement('img');
      img.setAttribute('onerror', 'window.__handler = "ran"');
      // The attribute's handler, had it been allowed, runs before a listener added later.
      const failed = new Promise((done) => img.addEventListener('error', done));
      img.src = '/no-such-image.png';
      document.body.append(img);
      await failed;
      results.handler = String(Reflect.get(window, '__handler') ?? 'blocked');
      try {
        await fetch('http://127.0.0.2:9/x');
        results.fetch = 'ran';
      } catch {
        results.fetch = 'blocked';
      }
      return results;
    });
    expect(outcome).toEqual({ inlineScript: 'blocked', handler: 'blocked', fetch: 'blocked' });
    expect(problems.cspViolations.join('\n')).toMatch(/script-src-elem inline/);
    expect(problems.cspViolations.join('\n')).toMatch(/script-src-attr inline/);
    expect(problems.cspViolations.join('\n')).toMatch(
      /'http:\/\/127\.0\.0\.2:9\/x' violates .*"connect-src 'self'"/,
    );
    await page.close();
  });
});

describe('a deployed bundle with a media host', () => {
  let site: RunningServer;
  let mediaHost: RunningServer;
  let bundleDir: string;

  beforeAll(async () => {
    mediaHost = await startServer({ mounts: [{ prefix: '/', dir: DEMO_MEDIA }] });
    bundleDir = await workFolder('csp-bundle');
    const built = await bundle({
      db: inject('demoDbDir'),
      out: bundleDir,
      site: SITE_DIR,
      mediaBase: `${mediaHost.url}/`,
    });
    site = await startServer({ mounts: [{ prefix: '/', dir: built.webRoot, spaFallback: true }] });
  });

  afterAll(async () => {
    await site.close();
    await mediaHost.close();
  });

  test('index.html and 404.html allow the media origin for images and audio, and nothing more', async () => {
    for (const file of ['index.html', '404.html']) {
      const policy = readContentSecurityPolicy(
        await readFile(join(bundleDir, 'public', file), 'utf8'),
      );
      expect(policy).toBe(contentSecurityPolicy({ mediaOrigins: [mediaHost.url] }));
      const parsed = directives(policy ?? '');
      expect(parsed.get('img-src')).toEqual(["'self'", 'data:', mediaHost.url]);
      expect(parsed.get('media-src')).toEqual(["'self'", mediaHost.url]);
      expect(parsed.get('connect-src')).toEqual(["'self'"]);
    }
  });

  test('images and audio load from the media host without a violation', async () => {
    // `deployed` makes a loopback page use the media host, as a real deployment does.
    const baseUrl = `${site.url}`;
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(`${baseUrl}/?deployed`);
    await page.getByText('showing all 10 episodes').waitFor();
    await playAMoment(page, '9');
    const fromMedia = problems.foreignRequests.filter((url) => url.startsWith(`${mediaHost.url}/`));
    expect(fromMedia.some((url) => url.endsWith('/audio/9.mp3'))).toBe(true);
    expect(fromMedia.some((url) => /\/images\/episodes\/9\.png$/.test(url))).toBe(true);
    expect({
      ...problems,
      foreignRequests: problems.foreignRequests.filter((url) => !fromMedia.includes(url)),
    }).toEqual(NO_PROBLEMS);
    await page.close();
  });
});
