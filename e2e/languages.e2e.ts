import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithCli, serveSite } from '../scripts/demo-site.ts';
import type { RunningServer } from '../src/builder/serve/serve.ts';
import {
  expectNoProblems,
  launchBrowser,
  openPage,
  row,
  screenshot,
  search,
  submitSearch,
  transcript,
  workFolder,
  type BrowserSession,
} from './harness.ts';

// Shows in other languages, each built by the real CLI from a feed that names its language
// (written here, with transcripts written here), served over HTTP and searched in Chromium:
// German word forms and ß, and words inside unspaced Chinese and Japanese sentences, found,
// highlighted and counted alike by the result list and the transcript.

interface Episode {
  number: string;
  title: string;
  /** One subtitle cue per line, 4 seconds each. */
  cues: string[];
}

const GERMAN: Episode[] = [
  {
    number: '1',
    title: 'Häuser in der Stadt',
    cues: [
      'Willkommen! Heute geht es um Häuser in der Stadt.',
      'Ein Haus an der Straße kostet viel Geld.',
    ],
  },
  {
    number: '2',
    title: 'Eine lange Strasse',
    cues: ['Die Strasse ist lang.', 'Wir sprechen über Städte und ihre Bewohner.'],
  },
  {
    number: '3',
    title: 'Viele Straßen',
    cues: ['Viele Straßen führen zum Dach des Hauses.', 'Vielen Dank für Ihre Aufmerksamkeit.'],
  },
];

const CHINESE: Episode[] = [
  {
    number: '1',
    title: '法律与社会',
    cues: ['我们今天的话题呢先从几个法律相关的事情开始啊', '我们都不是搞法律出身的啊'],
  },
  {
    number: '2',
    title: '互联网时代',
    cues: ['因为现代这个社会我们称之为后互联网时代', '实际上就是一个变革比较大的一个时代'],
  },
];

const JAPANESE: Episode[] = [
  {
    number: '1',
    title: '東京の天気',
    cues: ['今日は東京で天気がいいです。', 'カナダにも行きました。'],
  },
  { number: '2', title: '大阪', cues: ['大阪は雨でした。'] },
];

function srt(cues: readonly string[]): string {
  const time = (seconds: number): string => `00:00:${String(seconds).padStart(2, '0')},000`;
  return cues
    .map((cue, index) => `${index + 1}\n${time(index * 4)} --> ${time(index * 4 + 4)}\n${cue}\n`)
    .join('\n');
}

/** A podcast folder with a feed in `language` and an SRT transcript per episode. */
async function writeShow(name: string, language: string, episodes: readonly Episode[]) {
  const folder = await workFolder(name);
  await mkdir(join(folder, 'transcripts'));
  await mkdir(join(folder, 'media'));
  const items = episodes.map(
    ({ number, title }) =>
      `<item><title>${title}</title><description>${title}</description><podcast:episode>${number}</podcast:episode><pubDate>Mon, 0${number} Jan 2024 10:00:00 GMT</pubDate></item>`,
  );
  await writeFile(
    join(folder, 'feed.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>${name}</title><language>${language}</language>\n${items.join('\n')}\n</channel></rss>\n`,
  );
  for (const { number, cues } of episodes) {
    await writeFile(join(folder, 'transcripts', `${number}.srt`), srt(cues));
  }
  const dbDir = join(folder, 'db');
  await buildWithCli(folder, dbDir);
  return serveSite(dbDir, join(folder, 'media'));
}

let session: BrowserSession;
const servers: RunningServer[] = [];
const urls = { german: '', chinese: '', japanese: '' };

beforeAll(async () => {
  const german = await writeShow('Zukunftsgeschichten', 'de-DE', GERMAN);
  const chinese = await writeShow('后互联网时代的乱弹', 'zh-cn', CHINESE);
  const japanese = await writeShow('日本のポッドキャスト', 'ja', JAPANESE);
  servers.push(german, chinese, japanese);
  urls.german = german.url;
  urls.chinese = chinese.url;
  urls.japanese = japanese.url;
  session = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await session?.close();
  for (const server of servers) await server.close();
});

/** The text of every search highlight in titles and descriptions (CSS Custom Highlights). */
function highlighted(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const highlight = CSS.highlights.get('trawl-search-match');
    return highlight ? [...highlight].map((range) => range.toString()) : [];
  });
}

/** Opens an episode's transcript and waits for its words. */
async function openTranscript(page: Page, episode: string) {
  await row(page, episode)
    .getByRole('button', { name: /show transcript/ })
    .click();
  await transcript(page, episode).getByRole('button').first().waitFor();
  return transcript(page, episode);
}

describe('a German show', () => {
  it('finds inflected forms and ß/ss, and the transcript marks and counts the same', async () => {
    for (const width of [1280, 390]) {
      const { page, problems } = await openPage(session, urls.german);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(urls.german);
      await page.getByText('showing all 3 episodes').waitFor();
      // 'Häuser' finds 'Haus' and 'Hauses' too.
      await search(page, 'Häuser', 'found 2 of 3 episodes');
      const words = await openTranscript(page, '1');
      await page.getByText('found 2 utterances of "Häuser"').waitFor();
      expect(await words.locator('mark').allTextContents()).toEqual(['Häuser', 'Haus']);
      await screenshot(page, `languages-german-${width}`, false);
      // 'strasse', 'Straße' and 'Straßen' find each other, in titles and transcripts.
      await search(page, 'strasse', 'found 3 of 3 episodes');
      await search(page, 'Straßen', 'found 3 of 3 episodes');
      // Titles (and descriptions) 'Eine lange Strasse' and 'Viele Straßen' are marked.
      await expect
        .poll(() => highlighted(page))
        .toEqual(expect.arrayContaining(['Strasse', 'Straßen']));
      // Quoted, a word is its exact form, with ß and ss one letter: not 'Straßen'.
      await search(page, '"Straße"', 'found 2 of 3 episodes');
      // 'Stadt' and 'Städte'.
      await search(page, 'Stadt', 'found 2 of 3 episodes');
      expectNoProblems(problems);
      await page.close();
    }
  });
});

describe('a Chinese show', () => {
  it('finds a two-character word inside a sentence, highlights and counts it', async () => {
    for (const width of [1280, 390]) {
      const { page, problems } = await openPage(session, urls.chinese);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(urls.chinese);
      await page.getByText('showing all 2 episodes').waitFor();
      // Two characters are a whole word: not refused as too short.
      await search(page, '法律', 'found 1 of 2 episodes');
      const words = await openTranscript(page, '1');
      await page.getByText('found 2 utterances of "法律"').waitFor();
      expect(await words.locator('mark').allTextContents()).toEqual(['法律', '法律']);
      // The words of a sentence meet without spaces, as written.
      expect(await words.innerText()).toContain('我们都不是搞法律出身的啊');
      await expect.poll(() => highlighted(page)).toContain('法律');
      await screenshot(page, `languages-chinese-${width}`, false);
      await search(page, '社会', 'found 2 of 2 episodes');
      expectNoProblems(problems);
      await page.close();
    }
  });
});

describe('a Japanese show', () => {
  it('finds words inside a sentence, kana with voicing marks, and the whole sentence', async () => {
    const { page, problems } = await openPage(session, urls.japanese);
    await page.goto(urls.japanese);
    await page.getByText('showing all 2 episodes').waitFor();
    await search(page, '東京', 'found 1 of 2 episodes');
    await search(page, '天気', 'found 1 of 2 episodes');
    // The voicing mark of ダ is part of the letter on both sides.
    await search(page, 'カナダ', 'found 1 of 2 episodes');
    const words = await openTranscript(page, '1');
    await page.getByText('found 1 utterance of "カナダ"').waitFor();
    expect(await words.locator('mark').allTextContents()).toEqual(['カナダ']);
    await search(page, '今日は東京で天気がいいです', 'found 1 of 2 episodes');
    await submitSearch(page, 'カナタ');
    await page.getByText('No results found').waitFor();
    await screenshot(page, 'languages-japanese-1280', false);
    expectNoProblems(problems);
    await page.close();
  });
});
