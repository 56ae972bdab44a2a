/**
 * Regressions for input defects a red-team pass found (issue 18): description markup nested
 * thousands deep, transcript times no episode has, UTF-16 and broken UTF-8 transcripts, links
 * in the transcripts folder that lead nowhere, and an episode tag that is not a number. Each
 * ends in a build with a warning naming the place, or an error naming the file and the word;
 * never a stack trace.
 */
import { readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildPodcast, type BuildResult } from '../build.ts';
import { displayPath, isInputError } from '../errors.ts';
import { createHtmlSanitizer, MAX_DESCRIPTION_DEPTH } from '../read/sanitize-html.ts';
import { openBuildSandbox, type BuildSandbox } from './build-sandbox.ts';
import { copyPodcastInputs } from '../test-support/copy-podcast.ts';
import { DEMO_PODCAST, makeTempDir } from './fuzz-support.ts';

let sandbox: BuildSandbox;
let root: string;
let cases = 0;

beforeAll(async () => {
  sandbox = await openBuildSandbox('fuzz-input-defects');
  root = await makeTempDir('input-defects');
});

afterAll(async () => {
  await sandbox.close();
  await rm(root, { recursive: true, force: true });
});

/** A copy of the demo podcast, changed by `change`. */
async function demoWith(change: (folder: string) => Promise<void>): Promise<string> {
  cases += 1;
  const folder = join(root, `case-${cases}`);
  await copyPodcastInputs(DEMO_PODCAST, folder);
  await change(folder);
  return folder;
}

/** Builds into a fresh folder of its own; returns the result. */
function build(folder: string): Promise<BuildResult> {
  return buildPodcast({ folder, outDir: join(folder, '..', `${cases}-out`) });
}

/** Builds into the sandbox's published output; the error, which must name the problem. */
async function rejection(folder: string): Promise<string> {
  const error: unknown = await buildPodcast({ folder, outDir: sandbox.outDir }).then(
    () => new Error('the build succeeded'),
    (caught: unknown) => caught,
  );
  if (!isInputError(error)) throw error;
  await sandbox.expectOutputUnchanged();
  return error.message;
}

function warning(result: BuildResult, code: string): { message: string; examples: string[] } {
  const found = result.warnings.find((entry) => entry.code === code);
  if (!found)
    throw new Error(`no ${code} warning among ${result.warnings.map((w) => w.code).join(', ')}`);
  return found;
}

/** Episode 9 is the feed's first item (line 14), 86 seconds long. */
const FIRST_ITEM_LINE = 14;

/** A whisper JSON transcript of two words, the second at `time` seconds. */
function twoWords(time: number): string {
  const words = [
    { word: ' hello', start: 0, end: 0.5, probability: 0.9 },
    { word: ' there', start: time, end: time, probability: 0.9 },
  ];
  return JSON.stringify({
    text: 'hello there',
    segments: [{ start: 0, end: time, text: 'hello there', words }],
  });
}

describe('description markup nested thousands deep', () => {
  for (const depth of [4_000, 4_500]) {
    test(`${depth.toLocaleString('en')} nested <i> in content:encoded: built, kept as text, with a warning naming file, line and episode`, async () => {
      const deep = `${'<i>'.repeat(depth)}deep facts${'</i>'.repeat(depth)}`;
      const folder = await demoWith(async (dir) => {
        const feed = await readFile(join(dir, 'feed.xml'), 'utf8');
        const first = /<content:encoded><!\[CDATA\[[\s\S]*?\]\]><\/content:encoded>/.exec(
          feed,
        )?.[0];
        if (first === undefined) throw new Error('the demo feed has no content:encoded');
        await writeFile(
          join(dir, 'feed.xml'),
          feed.replace(first, `<content:encoded><![CDATA[${deep}]]></content:encoded>`),
        );
      });
      const result = await build(folder);
      const found = warning(result, 'description-too-deep');
      expect(found.message).toBe(
        `1 description nested HTML more than ${MAX_DESCRIPTION_DEPTH} levels deep; kept as plain text`,
      );
      expect(found.examples).toEqual([
        `${join(folder, 'feed.xml')}:${FIRST_ITEM_LINE} (episode 9): ${depth} levels`,
      ]);
      expect(result.episodes).toBe(10);
    });
  }

  test('the sanitiser keeps the text of markup nested too deep, and nests what is shallow enough', async () => {
    const sanitizer = await createHtmlSanitizer();
    try {
      const at = (depth: number) =>
        sanitizer.sanitize(`${'<i>'.repeat(depth)}deep &amp; facts${'</i>'.repeat(depth)}`);
      expect(at(4_500)).toEqual({
        html: 'deep &amp; facts',
        text: 'deep & facts',
        flattenedDepth: 4_500,
      });
      const shallow = at(MAX_DESCRIPTION_DEPTH);
      expect(shallow.flattenedDepth).toBeUndefined();
      expect(shallow.html.match(/<i>/g)).toHaveLength(MAX_DESCRIPTION_DEPTH);
      // Paragraphs a sibling closes do not nest: 1,000 unclosed <p> keep their markup.
      expect(sanitizer.sanitize('<p>x'.repeat(1_000)).flattenedDepth).toBeUndefined();
    } finally {
      sanitizer.close();
    }
  });
});

describe('transcript times no episode has', () => {
  test('1.7e308 seconds: rejected, naming the file and the word', async () => {
    const folder = await demoWith((dir) =>
      writeFile(join(dir, 'transcripts', '9.json'), twoWords(1.7e308)),
    );
    expect(await rejection(folder)).toMatch(
      /transcripts\/9\.json: segment 1, word "there": start time 1\.7e\+308 s is past 48 hours: not a time in an episode$/,
    );
  });

  test('49 hours: rejected the same way', async () => {
    const folder = await demoWith((dir) =>
      writeFile(join(dir, 'transcripts', '9.json'), twoWords(49 * 3600)),
    );
    expect(await rejection(folder)).toMatch(
      /9\.json: .*word "there": start time 176400 s is past 48 hours/,
    );
  });

  test("an hour into an 86-second episode: rejected, naming the word and the feed's duration", async () => {
    const folder = await demoWith((dir) =>
      writeFile(join(dir, 'transcripts', '9.json'), twoWords(3_600)),
    );
    expect(await rejection(folder)).toMatch(
      /transcripts\/9\.json \(episode 9\): word 2, "there", ends at 1:00:00, well past the episode's itunes:duration \(1:26\); fix the transcript's times or the feed's duration$/,
    );
  });

  test('a few minutes past a rounded duration is kept', async () => {
    const folder = await demoWith((dir) =>
      writeFile(join(dir, 'transcripts', '9.json'), twoWords(86 + 300)),
    );
    expect((await build(folder)).transcripts).toBe(10);
  });
});

describe('transcript bytes', () => {
  const json = twoWords(1);

  test('UTF-16 with a byte-order mark says to save it as UTF-8', async () => {
    const folder = await demoWith((dir) =>
      writeFile(
        join(dir, 'transcripts', '9.json'),
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(json, 'utf16le')]),
      ),
    );
    expect(await rejection(folder)).toMatch(
      /transcripts\/9\.json: the file is UTF-16 text; save it as UTF-8$/,
    );
  });

  test('UTF-16 without one says so too', async () => {
    const folder = await demoWith((dir) =>
      writeFile(join(dir, 'transcripts', '9.json'), Buffer.from(json, 'utf16le').swap16()),
    );
    expect(await rejection(folder)).toMatch(/9\.json: the file is UTF-16 text; save it as UTF-8$/);
  });

  test('bytes that are not UTF-8 are a warning naming the file and the byte', async () => {
    const bytes = Buffer.from(json.replace('there', 'th\u00e9re'));
    const at = bytes.indexOf(0xc3);
    bytes[at] = 0xff;
    const folder = await demoWith((dir) => writeFile(join(dir, 'transcripts', '9.json'), bytes));
    const result = await build(folder);
    const found = warning(result, 'transcript-not-utf8');
    expect(found.message).toBe(
      '1 transcript had bytes that are not UTF-8 (replaced with �); save them as UTF-8',
    );
    expect(found.examples).toEqual([`${join(folder, 'transcripts', '9.json')}: at byte ${at}`]);
    expect(result.transcripts).toBe(10);
  });
});

describe('links in the transcripts folder', () => {
  test('a dangling link and a looping one are warnings naming each', async () => {
    const folder = await demoWith(async (dir) => {
      const transcripts = join(dir, 'transcripts');
      await rm(join(transcripts, '5.json'));
      await symlink('gone.json', join(transcripts, '5.json'));
      await rm(join(transcripts, '6.json'));
      await symlink('6.json', join(transcripts, '6.json'));
    });
    const result = await build(folder);
    const found = warning(result, 'broken-transcript-link');
    expect(found.message).toBe('2 links in the transcripts folder led to no file; ignored');
    expect(found.examples).toEqual([
      `${join(folder, 'transcripts', '5.json')}: it points to nothing (dangling link)`,
      `${join(folder, 'transcripts', '6.json')}: it points back to itself (a loop of links)`,
    ]);
    expect(result.transcripts).toBe(8);
  });
});

describe('an episode tag that is not a number', () => {
  test('says what the tag holds, not that it is missing', async () => {
    const folder = await demoWith(async (dir) => {
      const feed = await readFile(join(dir, 'feed.xml'), 'utf8');
      // Episode 9 is no longer in the feed: overrides.json may not name it (an error), while
      // speakers.json still does, which is a warning (checked below), not a failed build.
      const overrides = join(dir, 'overrides.json');
      const entries: unknown = JSON.parse(await readFile(overrides, 'utf8'));
      if (!Array.isArray(entries)) throw new Error('overrides.json is not a list');
      await writeFile(
        overrides,
        JSON.stringify(entries.filter((entry: { episode?: unknown }) => entry.episode !== '9')),
      );
      await writeFile(
        join(dir, 'feed.xml'),
        feed.replace(
          '<podcast:episode>9</podcast:episode>',
          '<podcast:episode>-9</podcast:episode>',
        ),
      );
    });
    const result = await buildPodcast({
      folder,
      outDir: join(folder, '..', `${cases}-out`),
      ignoreOrphanTranscripts: true,
    });
    // Not skipped: numbered after the episode before it, and the warning quotes the tag.
    const found = warning(result, 'numbering-numbered');
    expect(found.message).toBe(
      '1 feed item had no episode number; numbered by publication order (kept in episode-numbers.json)',
    );
    expect(found.examples).toEqual([
      `"The Orchid in Your Ice Cream" (line ${FIRST_ITEM_LINE}) is now episode 8.1 (its podcast:episode "-9" is not a number)`,
    ]);
    expect(warning(result, 'speakers-episode-not-in-feed').examples).toEqual([
      `${displayPath(join(folder, 'speakers.json'))}: episodes."9": episode 9 is not in the feed`,
    ]);
  });
});
