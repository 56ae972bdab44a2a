import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT, packageRootFrom } from './package-root.ts';

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.map((folder) => rm(folder, { recursive: true, force: true })));
});

describe('packageRootFrom', () => {
  it('finds the checkout from the sources and from a deeper or shallower bundle folder', () => {
    expect(existsSync(join(PACKAGE_ROOT, 'vite.config.ts'))).toBe(true);
    expect(packageRootFrom(join(PACKAGE_ROOT, 'src/builder/publish'))).toBe(PACKAGE_ROOT);
    expect(packageRootFrom(join(PACKAGE_ROOT, '.trawl/cli'))).toBe(PACKAGE_ROOT);
  });

  it("passes over another package's package.json and a garbled one, and says when there is none", async () => {
    const outside = await mkdtemp(join(tmpdir(), 'package-root-'));
    made.push(outside);
    await mkdir(join(outside, 'a/b'), { recursive: true });
    await writeFile(join(outside, 'a/b/package.json'), '{"name":"other"}');
    await writeFile(join(outside, 'a/package.json'), '{not json');
    expect(() => packageRootFrom(join(outside, 'a/b'))).toThrow(/No package.json of trawl/);
    await writeFile(join(outside, 'package.json'), '{"name":"trawl"}');
    expect(packageRootFrom(join(outside, 'a/b'))).toBe(outside);
  });
});
