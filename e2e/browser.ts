import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; `npm test` installs it with apt-get when it is missing. */
export const CHROMIUM_PATH = process.env.TRAWL_CHROMIUM ?? '/usr/bin/chromium';

/** The flags every headless run needs on these machines (no network but loopback). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserSession {
  context: BrowserContext;
  close: () => Promise<void>;
}

/** Launches Chromium with a fresh, throw-away profile (JavaScript on unless told otherwise). */
export async function launchBrowser(
  options: { audio?: boolean; javaScript?: boolean } = {},
): Promise<BrowserSession> {
  const profile = await mkdtemp(join(tmpdir(), 'trawl-chromium-'));
  const args = [...CHROMIUM_FLAGS];
  if (options.audio) args.push('--autoplay-policy=no-user-gesture-required');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args,
    viewport: { width: 1280, height: 900 },
    // `javaScript: false` is a visitor (or crawler) without scripts: only the HTML and CSS.
    javaScriptEnabled: options.javaScript ?? true,
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Everything a page did that a test should fail on. */
export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  foreignRequests: string[];
  cspViolations: string[];
}

/**
 * Opens a page that records console errors, uncaught exceptions, CSP violations and any
 * request that leaves the loopback server: a test asserts `problems` stays empty.
 */
export async function openPage(
  session: BrowserSession,
  baseUrl: string,
): Promise<{ page: Page; problems: PageProblems }> {
  const page = await session.context.newPage();
  const problems: PageProblems = {
    consoleErrors: [],
    pageErrors: [],
    foreignRequests: [],
    cspViolations: [],
  };
  const origin = new URL(baseUrl).origin;
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(message.text());
    if (message.text().includes('Content Security Policy'))
      problems.cspViolations.push(message.text());
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (!url.startsWith(origin)) problems.foreignRequests.push(url);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return { page, problems };
}
