// @vitest-environment node
// The site's snippet SQL on the fixture database the real builder makes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSearchTerm } from '../../core/fts-query.ts';
import type { ParsedQuery } from '../../core/search-query.ts';
import { ENGLISH } from '../../core/test-support/analyzers.ts';
import type { QueryRunner, SqlValue } from './database-types.ts';
import { loadSnippets } from './snippet-queries.ts';
import { openFixtureDatabase, type FixtureDatabase } from './test-support/fixture-database.ts';

let fixture: FixtureDatabase;

beforeAll(async () => {
  fixture = await openFixtureDatabase();
});

afterAll(async () => {
  await fixture.close();
});

/** The query the site searches for `term` as submitted: its last word is also a prefix. */
function submitted(term: string): ParsedQuery {
  const check = checkSearchTerm(term, 1, ENGLISH);
  if (check.kind !== 'search') throw new Error(`'${term}' is not a search`);
  return check.parsed;
}

/**
 * The distinct FTS5 match strings the snippet load asked `passages_fts` for, in order.
 * `withoutHeads`: as a database built before the ready-made snippets (decision 0082).
 */
function recordingMatches(withoutHeads = false): { runner: QueryRunner; matches: string[] } {
  const matches: string[] = [];
  const runner: QueryRunner = {
    query<T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
      if (withoutHeads && sql.includes('snippet_heads')) {
        return fixture.database.query<T>('SELECT * FROM no_such_table_snippet_heads');
      }
      if (/\bpassages_fts MATCH\b/.test(sql)) {
        for (const value of params) {
          if (typeof value === 'string' && !matches.includes(value)) matches.push(value);
        }
      }
      return fixture.database.query<T>(sql, params);
    },
  };
  return { runner, matches };
}

function episodeId(episode: string): number {
  const row = fixture.sqlite
    .prepare<[string], { id: number }>('SELECT id FROM episodes WHERE episode = ?')
    .get(episode);
  if (!row) throw new Error(`no episode ${episode}`);
  return row.id;
}

function shown(found: Awaited<ReturnType<typeof loadSnippets>>, id: number): string[] {
  return (found.get(id)?.snippets ?? []).map((snippet) =>
    snippet.parts.map((part) => (part.mark ? `[${part.text}]` : part.text)).join(''),
  );
}

describe('snippets of a search whose last word is also a prefix (decision 0055)', () => {
  it('asks the index for the whole word only when it matches every row: no prefix query', async () => {
    const { runner, matches } = recordingMatches(true);
    const ids = ['1', '14.5'].map(episodeId);
    const found = await loadSnippets(runner, ids, submitted('the'));
    expect(matches).toEqual(['"the"']);
    expect(shown(found, ids[0] ?? 0)).toEqual([
      'Welcome to [the] show. Did you know octopuses have three hearts?',
    ]);
    expect(shown(found, ids[1] ?? 0)).toHaveLength(1);
    // With the ready-made snippets of the word's newest transcripts, the index is not asked.
    const ready = recordingMatches();
    const first = await loadSnippets(ready.runner, ids, submitted('the'));
    expect(ready.matches).toEqual([]);
    expect(shown(first, ids[0] ?? 0)).toEqual(shown(found, ids[0] ?? 0));
  });

  it('asks for the prefix in the rows no whole word matched, and shows their snippets', async () => {
    const { runner, matches } = recordingMatches(true);
    const one = episodeId('1');
    const found = await loadSnippets(runner, [one], submitted('octo'));
    expect(matches).toEqual(['"octo"', '"octo" OR "octo"*']);
    // Only the part typed is marked (decision 0072).
    expect(shown(found, one)).toEqual([
      'Welcome to the show. Did you know [octo]puses have three hearts?',
    ]);
    // The ready-made snippets of the word's completions give the same (decision 0087).
    const ready = recordingMatches();
    expect(shown(await loadSnippets(ready.runner, [one], submitted('octo')), one)).toEqual(
      shown(found, one),
    );
    expect(ready.matches).toEqual([]);
  });

  it('reads no prefix for a row another word matched; its passages still mark the prefix', async () => {
    const { runner, matches } = recordingMatches(true);
    const fourteen = episodeId('14.5');
    const found = await loadSnippets(runner, [fourteen], submitted('narwhal tus'));
    expect(matches).toEqual(['"narwhal" OR "tus"']);
    expect(shown(found, fourteen)).toEqual([
      'The [narwhal] [tus]k is a tooth. We ate ice cream on stage.',
    ]);
    // The other word's ready-made snippets give the same, marked alike (decision 0087).
    const ready = recordingMatches();
    expect(
      shown(await loadSnippets(ready.runner, [fourteen], submitted('narwhal tus')), fourteen),
    ).toEqual(shown(found, fourteen));
    expect(ready.matches).toEqual([]);
  });
});
