// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkSearchTerm } from '../../core/fts-query.ts';
import { speakerTermRowId } from '../../core/speech.ts';
import { termRowId } from '../../core/term-index.ts';
import { loadShowSpeakers } from './queries.ts';
import { SPEECH_MATCH_SQL, saidByEpisodes, speakerTermsSql } from './speech-queries.ts';
import { fixtureDatabaseForFile } from './test-support/fixture-database.ts';
import { getTranscript } from './transcript-queries.ts';
import { ENGLISH } from '../../core/test-support/analyzers.ts';

// The builder's fixture podcast: episode 2 (id 2) Cleo Hart and 'Speaker 1', episode 3 (id 3)
// Anna Smith and Dev Patel, episode 15 (id 7) Bram J. Okafor then Ada Fairweather, and 'Anna'
// in episode 1 (id 1).
const fixture = fixtureDatabaseForFile();

async function saidBy(term: string, names: string[]): Promise<number[]> {
  const speakers = await loadShowSpeakers(fixture.database);
  const ids = names.map((name) => speakers.find((speaker) => speaker.name === name)?.id ?? -1);
  const check = checkSearchTerm(term, 1, ENGLISH);
  if (check.kind !== 'search') throw new Error(term);
  const { ids: found } = await saidByEpisodes(fixture.database, check.parsed, ids);
  return [...found].sort((a, b) => a - b);
}

describe("'said by' searches", () => {
  it('lists the show’s named speakers, never Speaker N', async () => {
    expect((await loadShowSpeakers(fixture.database)).map((speaker) => speaker.name)).toEqual([
      'Anna',
      'Cleo Hart',
      'Anna Smith',
      'Dev Patel',
      'Bram J. Okafor',
      'Ada Fairweather',
    ]);
  });

  it('finds a word only where a chosen speaker said it', async () => {
    // 'costs' is said by Speaker 1 in episode 2, never by Cleo Hart.
    expect(await saidBy('costs', ['Cleo Hart'])).toEqual([]);
    expect(await saidBy('founded', ['Cleo Hart'])).toEqual([2]);
    expect(await saidBy('founded', ['Anna', 'Dev Patel'])).toEqual([]);
    expect(await saidBy('octopuses', ['Anna'])).toEqual([1]);
    // 'Welcome to the show' is said with no speaker: nobody can be chosen for it.
    expect(await saidBy('welcome', ['Anna', 'Cleo Hart', 'Anna Smith'])).toEqual([]);
  });

  it('finds phrases inside one turn, never across a change of speaker', async () => {
    expect(await saidBy('"three hearts"', ['Anna'])).toEqual([1]);
    expect(await saidBy('"three hearts"', ['Cleo Hart'])).toEqual([]);
    // 'really. It' spans SPEAKER_00's last word and SPEAKER_01's first.
    expect(await saidBy('"really it"', ['Cleo Hart'])).toEqual([]);
  });

  it('agrees with the transcripts for every token and every speaker', async () => {
    const speakers = await loadShowSpeakers(fixture.database);
    const expected = new Map<string, Set<number>>();
    const tokens = new Set<string>();
    for (const id of [1, 2, 3, 4, 6, 7]) {
      const blob = await getTranscript(fixture.database, id);
      blob.words.forEach((word, index) => {
        const speaker = blob.speakerIds?.[blob.speaker?.[index] ?? -1] ?? 0;
        for (const token of ENGLISH.tokenize(word)) {
          tokens.add(token);
          if (speaker <= 0) continue;
          const key = `${token}/${speaker}`;
          expected.set(key, (expected.get(key) ?? new Set()).add(id));
        }
      });
    }
    expect(tokens.size).toBeGreaterThan(40);
    for (const token of tokens) {
      for (const speaker of speakers) {
        const { ids: found } = await saidByEpisodes(
          fixture.database,
          { parts: [{ kind: 'phrase', tokens: [token] }], analyzer: ENGLISH },
          [speaker.id],
        );
        expect([...found], `${token} said by ${speaker.name}`).toEqual([
          ...(expected.get(`${token}/${speaker.id}`) ?? []),
        ]);
      }
    }
  });

  it('reads a single word by primary key and a phrase from the FTS index', () => {
    const plan = (sql: string, params: unknown[]) =>
      fixture.sqlite
        .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...params)
        .map((row) => row.detail);
    const hash = termRowId('the');
    const rows = plan(speakerTermsSql(2), [
      1,
      speakerTermRowId(hash, 1),
      speakerTermRowId(hash, 2),
    ]);
    // Every segment's rows (decision 0059): seeks by rowid, never a scan or a sort.
    expect(rows).toContain('SEARCH speaker_terms USING INTEGER PRIMARY KEY (rowid=?)');
    expect(rows.join('\n')).not.toMatch(/SCAN speaker_terms|TEMP B-TREE/);
    expect(plan(SPEECH_MATCH_SQL, ['words:"x"'])).toEqual([
      expect.stringMatching(/^SCAN speech_fts VIRTUAL TABLE INDEX/),
    ]);
  });
});
