import { existsSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithCli, REPO_ROOT, serveSite } from '../scripts/demo-site.ts';
import type { RunningServer } from '../src/builder/serve/serve.ts';
import {
  expectNoProblems,
  newBrowserContext,
  openPage,
  screenshot,
  workFolder,
  type BrowserSession,
} from './harness.ts';

// The committed pictures of shows in other languages (docs/screenshots/language-*), on real
// transcripts nobody here wrote (../shared/realdata: German Whisper SRT, Chinese Whisper SRT
// without spaces or punctuation), copied into a temporary show folder, built by the real CLI
// and served: an episode's page, searched, at 1280 and 390 px. No Arabic transcript is among
// the real ones, so the right-to-left show's two lines are written here. Each picture is also
// checked: the page's lang and dir, its catalogue's texts, and the searched word marked; the
// Arabic one also that its sentences read right to left with the search term inside them
// (decision 0053).

const REALDATA = resolve(REPO_ROOT, '../shared/realdata');
const GERMAN_SRT = join(
  REALDATA,
  'de-futurehistories/2-2019-05-18-S01E02-Die-Socialist-Calculation-Debate-Denk-mit-mir-1_.mp3.srt',
);
const CHINESE_SRT = join(REALDATA, 'zh-pie/pie-ep69.mp3.srt');

const ARABIC_SRT = `1
00:00:00,000 --> 00:00:04,000
مرحبا بكم في البودكاست، اليوم نتحدث عن الكتب الجديدة.

2
00:00:04,000 --> 00:00:08,000
هذا الكتاب مثير جدا للاهتمام.
`;

interface Show {
  name: string;
  language: string;
  title: string;
  /** A transcript file to copy, or the transcript's text. */
  transcript: { file: string } | { text: string };
}

/** A one-episode show folder in `language`, built and served. */
async function serveShow(folder: string, show: Show): Promise<RunningServer> {
  await mkdir(join(folder, 'transcripts'));
  await mkdir(join(folder, 'media'));
  await writeFile(
    join(folder, 'feed.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>${show.name}</title><language>${show.language}</language>\n<item><title>${show.title}</title><description>${show.title}</description><podcast:episode>1</podcast:episode><pubDate>Sat, 18 May 2019 10:00:00 GMT</pubDate></item>\n</channel></rss>\n`,
  );
  const target = join(folder, 'transcripts', '1.srt');
  if ('file' in show.transcript) await copyFile(show.transcript.file, target);
  else await writeFile(target, show.transcript.text);
  await buildWithCli(folder, join(folder, 'db'));
  return serveSite(join(folder, 'db'), join(folder, 'media'));
}

const REAL = existsSync(GERMAN_SRT) && existsSync(CHINESE_SRT);
let session: BrowserSession | undefined;
const servers = new Map<string, RunningServer>();

beforeAll(async () => {
  if (!REAL) return;
  const shows: Show[] = [
    {
      name: 'Future Histories',
      language: 'de',
      title: 'Die Socialist Calculation Debate',
      transcript: { file: GERMAN_SRT },
    },
    {
      name: '后互联网时代的乱弹',
      language: 'zh-CN',
      title: '工程思维与社群教育',
      transcript: { file: CHINESE_SRT },
    },
    {
      name: 'بودكاست الكتب',
      language: 'ar',
      title: 'كتب جديدة',
      transcript: { text: ARABIC_SRT },
    },
  ];
  const built = await Promise.all(
    shows.map(async (show) => serveShow(await workFolder(`screens-${show.language}`), show)),
  );
  shows.forEach((show, index) => {
    const server = built[index];
    if (server) servers.set(show.language, server);
  });
  session = await newBrowserContext();
}, 300_000);

afterAll(async () => {
  await session?.close();
  for (const server of servers.values()) await server.close();
});

/** `<html lang dir>` as the page has them now. */
function documentLanguage(page: Page): Promise<{ lang: string; dir: string }> {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
  }));
}

/** Where a node's text stands on screen: its left and right edges. */
interface Span {
  left: number;
  right: number;
}

/**
 * The Arabic page's texts are its catalogue's, in reading order (innerText), and on screen
 * right to left: the count line's opening words, then the search term, then the count, each
 * further left (a term at the sentence's edge is how the bidi algorithm scrambled it).
 */
async function expectArabicSentences(page: Page): Promise<void> {
  const found = page.locator('.transcript-found');
  expect(await found.innerText()).toBe('ورد «الكتاب» مرة واحدة');
  expect(await page.locator('.transcript-note').innerText()).toBe(
    'توقيت الكلمات في هذه الحلقة تقريبي.',
  );
  expect(await page.locator('.episode-page__back a').nth(1).innerText()).toContain(
    'العودة إلى البحث عن «الكتاب»',
  );
  await page.getByRole('button', { name: 'المتابعة مع الصوت', pressed: true }).waitFor();
  await page.getByRole('button', { name: 'نسخ رابط هذه اللحظة (0:00)' }).waitFor();
  const spans = await found.evaluate((line): Span[] =>
    [...line.childNodes].map((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      return { left: box.left, right: box.right };
    }),
  );
  // 'ورد «' · 'الكتاب' · '» ' · 'مرة واحدة'
  expect(spans).toHaveLength(4);
  const [opening, term, , count] = spans;
  expect(opening && term && count).toBeTruthy();
  if (opening && term && count) {
    expect(term.right).toBeLessThanOrEqual(opening.left + 1);
    expect(count.right).toBeLessThanOrEqual(term.left + 1);
  }
}

const CASES = [
  // German: 'Folge' finds 'Folgen' too; the interface is the German catalogue.
  { language: 'de', term: 'Folge', dir: 'ltr', back: 'Alle Folgen', picture: 'german' },
  // Chinese: a two-character word inside unspaced sentences; English interface (no catalogue).
  { language: 'zh-CN', term: '教育', dir: 'ltr', back: 'All episodes', picture: 'chinese' },
  // Arabic: right to left, the Arabic catalogue.
  { language: 'ar', term: 'الكتاب', dir: 'rtl', back: 'كل الحلقات', picture: 'arabic' },
] as const;

describe.skipIf(!REAL)('shows in other languages, as the committed pictures show them', () => {
  for (const { language, term, dir, back, picture } of CASES) {
    it(`${picture}: the episode's page, searched, at 1280 and 390 px`, async () => {
      const server = servers.get(language);
      if (!session || !server) throw new Error(`the ${picture} show was not built`);
      for (const width of [1280, 390]) {
        const { page, problems } = await openPage(session, server.url);
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${server.url}/episodes/1?q=${encodeURIComponent(term)}`);
        await page.locator('.transcript-body mark').first().waitFor();
        await page.getByRole('link', { name: back }).first().waitFor();
        expect(await documentLanguage(page)).toEqual({ lang: language, dir });
        const width_ = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width_).toBeLessThanOrEqual(width);
        if (language === 'ar') await expectArabicSentences(page);
        await screenshot(page, `language-${picture}-${width}`, false);
        expectNoProblems(problems);
        await page.close();
      }
    });
  }
});
