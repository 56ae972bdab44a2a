import { describe, expect, it } from 'vitest';
import { findCycles, findZoneViolations, type ImportGraph } from './import-rules.ts';

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe('findZoneViolations', () => {
  it('flags the site importing the builder, and core importing the site', () => {
    const graph = graphOf({
      'src/site/app/app.tsx': ['src/builder/build.ts', 'src/core/format.ts'],
      'src/core/format.ts': ['src/site/shared/spinner.tsx'],
      'src/builder/build.ts': ['src/core/format.ts'],
      'src/site/shared/spinner.tsx': [],
    });
    expect(findZoneViolations(graph)).toEqual([
      {
        file: 'src/site/app/app.tsx',
        imported: 'src/builder/build.ts',
        message: 'the site never imports the builder',
      },
      {
        file: 'src/core/format.ts',
        imported: 'src/site/shared/spinner.tsx',
        message: 'core is shared: it must not import the site',
      },
    ]);
  });

  it('lets a site test build a real database with the builder', () => {
    const graph = graphOf({
      'src/site/data/queries.test.ts': ['src/builder/build.ts'],
      'src/site/data/test-support/fixture-database.ts': ['src/builder/build.ts'],
    });
    expect(findZoneViolations(graph)).toEqual([]);
  });

  it('keeps features apart but lets a feature import its own files', () => {
    const graph = graphOf({
      'src/site/features/player/play-button.tsx': [
        'src/site/features/player/player-provider.tsx',
        'src/site/features/transcript/transcript-view.tsx',
      ],
    });
    expect(findZoneViolations(graph).map((violation) => violation.imported)).toEqual([
      'src/site/features/transcript/transcript-view.tsx',
    ]);
  });

  it('keeps src from importing the demo tools, and the demo from importing the builder', () => {
    const graph = graphOf({
      'src/builder/reliability/search-terms.ts': ['demo/tools/prng.ts'],
      'demo/tools/verify-in-chromium.ts': ['src/builder/serve/serve.ts'],
      'demo/tools/timings.test.ts': ['src/builder/build.ts'],
    });
    expect(findZoneViolations(graph)).toEqual([
      {
        file: 'src/builder/reliability/search-terms.ts',
        imported: 'demo/tools/prng.ts',
        message: 'src never imports the demo: the demo uses src',
      },
      {
        file: 'demo/tools/verify-in-chromium.ts',
        imported: 'src/builder/serve/serve.ts',
        message: 'the demo is a podcast folder: it runs the trawl CLI as a user does',
      },
    ]);
  });

  it("keeps the builder's stages one-way: a stage imports only the stages before it", () => {
    const graph = graphOf({
      'src/builder/read/feed.ts': ['src/builder/publish/publish.ts', 'src/builder/errors.ts'],
      'src/builder/index/write-db.ts': ['src/builder/read/people.ts'],
      'src/builder/publish/prerender.ts': ['src/builder/read/sanitize-html.ts'],
      'src/builder/serve/serve.ts': ['src/builder/read/feed.ts', 'src/builder/publish/publish.ts'],
      'src/builder/deploy/bundle.ts': ['src/builder/index/write-db.ts', 'src/builder/build.ts'],
      'src/builder/build.ts': ['src/builder/commands/cli.ts', 'src/builder/read/feed.ts'],
      'src/builder/commands/build-command.ts': ['src/builder/build.ts'],
      'src/builder/read/feed.test.ts': ['src/builder/publish/publish.ts'],
    });
    expect(findZoneViolations(graph).map(({ file, imported }) => `${file} -> ${imported}`)).toEqual(
      [
        'src/builder/read/feed.ts -> src/builder/publish/publish.ts',
        'src/builder/serve/serve.ts -> src/builder/read/feed.ts',
        'src/builder/deploy/bundle.ts -> src/builder/index/write-db.ts',
        'src/builder/deploy/bundle.ts -> src/builder/build.ts',
        'src/builder/build.ts -> src/builder/commands/cli.ts',
      ],
    );
  });
});

describe('findCycles', () => {
  it('finds a two-file cycle once', () => {
    const graph = graphOf({ 'a.ts': ['b.ts'], 'b.ts': ['a.ts', 'c.ts'], 'c.ts': [] });
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'a.ts']]);
  });

  it('finds a longer cycle and a self-import, and nothing in a tree', () => {
    const graph = graphOf({
      'a.ts': ['b.ts'],
      'b.ts': ['c.ts'],
      'c.ts': ['a.ts'],
      'd.ts': ['d.ts'],
      'e.ts': ['a.ts', 'f.ts'],
      'f.ts': [],
    });
    expect(findCycles(graph)).toEqual([
      ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
      ['d.ts', 'd.ts'],
    ]);
    expect(findCycles(graphOf({ 'e.ts': ['f.ts'], 'f.ts': [] }))).toEqual([]);
  });

  it('walks an import chain far deeper than the call stack', () => {
    const edges: Record<string, string[]> = {};
    for (let i = 0; i < 20_000; i += 1) edges[`m${i}.ts`] = i + 1 < 20_000 ? [`m${i + 1}.ts`] : [];
    expect(findCycles(graphOf(edges))).toEqual([]);
  });
});
