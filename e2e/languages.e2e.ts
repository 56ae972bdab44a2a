import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithCli, serveSite } from '../scripts/demo-site.ts';
import type { RunningServer } from '../src/builder/serve/serve.ts';
import {
  expectNoProblems,
  newBrowserContext,
  openPage,
  row,
  screenshot,
  search,
  transcript,
  workFolder,
  type BrowserSession,
} from './harness.ts';

// Shows in other languages, each built by the real CLI from a feed that names its language
// (written here, with transcripts written here), served over HTTP and searched in Chromium:
// German word forms and ß, and words inside unspaced Chinese and Japanese sentences, found,
// highlighted and counted alike by the result list and the transcript. Each page speaks its
// show's language: <html lang dir>, the interface texts of its catalogue (German, Japanese;
// English for Chinese and Hebrew, which have none, with the Hebrew show's own texts from its
// trawl.config.json over it), dates in its locale, and a right-to-left layout for Hebrew.

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

const HEBREW: Episode[] = [
  {
    number: '1',
    title: 'שלום עולם',
    cues: ['שלום לכולם וברוכים הבאים לפודקאסט.', 'היום נדבר על ספרים חדשים.'],
  },
  { number: '2', title: 'ספרים', cues: ['הספר הזה מעניין מאוד.'] },
];

/** The Hebrew show's own texts over the English ones (trawl.config.json's site.messages). */
const HEBREW_TEXTS = {
  'search.label': 'חיפוש פרקים',
  'search.button': 'חיפוש',
  'list.showingAll': 'מוצגים כל {episodes}',
  'list.found': 'נמצאו {found} מתוך {episodes}',
  'list.episodes.one': 'פרק {count}',
  'list.episodes.other': '{count} פרקים',
};

/**
 * A podcast folder with a feed in `language` and an SRT transcript per episode, and a
 * trawl.config.json when `config` is given.
 */
async function writeShow(
  name: string,
  language: string,
  episodes: readonly Episode[],
  config?: unknown,
) {
  const folder = await workFolder(name);
  if (config !== undefined) {
    await writeFile(join(folder, 'trawl.config.json'), JSON.stringify(config));
  }
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
const urls = { german: '', chinese: '', japanese: '', hebrew: '' };

beforeAll(async () => {
  // The four small shows build side by side: each CLI run waits on its own process start.
  const [german, chinese, japanese, hebrew] = await Promise.all([
    writeShow('Zukunftsgeschichten', 'de-DE', GERMAN),
    writeShow('后互联网时代的乱弹', 'zh-cn', CHINESE),
    writeShow('日本のポッドキャスト', 'ja', JAPANESE),
    writeShow('פודקאסט', 'he', HEBREW, { site: { messages: HEBREW_TEXTS } }),
  ]);
  servers.push(german, chinese, japanese, hebrew);
  urls.german = german.url;
  urls.chinese = chinese.url;
  urls.japanese = japanese.url;
  urls.hebrew = hebrew.url;
  session = await newBrowserContext();
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

/**
 * Opens an episode's transcript and waits for its words. `texts`: the show button's and the
 * region's names in the show's language.
 */
async function openTranscript(
  page: Page,
  episode: string,
  texts: { show: RegExp; region: string } = {
    show: /show transcript/,
    region: `Transcript of episode ${episode}`,
  },
) {
  await row(page, episode).getByRole('button', { name: texts.show }).click();
  await transcript(page, episode, texts.region).getByRole('button').first().waitFor();
  return transcript(page, episode, texts.region);
}

/** `<html lang dir>` as the page has them now. */
function documentLanguage(page: Page): Promise<{ lang: string; dir: string }> {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
  }));
}

/** The first bytes of a page as the server sends them: the pre-rendered `<html>` tag. */
async function servedHtmlTag(url: string): Promise<string> {
  const html = await (await fetch(url)).text();
  return /<html[^>]*>/.exec(html)?.[0] ?? '';
}

/** A date as the browser's Intl writes it in `locale`, as the list shows publication dates. */
function browserDate(page: Page, locale: string, day: number): Promise<string> {
  return page.evaluate(
    ([tag, date]) =>
      new Intl.DateTimeFormat(tag, {
        year: 'numeric',
        month: 'short',
        day: '2-digit',
        timeZone: 'UTC',
      }).format(new Date(Date.UTC(2024, 0, date))),
    [locale, day] as const,
  );
}

describe('a German show', () => {
  it('finds inflected forms and ß/ss, and the transcript marks and counts the same', async () => {
    for (const width of [1280, 390]) {
      const { page, problems } = await openPage(session, urls.german);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(urls.german);
      // The page speaks German: its texts, its date and its lang.
      await page.getByText('alle 3 Folgen').waitFor();
      expect(await documentLanguage(page)).toEqual({ lang: 'de-DE', dir: 'ltr' });
      await row(page, '1').getByText('01. Jan. 2024').waitFor();
      await row(page, '1').getByRole('button', { name: 'Folge 1 abspielen' }).waitFor();
      const box = 'Folgen durchsuchen';
      // 'Häuser' finds 'Haus' and 'Hauses' too.
      await search(page, 'Häuser', '2 von 3 Folgen gefunden', box);
      const words = await openTranscript(page, '1', {
        show: /Transkript zeigen/,
        region: 'Transkript der Folge 1',
      });
      await page.getByText('2 Äußerungen mit „Häuser“ gefunden').waitFor();
      expect(await words.locator('mark').allTextContents()).toEqual(['Häuser', 'Haus']);
      await screenshot(page, `languages-german-${width}`, false);
      // 'strasse', 'Straße' and 'Straßen' find each other, in titles and transcripts.
      await search(page, 'strasse', '3 von 3 Folgen gefunden', box);
      await search(page, 'Straßen', '3 von 3 Folgen gefunden', box);
      // Titles (and descriptions) 'Eine lange Strasse' and 'Viele Straßen' are marked.
      await expect
        .poll(() => highlighted(page))
        .toEqual(expect.arrayContaining(['Strasse', 'Straßen']));
      // Quoted, a word is its exact form, with ß and ss one letter: not 'Straßen'.
      await search(page, '"Straße"', '2 von 3 Folgen gefunden', box);
      // 'Stadt' and 'Städte'.
      await search(page, 'Stadt', '2 von 3 Folgen gefunden', box);
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
      // No Chinese catalogue: English texts, in a page that says it is Chinese.
      await page.getByText('showing all 2 episodes').waitFor();
      expect(await documentLanguage(page)).toEqual({ lang: 'zh-CN', dir: 'ltr' });
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
    await page.getByText('全2エピソードを表示').waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'ja', dir: 'ltr' });
    await row(page, '1')
      .getByText(await browserDate(page, 'ja', 1))
      .waitFor();
    const box = 'エピソードを検索';
    await search(page, '東京', '2エピソード中1件', box);
    await search(page, '天気', '2エピソード中1件', box);
    // The voicing mark of ダ is part of the letter on both sides.
    await search(page, 'カナダ', '2エピソード中1件', box);
    const words = await openTranscript(page, '1', {
      show: /文字起こしを表示/,
      region: 'エピソード1の文字起こし',
    });
    await page.getByText('「カナダ」を1か所で発見').waitFor();
    expect(await words.locator('mark').allTextContents()).toEqual(['カナダ']);
    await search(page, '今日は東京で天気がいいです', '2エピソード中1件', box);
    // Without its voicing mark it is another word: as typed it finds nothing (a search that
    // finds nothing otherwise shows its nearest word's results, decision 0035).
    await page.goto(`${urls.japanese}?q=${encodeURIComponent('カナタ')}&asTyped=1`);
    await page.getByText('見つかりませんでした').waitFor();
    await screenshot(page, 'languages-japanese-1280', false);
    expectNoProblems(problems);
    await page.close();
  });
});

describe('a Hebrew show', () => {
  it('is laid out right to left, with its own texts and Hebrew dates, and searches', async () => {
    // The pre-rendered page says so before any script runs.
    expect(await servedHtmlTag(urls.hebrew)).toBe('<html lang="he" dir="rtl">');
    for (const width of [1280, 390]) {
      const { page, problems } = await openPage(session, urls.hebrew);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(urls.hebrew);
      await page.getByText('מוצגים כל 2 פרקים').waitFor();
      expect(await documentLanguage(page)).toEqual({ lang: 'he', dir: 'rtl' });
      const date = await browserDate(page, 'he', 1);
      expect(date).not.toBe('Jan 01, 2024');
      await row(page, '1').getByText(date).waitFor();
      // Right to left: the search box starts at the right, its button stands to its left.
      const input = await page.getByRole('combobox', { name: 'חיפוש פרקים' }).boundingBox();
      const button = await page.getByRole('button', { name: 'חיפוש', exact: true }).boundingBox();
      expect(input && button && button.x + button.width <= input.x + 1).toBe(true);
      // The heading's text hugs the row's right edge, not its left.
      const gaps = await row(page, '1').evaluate((article) => {
        const heading = article.querySelector('h2');
        const range = document.createRange();
        range.selectNodeContents(heading ?? article);
        const text = range.getBoundingClientRect();
        const box = article.getBoundingClientRect();
        return { right: box.right - text.right, left: text.left - box.left };
      });
      expect(gaps.right).toBeLessThan(gaps.left);
      await search(page, 'ספרים', 'נמצאו 2 מתוך 2 פרקים', 'חיפוש פרקים');
      // A text the show did not set comes from the Hebrew catalogue, its dual form included.
      const words = await openTranscript(page, '1', {
        show: /הצגת התמלול/,
        region: 'תמלול פרק 1',
      });
      await page.getByText('תוצאות עבור "ספרים": אזכור אחד').waitFor();
      expect(await words.locator('mark').allTextContents()).toEqual(['ספרים']);
      await screenshot(page, `languages-hebrew-${width}`, false);
      expectNoProblems(problems);
      await page.close();
    }
  });
});
