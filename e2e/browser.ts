import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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

/** Where a worker process keeps its browsers, across the files it runs (see `sharedBrowser`). */
const BROWSERS = Symbol.for('trawl.e2e.browsers');

function isBrowserMap(value: unknown): value is Map<string, Promise<Browser>> {
  return value instanceof Map;
}

function browserMap(): Map<string, Promise<Browser>> {
  const known: unknown = Reflect.get(globalThis, BROWSERS);
  if (isBrowserMap(known)) return known;
  const created = new Map<string, Promise<Browser>>();
  Reflect.set(globalThis, BROWSERS, created);
  return created;
}

/**
 * One Chromium per worker process and set of flags, shared by the files the worker runs: each
 * file's session is a context of its own in it (its own cookies, storage and cache, as a fresh
 * profile's). Launching Chromium with a fresh profile cost about 3 s of CPU, a new context
 * about 0.6 s (decision 0071). The map lives on `globalThis` because each file imports this
 * module afresh (e2e/setup.ts); the browser ends with the worker process.
 */
function sharedBrowser(args: string[]): Promise<Browser> {
  const browsers = browserMap();
  const key = args.join(' ');
  const known = browsers.get(key);
  if (known !== undefined) return known;
  const launched = chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args });
  browsers.set(key, launched);
  // A browser that failed to start, or that crashed, is launched afresh for the next file.
  launched.then(
    (browser) => browser.on('disconnected', () => browsers.delete(key)),
    () => browsers.delete(key),
  );
  return launched;
}

/** How a session's browser is started. */
interface SessionOptions {
  audio?: boolean;
  javaScript?: boolean;
}

/** Chromium's flags: the fixed ones, and autoplay for the audio tests. */
function chromiumArgs(options: SessionOptions): string[] {
  const args = [...CHROMIUM_FLAGS];
  if (options.audio) args.push('--autoplay-policy=no-user-gesture-required');
  return args;
}

/** A session's context, fresh profile or not. */
function contextOptions(options: SessionOptions): {
  viewport: { width: number; height: number };
  javaScriptEnabled: boolean;
} {
  return {
    viewport: { width: 1280, height: 900 },
    // `javaScript: false` is a visitor (or crawler) without scripts: only the HTML and CSS.
    javaScriptEnabled: options.javaScript ?? true,
  };
}

/**
 * Launches a Chromium of its own with a fresh, throw-away profile (JavaScript on unless told
 * otherwise): the bench's cold measurements. End-to-end tests take `newBrowserContext`.
 */
export async function launchBrowser(options: SessionOptions = {}): Promise<BrowserSession> {
  const profile = await mkdtemp(join(tmpdir(), 'trawl-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: chromiumArgs(options),
    ...contextOptions(options),
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh context (its own cookies, storage and cache) in the worker's Chromium, JavaScript on
 * unless told otherwise: what each e2e file's tests run in.
 */
export async function newBrowserContext(options: SessionOptions = {}): Promise<BrowserSession> {
  const browser = await sharedBrowser(chromiumArgs(options));
  const context = await browser.newContext(contextOptions(options));
  return { context, close: () => context.close() };
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
