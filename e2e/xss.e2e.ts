import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningServer } from '../src/builder/serve/serve.ts';
import { startServer } from '../src/builder/serve/serve.ts';
import { siteMounts } from '../src/builder/serve/site-mounts.ts';
import { buildWithCli, DEMO_MEDIA, SITE_DIR } from '../scripts/demo-site.ts';
import {
  expectNoProblems,
  newBrowserContext,
  NO_PROBLEMS,
  openPage,
  row,
  search,
  workFolder,
  type BrowserSession,
  type PageProblems,
} from './harness.ts';
import {
  PWN,
  vector,
  VECTORS,
  writeHostilePodcast,
  writeRawDescriptions,
  writeSiteWithoutCsp,
} from './xss-podcast.ts';

// Script payloads in every place a podcast's inputs reach the page (e2e/xss-podcast.ts): feed
// descriptions and titles, the channel title, presenter and venue names, and transcript words.
// They go through the real CLI (`trawl build`, which sanitises descriptions), then render in
// Chromium. Each view that shows them is checked while it is on screen, before the next: the
// list (titles, descriptions, venues, host names), each filter menu's options and the chosen
// chips, every transcript, search snippets, and an episode's own page. No dialog may open, no
// payload may run (each sets window.__pwned), no dangerous markup may be in the page, and
// nothing may be fetched from anywhere but the site. A second database has the raw payloads
// written straight into its descriptions, and it is also served without the CSP: the page's
// own sanitising must hold with neither the builder's nor the policy's help.

let WORK: string;
let session: BrowserSession;
const servers: RunningServer[] = [];

beforeAll(async () => {
  WORK = await workFolder('xss');
  await writeHostilePodcast(join(WORK, 'podcast'));
  await buildWithCli(join(WORK, 'podcast'), join(WORK, 'db'));
  await writeRawDescriptions(join(WORK, 'db'), join(WORK, 'raw-db'));
  await writeSiteWithoutCsp(join(WORK, 'site-without-csp'));
  session = await newBrowserContext();
});

afterAll(async () => {
  await session.close();
  await Promise.allSettled(servers.map((server) => server.close()));
});

/** Serves a database folder of this run with the built site, or with its copy without the CSP. */
async function serve(db: 'db' | 'raw-db', csp: boolean): Promise<RunningServer> {
  const siteDir = csp ? SITE_DIR : join(WORK, 'site-without-csp');
  const server = await startServer({
    mounts: siteMounts({ dbDir: join(WORK, db), siteDir, mediaDir: DEMO_MEDIA }),
  });
  servers.push(server);
  return server;
}

/** Everything a payload could have left in the page. */
async function dangerousMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.getElementById('root');
    if (!root) return ['no #root'];
    // Publisher HTML may keep only simple formatting and links (src/core/html-policy.ts).
    const banned =
      'script, iframe, object, embed, style, link, meta, base, form, svg, math, img, input, button, video, audio, template, noscript, table';
    for (const element of root.querySelectorAll(`.episode-row__description :is(${banned})`)) {
      found.push(element.outerHTML.slice(0, 80));
    }
    for (const element of document.body.querySelectorAll(
      'script, iframe, object, embed, base, meta',
    )) {
      // A pre-rendered page's data: inert JSON, with every '<' escaped so nothing closes it.
      const pageData =
        element.id === 'trawl-page' &&
        element.getAttribute('type') === 'application/json' &&
        !(element.textContent ?? '').includes('<');
      if (!pageData) found.push(element.outerHTML.slice(0, 80));
    }
    for (const element of document.body.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) {
        const value = element.getAttribute(attribute) ?? '';
        if (/^on/i.test(attribute)) found.push(`${element.tagName} ${attribute}`);
        if (
          /^(href|src|action|formaction|background|srcdoc|xlink:href)$/i.test(attribute) &&
          /^\s*(javascript|data|vbscript):/i.test(value)
        ) {
          found.push(`${element.tagName} ${attribute}=${value.slice(0, 40)}`);
        }
      }
    }
    return found;
  });
}

interface Visit {
  page: Page;
  problems: PageProblems;
  dialogs: string[];
}

/** Opens a page that also records every dialog a payload might open. */
async function visit(baseUrl: string): Promise<Visit> {
  const { page, problems } = await openPage(session, baseUrl);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    dialog.dismiss().catch(() => undefined);
  });
  return { page, problems, dialogs };
}

/** The text of everything `locator` matches, joined. */
async function textOf(locator: Locator): Promise<string> {
  return (await locator.allInnerTexts()).join('\n');
}

/**
 * The view on screen shows payloads (each text in `shown` holds some) and none of them did
 * anything: no dialog, no window.__pwned, no dangerous markup. Images are waited for first
 * (loaded or broken; the site's own lazy artwork below the fold never starts), so an `onerror`
 * or `onload` that would run has run.
 */
async function expectHarmless(
  { page, dialogs }: Visit,
  view: string,
  shown: Record<string, string>,
): Promise<void> {
  for (const [part, text] of Object.entries(shown)) {
    expect(text, `${view} shows the payloads in its ${part}`).toContain(PWN);
  }
  await page.waitForFunction(() =>
    [...document.images].every((image) => image.complete || image.loading === 'lazy'),
  );
  expect(dialogs, view).toEqual([]);
  expect(await page.evaluate(() => Reflect.get(window, '__pwned')), view).toBeUndefined();
  expect(await dangerousMarkup(page), view).toEqual([]);
}

/**
 * Every view that shows the payloads, each checked while it is on screen, before the next
 * (window.__pwned also keeps what ran in earlier views of the same document).
 */
async function everyView(visited: Visit, baseUrl: string): Promise<void> {
  const { page } = visited;
  await page.goto(baseUrl);
  await page.getByText(`showing all ${VECTORS.length} episodes`).waitFor();

  // The list: the channel title, episode titles, venues, host names and every description.
  await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(
    `<img src=x onerror="${PWN}">Hostile`,
  );
  expect(await page.getByText(`1: ${vector(7)}`, { exact: true }).count()).toBe(1);
  const descriptions = page.locator('.episode-row__description');
  await expect.poll(() => descriptions.count()).toBe(VECTORS.length);
  await page.locator('.episode-row__description[aria-busy]').first().waitFor({ state: 'detached' });
  // Hover what the payloads would have wanted a visitor to touch.
  // (Only what is on screen: an element with no box cannot be touched, and waiting for it to
  // get one would cost a second each.)
  for (const target of await page.locator('.episode-row__description *').all()) {
    if (await target.isVisible()) await target.hover({ timeout: 1_000 }).catch(() => undefined);
  }
  const hostNames = await page
    .getByRole('list', { name: 'Hosts' })
    .getByRole('img')
    // An avatar's name: its alt text, or the aria-label of the initials that stand in for it.
    .evaluateAll((images) =>
      images
        .map((image) => image.getAttribute('alt') ?? image.getAttribute('aria-label') ?? '')
        .join('\n'),
    );
  await expectHarmless(visited, 'the list', {
    titles: await textOf(page.getByRole('article').getByRole('heading')),
    descriptions: await textOf(descriptions),
    venues: await textOf(page.locator('.episode-row__venue')),
    'host names': hostNames,
  });

  // Each filter menu with every option, then two chosen of each as chips.
  await page.getByRole('button', { name: /show filters/ }).click();
  for (const name of ['Presenters', 'Venues']) {
    const select = page.getByRole('combobox', { name });
    await select.click();
    await page.getByRole('option').first().waitFor();
    await expectHarmless(visited, `the ${name} menu`, {
      options: await textOf(page.getByRole('option')),
    });
    for (let pick = 0; pick < 2; pick += 1) {
      await page.getByRole('option').nth(pick).click();
      await select.click();
    }
    await select.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  }
  const chips = page.locator('.multi-select__multi-value__label');
  await expect.poll(() => chips.count()).toBe(4);
  await expectHarmless(visited, 'the filters', {
    'chosen presenters and venues': await textOf(chips),
  });

  // Every view so far was checked: a new document for the whole list again.
  await page.goto(baseUrl);
  await page.getByText(`showing all ${VECTORS.length} episodes`).waitFor();

  // Every transcript: the words.
  await page.getByRole('button', { name: '[+] expand all' }).click();
  const transcripts = page.getByRole('region', { name: /^Transcript of episode / });
  await expect.poll(() => transcripts.count()).toBe(VECTORS.length);
  await page.getByText('Loading transcript…').first().waitFor({ state: 'detached' });
  await expectHarmless(visited, 'every transcript', { words: await textOf(transcripts) });
  await page.getByRole('button', { name: '[-] collapse all' }).click();

  // Search snippets: every transcript says 'nobody' right after a payload.
  await search(page, 'nobody', `found ${VECTORS.length} of ${VECTORS.length} episodes`);
  const snippets = page.getByRole('region', { name: /^Where it was said in episode / });
  await expect.poll(() => snippets.count()).toBe(VECTORS.length);
  await expectHarmless(visited, 'a search', { snippets: await textOf(snippets) });

  // A payload as the search term, highlighted nowhere and run nowhere.
  await search(page, `<img src=x onerror=${PWN}>`, /^found \d+ of \d+ episodes$/);
  await expectHarmless(visited, 'a payload as the search term', {
    'search box': await page.getByRole('combobox', { name: 'Search episodes' }).inputValue(),
  });

  // An episode's own page (a link inside the app): its title, description and transcript.
  await search(page, 'nobody', `found ${VECTORS.length} of ${VECTORS.length} episodes`);
  await row(page, '3').getByRole('link').first().click();
  // The episode's page is a page of its own (decision 0023): its article, then its words.
  const article = page.locator('article.episode-article');
  await article.waitFor();
  const episode = page.getByRole('region', { name: 'Transcript of episode 3' });
  await episode.getByRole('button').first().waitFor();
  await expectHarmless(visited, "episode 3's page", { article: await textOf(article) });
}

describe(`${VECTORS.length} XSS vectors in descriptions, titles, people, venues and transcripts`, () => {
  test('sanitised by the builder, under the CSP: every view is harmless', async () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(30);
    const server = await serve('db', true);
    const visited = await visit(server.url);
    await everyView(visited, server.url);
    expectNoProblems(visited.problems);
    await visited.page.close();
  });

  test('raw payloads written into the database: the page sanitises them itself', async () => {
    const server = await serve('raw-db', true);
    const visited = await visit(server.url);
    await everyView(visited, server.url);
    // Chromium reports an inline handler or <base> as a CSP violation as soon as HTML holding
    // it is parsed, even in DOMPurify's inert document where it can never run: those reports
    // are the raw payloads being blocked. Nothing else may be reported.
    const blockedWhileSanitising =
      /^(Executing inline event handler violates|Setting the document's base URI to 'http:\/\/evil\.example\/'|Content Security Policy violation: (script-src-attr inline|base-uri http:\/\/evil\.example\/))/;
    const { problems } = visited;
    expect(problems.cspViolations.length).toBeGreaterThan(0);
    expect({
      ...problems,
      consoleErrors: problems.consoleErrors.filter((text) => !blockedWhileSanitising.test(text)),
      cspViolations: problems.cspViolations.filter((text) => !blockedWhileSanitising.test(text)),
    }).toEqual(NO_PROBLEMS);
    await visited.page.close();
  });

  test('raw payloads and no CSP at all: the page sanitising alone holds', async () => {
    const server = await serve('raw-db', false);
    const visited = await visit(server.url);
    const response = await visited.page.goto(server.url);
    // Only who may frame the page (decision 0039): no policy for what the page may run.
    expect(response?.headers()['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(await visited.page.locator('meta[http-equiv]').count()).toBe(0);
    // Nothing stops a script here: one the test adds runs.
    const ran = await visited.page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__unguarded = true';
      document.head.append(script);
      return Reflect.get(window, '__unguarded');
    });
    expect(ran).toBe(true);
    await everyView(visited, server.url);
    expectNoProblems(visited.problems);
    await visited.page.close();
  });

  test('a javascript: source link in trawl.config.json is refused at build time', async () => {
    const folder = join(WORK, 'podcast-config');
    await cp(join(WORK, 'podcast'), folder, { recursive: true });
    await writeFile(
      join(folder, 'trawl.config.json'),
      JSON.stringify({ site: { sourceUrl: `javascript:${PWN}` } }),
    );
    await expect(buildWithCli(folder, join(WORK, 'db-config'))).rejects.toThrow(
      /trawl\.config\.json: site\.sourceUrl: must be an http\(s\) URL/,
    );
  });
});
