/**
 * Everything the benchmark measures against: the scale corpus (generated once per parameters
 * and reused), the Trawl database built with the real `trawl build` (timed, with its peak
 * memory), and the baseline database (rebuilt only when its parameters or code change).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { readPublished } from '../src/builder/publish/chunk-files.ts';
import { generateCorpus } from '../scripts/corpus.ts';
import { corpusWriting, type CorpusLanguage } from '../scripts/corpus-languages.ts';
import type { Analyzer } from '../src/core/analyzer.ts';
import { buildBaselineDatabase, type BaselineBuild } from './baseline-db.ts';
import { REPO_ROOT } from './assets.ts';
import {
  chooseRareWord,
  formsByStem,
  stemHitsMatch,
  termsMatch,
  type VocabEntry,
} from './workload-terms.ts';

/** The corpus parameters; the cache key of the corpus and of the baseline. */
export interface CorpusParameters {
  episodes: number;
  words: number;
  seed: number;
  /** The corpus's language (`scripts/corpus-languages.ts`); English when absent. */
  language?: CorpusLanguage;
}

export function corpusKey({ episodes, words, seed, language = 'en' }: CorpusParameters): string {
  // English keeps the key it always had, so its cached corpora and baselines stay valid.
  return `e${episodes}-w${words}-s${seed}${language === 'en' ? '' : `-${language}`}`;
}

/** Returns the corpus folder for these parameters, generating it unless it is there. */
export async function ensureCorpus(
  parameters: CorpusParameters,
  cacheDir: string,
): Promise<{ dir: string; generatedSeconds: number | null }> {
  const dir = join(cacheDir, `corpus-${corpusKey(parameters)}`);
  // generateCorpus renames a finished folder into place, so a feed means a whole corpus.
  if (existsSync(join(dir, 'feed.xml'))) return { dir, generatedSeconds: null };
  const started = performance.now();
  await generateCorpus({ ...parameters, out: dir, audio: false });
  return { dir, generatedSeconds: (performance.now() - started) / 1000 };
}

/**
 * A German inflected form for 'search by stem': a form in 5–60 episodes whose stem has other
 * forms, from the middle of the list.
 */
function germanInflected(
  vocab: readonly VocabEntry[],
  stem: (token: string) => string,
): string | null {
  const forms = new Map<string, number>();
  for (const { term } of vocab) forms.set(stem(term), (forms.get(stem(term)) ?? 0) + 1);
  const candidates = vocab
    .filter(({ term, doc }) => doc >= 5 && doc <= 60 && /^\p{L}{6,}$/u.test(term))
    .filter(({ term }) => /[^a-z]/.test(term) && (forms.get(stem(term)) ?? 0) > 1)
    .map(({ term }) => term);
  return candidates[Math.floor(candidates.length / 2)] ?? null;
}

/** A `trawl build` run: wall time, peak resident memory and what it published. */
export interface TrawlBuild {
  outDir: string;
  versionDir: string;
  seconds: number;
  peakRssBytes: number;
  /** How the peak was measured. */
  rssSource: '/usr/bin/time' | '/proc VmHWM';
  databaseBytes: number;
  output: string;
}

const TIME = '/usr/bin/time';

function runProcess(
  command: string,
  args: string[],
  onStart?: (pid: number) => void,
): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    child.stderr.on('data', (data: Buffer) => (output += data.toString()));
    child.on('error', fail);
    if (child.pid !== undefined) onStart?.(child.pid);
    child.on('close', (code) => done({ code, output }));
  });
}

/** Peak RSS so far of a running process, from /proc (0 when it has gone). */
async function peakRssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const match = /^VmHWM:\s+(\d+) kB/m.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

/**
 * Publishes the corpus with the real CLI (`node bin/trawl.js build`), timed; with `siteDir`
 * null, without pages (`--no-pages`).
 */
export async function buildTrawl(
  corpusDir: string,
  outDir: string,
  siteDir: string | null,
): Promise<TrawlBuild> {
  await rm(outDir, { recursive: true, force: true });
  // The pages are pre-rendered with the site the benchmark serves (its hashed assets).
  const cli = [
    resolve(REPO_ROOT, 'bin/trawl.js'),
    'build',
    corpusDir,
    '--out',
    outDir,
    ...(siteDir === null ? ['--no-pages'] : ['--site', siteDir]),
  ];
  const started = performance.now();
  let peak = 0;
  let rssSource: TrawlBuild['rssSource'];
  let result: { code: number | null; output: string };
  if (existsSync(TIME)) {
    rssSource = TIME;
    const report = `${outDir}.time`;
    result = await runProcess(TIME, ['-f', '%M', '-o', report, process.execPath, ...cli]);
    peak = Number((await readFile(report, 'utf8')).trim().split('\n').at(-1)) * 1024;
    await rm(report, { force: true });
  } else {
    rssSource = '/proc VmHWM';
    let timer: NodeJS.Timeout | undefined;
    result = await runProcess(process.execPath, cli, (pid) => {
      timer = setInterval(() => {
        // A sample from a timer; peakRssOf never rejects (an unreadable status reads as 0).
        void peakRssOf(pid).then((bytes) => (peak = Math.max(peak, bytes)));
      }, 100);
    });
    clearInterval(timer);
  }
  const seconds = (performance.now() - started) / 1000;
  if (result.code !== 0) {
    throw new Error(`trawl build failed (exit ${result.code}):\n${result.output}`);
  }
  const { versionDir, config } = await readPublished(outDir);
  return {
    outDir,
    versionDir,
    seconds,
    peakRssBytes: peak,
    rssSource,
    databaseBytes: config.databaseLengthBytes,
    output: result.output.trim(),
  };
}

/** What a finished baseline build leaves beside it, to be reused by the next run. */
const stampSchema = z.object({
  key: z.string(),
  build: z.object({
    outDir: z.string(),
    version: z.string(),
    databaseBytes: z.number(),
    episodes: z.number(),
    words: z.number(),
    seconds: z.number(),
  }),
});

async function sourceHash(files: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) hash.update(await readFile(resolve(REPO_ROOT, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The baseline database for these parameters, rebuilt from `trawlFile` only when the
 * parameters or the baseline's code changed (a stamp file records both).
 */
export async function ensureBaseline(
  parameters: CorpusParameters,
  trawlFile: string,
  cacheDir: string,
): Promise<{ build: BaselineBuild; reused: boolean }> {
  const outDir = join(cacheDir, `baseline-${corpusKey(parameters)}`);
  const stampFile = join(outDir, 'bench-stamp.json');
  const key = JSON.stringify({
    parameters,
    code: await sourceHash(['bench/baseline-db.ts', 'bench/baseline-queries.ts']),
  });
  const saved = stampSchema.safeParse(
    await readFile(stampFile, 'utf8')
      .then((text): unknown => JSON.parse(text))
      .catch(() => null),
  );
  if (saved.success && saved.data.key === key && existsSync(join(outDir, 'latest.json'))) {
    return { build: { ...saved.data.build, outDir }, reused: true };
  }
  const build = await buildBaselineDatabase(trawlFile, outDir);
  await writeFile(stampFile, `${JSON.stringify({ key, build })}\n`);
  return { build, reused: false };
}

/** The terms and the episode the operations use, chosen from the built database. */
export interface Workload {
  rare: string;
  common: string;
  phrase: string;
  /** A plural whose singular is indexed too: an unquoted search finds both (decision 0009). */
  stemmed: string;
  /** `rare` with two middle letters swapped: no results, and 'did you mean' offers `rare`. */
  typo: string;
  /** A word of the newest episode's title: it matches in titles, descriptions and transcripts. */
  allFields: string;
  transcript: { id: number; episode: string; title: string; words: number };
  /** How many episodes each search term matches (Trawl's index). */
  hits: Record<string, number>;
}

interface EpisodeSummary {
  id: number;
  episode: string;
  title: string;
  word_count: number;
}

/**
 * Chooses the workload from the Trawl database: a rare word (its stem's forms in 2–5 episodes,
 * from the middle of the alphabet: `chooseRareWord`), `the`, the
 * phrase 'ice cream' (the corpus's recurring phrase), a title word, and the transcript of the
 * first page's episode whose length is nearest 8,000 words.
 */
export function chooseWorkload(
  trawlFile: string,
  pageSize: number,
  analyzer: Analyzer,
  language: CorpusLanguage = 'en',
): Workload {
  const { stem } = analyzer;
  const writing = corpusWriting(language);
  const db = new Database(trawlFile, { readonly: true });
  try {
    db.exec("CREATE VIRTUAL TABLE temp.bench_vocab USING fts5vocab(main, 'words_fts', 'row')");
    const vocab = db
      .prepare<[], VocabEntry>('SELECT term, doc FROM temp.bench_vocab ORDER BY term')
      .all();
    const rare =
      chooseRareWord(vocab, stem, language) ??
      db
        .prepare<[], string>('SELECT term FROM temp.bench_vocab ORDER BY doc, term LIMIT 1')
        .pluck()
        .get();
    // A plural in 5–60 episodes whose singular is a term too, from the middle of the list.
    const plurals = db
      .prepare<[], string>(
        `SELECT p.term FROM temp.bench_vocab p JOIN temp.bench_vocab s
           ON s.term = substr(p.term, 1, length(p.term) - 1)
         WHERE p.term GLOB '*s' AND p.doc BETWEEN 5 AND 60 AND length(p.term) >= 6
           AND p.term NOT GLOB '*[^a-z]*'
         ORDER BY p.term`,
      )
      .pluck()
      .all();
    const stemmedForm = language === 'de' ? germanInflected(vocab, stem) : null;
    const stemmed = stemmedForm ?? plurals[Math.floor(plurals.length / 2)] ?? rare ?? 'museums';
    const word = rare ?? 'the';
    const middle = Math.floor(word.length / 2);
    const typo =
      word.length < 4
        ? `${word}x`
        : `${word.slice(0, middle - 1)}${word.charAt(middle)}${word.charAt(middle - 1)}${word.slice(middle + 1)}`;
    const newest = db
      .prepare<[number], EpisodeSummary>(
        'SELECT id, episode, title, word_count FROM episodes ORDER BY id DESC LIMIT ?',
      )
      .all(pageSize);
    const first = newest[0];
    if (!first) throw new Error('the benchmark database has no episodes');
    const titleWord = analyzer
      .tokenize(first.title)
      .find((word) => [...word].length >= (language === 'ja' ? 2 : 4) && word !== 'and');
    const transcript = [...newest].sort(
      (a, b) => Math.abs(a.word_count - 8000) - Math.abs(b.word_count - 8000) || b.id - a.id,
    )[0];
    if (!transcript || transcript.word_count === 0)
      throw new Error('no episode on the first page has a transcript');
    const common = writing.base('the');
    const workload: Workload = {
      rare: rare ?? common,
      common,
      phrase: `${writing.base('ice')} ${writing.base('cream')}`,
      stemmed,
      typo,
      allFields: titleWord ?? common,
      transcript: {
        id: transcript.id,
        episode: transcript.episode,
        title: transcript.title,
        words: transcript.word_count,
      },
      hits: {},
    };
    const count = db.prepare('SELECT count(*) FROM words_fts WHERE words_fts MATCH ?').pluck();
    const columns = ['title', 'description', 'words', 'episode'];
    const forms = formsByStem(vocab, stem);
    // As the site finds them: an unquoted word by its stem's forms, the phrase quoted; the
    // stemmed word as typed (its label says so).
    // The index holds the analyzer's tokens: a term is matched by its tokens.
    const tokens = (term: string): string => analyzer.tokenize(term).join(' ');
    const matches: [string, string][] = [
      [workload.rare, stemHitsMatch(tokens(workload.rare), forms, columns, stem)],
      [workload.common, stemHitsMatch(tokens(workload.common), forms, columns, stem)],
      [workload.phrase, termsMatch([tokens(workload.phrase)], columns)],
      [workload.stemmed, termsMatch([tokens(workload.stemmed)], columns)],
      [workload.allFields, stemHitsMatch(tokens(workload.allFields), forms, columns, stem)],
    ];
    for (const [term, match] of matches) {
      const hits = count.get(match);
      workload.hits[term] = typeof hits === 'number' ? hits : 0;
    }
    return workload;
  } finally {
    db.close();
  }
}
