import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPodcast } from './build.ts';
import { InputProblems } from './errors.ts';
import { copyFixturePodcast } from './test-support/fixture-podcast.ts';
import { REPO_ROOT, runCli } from './test-support/run-cli.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-build-problems-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function brokenCopy(name: string): Promise<string> {
  const dir = join(root, name);
  await copyFixturePodcast(dir);
  const config = JSON.parse(await readFile(join(dir, 'trawl.config.json'), 'utf8')) as {
    site: { hostIds: number[] };
    episodeTypes: { rule: unknown }[];
  };
  config.site.hostIds = [6, 99];
  const office = config.episodeTypes[1];
  if (office) office.rule = { venue: [1, 77] };
  await writeFile(join(dir, 'trawl.config.json'), JSON.stringify(config));
  await writeFile(
    join(dir, 'overrides.json'),
    JSON.stringify([
      { episode: '1', presenter1: 88 },
      { episode: '999', venue: 1 },
    ]),
  );
  await writeFile(join(dir, 'transcripts', '77.json'), '{"segments":[]}');
  await writeFile(join(dir, 'transcripts', 'bonus.json'), '{"segments":[]}');
  return dir;
}

describe('one build reports every input problem, each with its fix', () => {
  it('ids that name nothing, overrides, and transcripts without an episode', async () => {
    const dir = await brokenCopy('ids');
    const error = await buildPodcast({ folder: dir, outDir: join(dir, 'db') }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(InputProblems);
    const messages = (error as InputProblems).problems.map((problem) =>
      problem.message.replace(`${dir}/`, ''),
    );
    expect(messages).toEqual([
      expect.stringMatching(
        /^trawl\.config\.json: site\.hostIds: 99 is an unknown presenter id; remove it or add presenter 99/,
      ) as unknown,
      expect.stringMatching(
        /^trawl\.config\.json: episodeTypes "office": venue 77 is an unknown venue id; remove it from the rule or add venue 77/,
      ) as unknown,
      expect.stringMatching(
        /overrides\.json \(episode 1\): presenter1 is 88, an unknown presenter id; add presenter 88/,
      ) as unknown,
      expect.stringMatching(
        /overrides\.json \(episode 999\): overrides episode 999, which is not in the feed; remove the override/,
      ) as unknown,
      expect.stringMatching(
        /transcripts\/77\.json: episode 77 is not in the feed; remove the transcript or pass --ignore-orphan-transcripts/,
      ) as unknown,
      expect.stringMatching(
        /transcripts\/bonus\.json: the file name "bonus" is not an episode number/,
      ) as unknown,
    ]);
  });

  it('every broken transcript, after reading them all', async () => {
    const dir = join(root, 'transcripts');
    await copyFixturePodcast(dir);
    await writeFile(join(dir, 'transcripts', '1.json'), '{"segments": [');
    await writeFile(
      join(dir, 'transcripts', '3.vtt'),
      'WEBVTT\n\n00:00:05.000 --> 00:00:01.000\nBackwards\n',
    );
    const error = await buildPodcast({ folder: dir, outDir: join(dir, 'db') }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(InputProblems);
    const files = (error as InputProblems).problems.map((problem) => problem.location.file);
    expect(files).toEqual([join(dir, 'transcripts', '1.json'), join(dir, 'transcripts', '3.vtt')]);
  });

  it('broken files are all named in one run, and the CLI prints one line each', async () => {
    const dir = join(root, 'files');
    await copyFixturePodcast(dir);
    await writeFile(join(dir, 'trawl.config.json'), '{"site":{"titel":"X"}}');
    await writeFile(
      join(dir, 'presenters.json'),
      JSON.stringify([{ id: 1 }, { id: 2, firstName: 'B', img: 'javascript:alert(1)' }]),
    );
    const failure = await runCli(['build', dir, '--out', join(dir, 'db')], REPO_ROOT);
    expect(failure.code).toBe(1);
    const lines = failure.stderr.trim().split('\n');
    expect(lines[0]).toBe('trawl build failed: 3 problems:');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/trawl\.config\.json: site: unknown key "titel"$/) as unknown,
      expect.stringMatching(/presenters\.json: entry 1: firstName: /) as unknown,
      expect.stringMatching(/presenters\.json: entry 2: img: must be an http\(s\) URL$/) as unknown,
    ]);
  });
});
