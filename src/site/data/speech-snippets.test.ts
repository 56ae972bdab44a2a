// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from '../../core/search-query.ts';
import { loadSnippets } from './snippet-queries.ts';
import { fixtureDatabaseForFile } from './test-support/fixture-database.ts';
import { ENGLISH } from '../../core/test-support/analyzers.ts';

// The builder's fixture podcast: in episode 2 (id 2) Cleo Hart (show speaker 2) says
// 'Founded in 1926, really.' and 'Speaker 1' says 'It costs 95% less.'
const fixture = fixtureDatabaseForFile();

async function snippetsOf(token: string, saidBy: number[]) {
  const found = await loadSnippets(
    fixture.database,
    [1, 2, 3, 7],
    parseSearchQuery(token, ENGLISH),
    {
      saidBy,
    },
  );
  return [...found.values()].flatMap((episode) =>
    episode.snippets.map((snippet) => ({
      episode: episode.episodeId,
      speaker: snippet.speaker,
      marked: snippet.parts.filter((part) => part.mark).map((part) => part.text),
    })),
  );
}

describe("snippets of a 'said by' search", () => {
  it('name who said each snippet: a show speaker id, or -N for Speaker N', async () => {
    expect(await snippetsOf('founded', [])).toEqual([
      { episode: 2, speaker: 2, marked: ['Founded'] },
    ]);
    expect(await snippetsOf('costs', [])).toEqual([{ episode: 2, speaker: -1, marked: ['costs'] }]);
  });

  it('show only what the chosen speakers said', async () => {
    expect(await snippetsOf('founded', [2])).toEqual([
      { episode: 2, speaker: 2, marked: ['Founded'] },
    ]);
    expect(await snippetsOf('costs', [2])).toEqual([]);
    expect(await snippetsOf('founded', [5, 6])).toEqual([]);
  });
});
