import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WarningCollector } from '../warnings.ts';
import { applyCorrections, MAX_CORRECTIONS_BYTES, readCorrections } from './corrections.ts';
import type { ParsedTranscript } from './transcripts/word-collector.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-corrections-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function transcript(): ParsedTranscript {
  const words = ['Penguin', 'swim', 'fast.', 'Yes.'];
  return {
    format: 'whisper',
    timing: 'exact',
    words,
    start: [10, 10.5, 11, 12],
    end: [10.4, 10.9, 11.6, 12.5],
    prob: [0.4, 0.9, 0.9, 0.9],
    speaker: [0, 0, 0, 1],
    speakerNames: ['Anna', 'Ben'],
    interpolated: 0,
    dropped: 0,
  };
}

function examples(warnings: WarningCollector): string[] {
  return warnings.summary().flatMap((kind) => kind.examples);
}

async function podcastWith(name: string, files: Record<string, string>): Promise<string> {
  const folder = join(root, name);
  await mkdir(join(folder, 'corrections'), { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    await writeFile(join(folder, 'corrections', file), text);
  }
  return folder;
}

describe('applyCorrections', () => {
  it('replaces the words in a range, sharing their time and keeping the speaker', () => {
    const warnings = new WarningCollector();
    const fixed = applyCorrections(
      transcript(),
      {
        file: '/p/corrections/7.json',
        corrections: [{ start: 10, end: 11, from: 'penguin swim', to: 'Penguins do swim' }],
      },
      warnings,
    );
    expect(fixed.words).toEqual(['Penguins', 'do', 'swim', 'fast.', 'Yes.']);
    expect(fixed.start.slice(0, 3)).toEqual([10, 10 + 0.3, 10 + 0.6]);
    expect(fixed.end[2]).toBeCloseTo(10.9);
    expect(fixed.prob.slice(0, 4)).toEqual([-1, -1, -1, 0.9]);
    expect(fixed.speaker).toEqual([0, 0, 0, 0, 1]);
  });

  it('warns, naming the file, when the range no longer holds the words it expects', () => {
    const warnings = new WarningCollector();
    const before = transcript();
    const fixed = applyCorrections(
      before,
      {
        file: '/p/corrections/7.json',
        corrections: [
          { start: 10, end: 11, from: 'walruses swim', to: 'x' },
          { start: 30, end: 31, from: 'gone', to: 'y' },
        ],
      },
      warnings,
    );
    expect(fixed.words).toEqual(before.words);
    expect(examples(warnings)).toEqual([
      '/p/corrections/7.json: correction 1 (0:10–0:11): expects "walruses swim", the transcript says "Penguin swim"',
      '/p/corrections/7.json: correction 2 (0:30–0:31): expects "gone", the transcript says ""',
    ]);
  });
});

describe('readCorrections', () => {
  it('reads a file per episode, with times in seconds or clock times', async () => {
    const folder = await podcastWith('good', {
      '7.json': JSON.stringify({
        corrections: [{ start: '0:10', end: 11, from: 'penguin swim', to: 'penguins swim' }],
      }),
    });
    const warnings = new WarningCollector();
    const found = await readCorrections(folder, new Set(['7']), warnings);
    expect(found.get('7')?.corrections).toEqual([
      { start: 10, end: 11, from: 'penguin swim', to: 'penguins swim' },
    ]);
    expect(examples(warnings)).toEqual([]);
  });

  it('leaves out, with a warning naming it, a bad or huge file', async () => {
    const folder = await podcastWith('bad', {
      '1.json': '{"corrections": [',
      '2.json': JSON.stringify({ corrections: [{ start: 5, end: 2, from: 'a', to: 'b' }] }),
      '3.json': ' '.repeat(MAX_CORRECTIONS_BYTES + 1),
    });
    const warnings = new WarningCollector();
    const found = await readCorrections(folder, new Set(['1', '2', '3']), warnings);
    expect(found.size).toBe(0);
    expect(examples(warnings).map((line) => line.replace(`${folder}/`, ''))).toEqual([
      expect.stringMatching(/^corrections\/1\.json: is not valid JSON/),
      expect.stringMatching(/^corrections\/2\.json: .*end must be after start/),
      `corrections/3.json: is ${MAX_CORRECTIONS_BYTES + 1} bytes; a corrections file may hold at most ${MAX_CORRECTIONS_BYTES}`,
    ]);
  });

  it('never follows a link, and names a file for no episode', async () => {
    const folder = await podcastWith('linked-file', {
      '99.json': JSON.stringify({ corrections: [] }),
    });
    await writeFile(join(root, 'secret.json'), JSON.stringify({ corrections: [] }));
    await symlink(join(root, 'secret.json'), join(folder, 'corrections', '4.json'));
    const warnings = new WarningCollector();
    expect((await readCorrections(folder, new Set(['4']), warnings)).size).toBe(0);
    expect(examples(warnings).map((line) => line.replace(`${folder}/`, ''))).toEqual([
      'corrections/4.json: is not a regular file (a link?)',
      'corrections/99.json: the feed has no episode 99',
    ]);
  });

  it('ignores a corrections folder that is a link', async () => {
    const folder = join(root, 'linked');
    await mkdir(folder, { recursive: true });
    await mkdir(join(root, 'elsewhere'), { recursive: true });
    await writeFile(join(root, 'elsewhere', '1.json'), JSON.stringify({ corrections: [] }));
    await symlink(join(root, 'elsewhere'), join(folder, 'corrections'));
    const warnings = new WarningCollector();
    expect((await readCorrections(folder, new Set(['1']), warnings)).size).toBe(0);
    expect(examples(warnings)[0]).toMatch(/corrections: is not a folder/);
  });
});
