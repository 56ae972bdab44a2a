import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAnalyzer, type Analyzer } from '../core/analyzer.ts';
import { FTS_COLUMNS } from '../core/db-schema.ts';
import { dbConfigSchema } from '../core/site-config.ts';
import { decodeTermRow, termRowId } from '../core/term-index.ts';
import { inflateRawSync } from 'node:zlib';
import type { ParsedQuery } from '../core/search-query.ts';
import { decodeHeadRow } from '../core/snippet-heads.ts';
import { buildEpisodeSnippets, type PassageText } from '../core/snippets.ts';
import { buildPodcast, type BuildResult } from './build.ts';
import { readPassages } from './index/snippet-cut.ts';
import { episodeBlockReader } from './index/write-snippet-heads.ts';
import { decodeTranscriptBlob } from './index/transcript-blob.ts';
import { joinChunks } from './publish/chunk-files.ts';
import {
  expectPairsAgree,
  expectStemsAgree,
  expectTermsAgree,
} from './test-support/index-agreement.ts';

// Real transcripts in German and Chinese nobody on the project wrote (../shared/realdata), built
// by the real builder from a feed that names the show's language. The index and the query
// agree on every token of every transcript. Skipped when the folder is absent.
const REALDATA = resolve(import.meta.dirname, '..', '..', '../shared/realdata');
const present = existsSync(REALDATA);

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-realdata-languages-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A podcast folder: a feed in `language` with one item per transcript, copied in (a link out of the folder is not read: decision 0048). */
async function buildShow(
  name: string,
  language: string,
  transcripts: { episode: string; title: string; source: string; extension: string }[],
): Promise<{ result: BuildResult; db: Database.Database }> {
  const folder = join(root, name);
  await mkdir(join(folder, 'transcripts'), { recursive: true });
  const items: string[] = [];
  for (const { episode, title, source, extension } of transcripts) {
    await copyFile(source, join(folder, 'transcripts', `${episode}.${extension}`));
    items.push(`<item><title>${title}</title><podcast:episode>${episode}</podcast:episode></item>`);
  }
  await writeFile(
    join(folder, 'feed.xml'),
    `<rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>${name}</title><language>${language}</language>\n${items.join('\n')}\n</channel></rss>`,
  );
  const result = await buildPodcast({ folder, outDir: join(folder, 'out') });
  const file = join(root, `${name}.sqlite3`);
  await joinChunks(result.versionDir, file);
  return { result, db: new Database(file, { readonly: true }) };
}

/** The episode ids `search_stems` gives for a word as a visitor types it. */
function stemEpisodes(db: Database.Database, analyzer: Analyzer, typed: string): number[] {
  const [token] = analyzer.tokenize(typed);
  const stem = analyzer.stem(token ?? '');
  const row = db
    .prepare<[number], { data: Buffer }>('SELECT data FROM search_stems WHERE id = ?')
    .get(termRowId(stem));
  const entry = row && decodeTermRow(row.data, { counts: true }).find((e) => e.term === stem);
  return entry?.columns[FTS_COLUMNS.indexOf('words')] ?? [];
}

/** Every passage of an episode, from its blocks, as the builder reads them back. */
function allPassages(db: Database.Database, episodeId: number): PassageText[] {
  return readPassages(episodeBlockReader(db)(episodeId));
}

async function configOf(result: BuildResult) {
  return dbConfigSchema.parse(
    JSON.parse(await readFile(join(result.versionDir, 'config.json'), 'utf8')),
  );
}

describe.skipIf(!present)('real transcripts in other languages (../shared/realdata)', () => {
  it('German (de-futurehistories): SRT, VTT and JSON; forms and ß find each other', async () => {
    const dir = join(REALDATA, 'de-futurehistories');
    const { result, db } = await buildShow('futurehistories', 'de', [
      {
        episode: '2',
        title: 'Die Socialist Calculation Debate',
        source: join(
          dir,
          '2-2019-05-18-S01E02-Die-Socialist-Calculation-Debate-Denk-mit-mir-1_.mp3.srt',
        ),
        extension: 'srt',
      },
      {
        // Its VTT goes from MM:SS.mmm to HH:MM:SS.mmm inside one cue.
        episode: '89',
        title: 'Max und Lemon von communia',
        source: join(
          dir,
          '89-2022-09-18-S02E29-Max-und-Lemon-von-communia-zu-Vergesellschaftung-und-demokratischer-Wirtschaft.vtt',
        ),
        extension: 'vtt',
      },
      {
        episode: '116',
        title: 'Şeyda Kurt zu strategischem Hass',
        source: join(dir, '116-2023-10-01-S02E56-Şeyda-Kurt-zu-strategischem-Hass.json'),
        extension: 'json',
      },
      {
        episode: '120',
        title: 'Jan Groos zu freier Planwirtschaft',
        source: join(dir, 'S02E60-Jan-Groos-zu-freier-Planwirtschaft.srt'),
        extension: 'srt',
      },
    ]);
    try {
      expect(result).toMatchObject({ episodes: 4, transcripts: 4 });
      expect(result.site.language).toBe('de');
      expect((await configOf(result)).search).toEqual({ version: 2, language: 'de' });
      const german = await loadAnalyzer({ version: 2, language: 'de' });
      expectTermsAgree(db, german, 5_000);
      expectStemsAgree(db, german, 5_000);
      expectPairsAgree(db, german, 10_000);
      // Ids ascend with the episode number: 2, 89, 116, 120.
      const [s01e02, s02e29, s02e56, s02e60] = [1, 2, 3, 4];
      // 'Groß' (every episode) and 'Gross' (S02E60 only) are one word; so are 'Haus' and
      // 'Häuser', 'Stadt' and 'Städte'.
      expect(stemEpisodes(db, german, 'Gross')).toEqual(stemEpisodes(db, german, 'Groß'));
      expect(stemEpisodes(db, german, 'groß')).toContain(s02e60);
      expect(stemEpisodes(db, german, 'Häuser')).toEqual(stemEpisodes(db, german, 'Haus'));
      expect(stemEpisodes(db, german, 'Städte').length).toBeGreaterThan(0);
      expect(stemEpisodes(db, german, 'Städte')).toEqual(stemEpisodes(db, german, 'Stadt'));
      expect(stemEpisodes(db, german, 'Vergesellschaftung')).toContain(s02e29);
      expect([s01e02, s02e56].every((id) => id > 0)).toBe(true);
    } finally {
      db.close();
    }
  }, 120_000);

  it('Chinese (zh-pie): unspaced cues become words, zero-width runs go, every token agrees', async () => {
    const dir = join(REALDATA, 'zh-pie');
    const { result, db } = await buildShow('pie', 'zh-cn', [
      {
        episode: '69',
        title: '工程思维与社群教育',
        source: join(dir, 'pie-ep69.mp3.srt'),
        extension: 'srt',
      },
      {
        episode: '111',
        title: '二次元与IP运营',
        source: join(dir, 'pie-ep111.mp3.srt'),
        extension: 'srt',
      },
      // 12 cues each hold a run of 2,048 zero-width characters inside a word.
      {
        episode: '121',
        title: '技术进步与人类进化',
        source: join(dir, 'pie-ep121.mp3.srt.srt'),
        extension: 'srt',
      },
      {
        episode: '200',
        title: '和 David 一起学习互联网野史',
        source: join(dir, 'waJeYXuPjVgYpckW.mp3.srt'),
        extension: 'srt',
      },
    ]);
    try {
      expect(result).toMatchObject({ episodes: 4, transcripts: 4 });
      expect(result.site.language).toBe('zh-CN');
      const chinese = await loadAnalyzer({ version: 2, language: 'zh-CN' });
      expectTermsAgree(db, chinese, 5_000);
      expectStemsAgree(db, chinese, 5_000);
      expectPairsAgree(db, chinese, 10_000);
      const blobs = db.prepare<[], { id: number; data: Buffer }>(
        'SELECT id, data FROM transcripts',
      );
      let longest = 0;
      for (const { data } of blobs.all()) {
        for (const word of decodeTranscriptBlob(data).words) {
          longest = Math.max(longest, [...word].length);
          expect(word).not.toMatch(/[\u200b\u2060\ufeff]|[\u200c\u200d]{2}/u);
        }
      }
      // Words, not cues: the longest cue holds 177 visible characters.
      expect(longest).toBeLessThan(40);
      // '或者' had 2,048 zero-width characters inside it in episode 121.
      expect(stemEpisodes(db, chinese, '或者')).toContain(3);
      // A two-character word from inside a sentence of episode 69: '法律' ('law').
      expect(stemEpisodes(db, chinese, '法律')).toContain(1);
    } finally {
      db.close();
    }
  }, 120_000);

  it('ready-made snippets are what the site cuts from the whole transcript, in Chinese and German (decision 0082)', async () => {
    const zh = join(REALDATA, 'zh-pie');
    const de = join(REALDATA, 'de-futurehistories');
    const shows = [
      await buildShow('pie-heads', 'zh-cn', [
        {
          episode: '69',
          title: '工程思维',
          source: join(zh, 'pie-ep69.mp3.srt'),
          extension: 'srt',
        },
      ]),
      await buildShow('fh-heads', 'de', [
        {
          episode: '116',
          title: 'Strategischer Hass',
          source: join(de, '116-2023-10-01-S02E56-Şeyda-Kurt-zu-strategischem-Hass.srt'),
          extension: 'srt',
        },
      ]),
    ];
    for (const { result, db } of shows) {
      const analyzer = await loadAnalyzer((await configOf(result)).search);
      const passages = allPassages(db, 1);
      const rows = db.prepare<[], { data: Buffer }>('SELECT data FROM snippet_heads').all();
      const entries = rows.flatMap(
        (row) => decodeHeadRow(inflateRawSync(row.data).toString('utf8')) ?? [],
      );
      expect(entries.length).toBeGreaterThan(100);
      // Every 7th key: hundreds of them, words made of many tokens among them.
      for (const entry of entries.filter((_, index) => index % 7 === 0)) {
        const query: ParsedQuery = {
          parts: [{ kind: 'word', token: entry.key, stem: entry.key }],
          analyzer,
        };
        const cut = buildEpisodeSnippets(1, passages, query, 0);
        const [ready] = entry.episodes;
        expect(ready?.windows.map((window) => [window.fromWord, window.words.length])).toEqual(
          cut.snippets.map((snippet) => [snippet.fromWord, snippet.toWord - snippet.fromWord]),
        );
        expect(ready?.more).toBe(cut.more?.count ?? 0);
      }
      db.close();
    }
  });
});
