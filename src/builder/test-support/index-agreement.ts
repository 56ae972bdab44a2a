import type Database from 'better-sqlite3';
import { expect } from 'vitest';
import type { Analyzer } from '../../core/analyzer.ts';
import { FTS_COLUMNS } from '../../core/db-schema.ts';
import { decodeTermRow, pairTerm } from '../../core/term-index.ts';
import { ENGLISH } from '../../core/test-support/analyzers.ts';
import { decodeTranscriptBlob } from '../index/transcript-blob.ts';

/** Every stored transcript's words, by episode id. */
function transcriptWords(db: Database.Database): [number, string[]][] {
  const blobs = db.prepare<[], { id: number; data: Buffer }>('SELECT id, data FROM transcripts');
  return blobs.all().map(({ id, data }) => [id, decodeTranscriptBlob(data).words]);
}

/** `term id` for every episode id in the `words` column of every row of a term table. */
function wordsColumnEntries(db: Database.Database, table: string): Map<string, number> {
  const words = FTS_COLUMNS.indexOf('words');
  const found = new Map<string, number>();
  const counted = table === 'search_stems';
  for (const row of db.prepare<[], { data: Buffer }>(`SELECT data FROM ${table}`).all()) {
    for (const entry of decodeTermRow(row.data, { counts: counted })) {
      entry.columns[words]?.forEach((id, at) => {
        found.set(`${entry.term} ${id}`, entry.counts?.[words]?.[at] ?? 1);
      });
    }
  }
  return found;
}

/**
 * The stem index agrees with the site: for every transcript, the stems and counts the site
 * computes from the words (its analyzer, word by word) are exactly the `words` column of
 * `search_stems`, which the builder took from the FTS vocabulary (decisions 0009, 0022).
 */
export function expectStemsAgree(
  db: Database.Database,
  analyzer = ENGLISH,
  atLeast = 10_000,
): void {
  const fromIndex = wordsColumnEntries(db, 'search_stems');
  const fromSite = new Map<string, number>();
  for (const [id, words] of transcriptWords(db)) {
    for (const word of words) {
      for (const token of analyzer.tokenize(word)) {
        const stem = analyzer.stem(token);
        if (!analyzer.inTermTables(token) || !analyzer.inTermTables(stem)) continue;
        const key = `${stem} ${id}`;
        fromSite.set(key, (fromSite.get(key) ?? 0) + 1);
      }
    }
  }
  expect(fromSite.size).toBeGreaterThan(atLeast);
  expect(fromIndex).toEqual(fromSite);
}

/**
 * The pair index agrees with the transcripts: every pair of adjacent tokens of each transcript
 * the term tables hold, by the site's tokenizer, is exactly what the `words` column of
 * `search_pairs` holds, which the builder took from the FTS positions (decision 0015).
 */
export function expectPairsAgree(
  db: Database.Database,
  analyzer = ENGLISH,
  atLeast = 10_000,
): void {
  const fromIndex = new Set(wordsColumnEntries(db, 'search_pairs').keys());
  const fromSite = new Set<string>();
  for (const [id, words] of transcriptWords(db)) {
    const tokens = words.flatMap(analyzer.tokenize);
    tokens.forEach((token, at) => {
      const next = tokens[at + 1];
      if (next !== undefined && analyzer.inTermTables(token) && analyzer.inTermTables(next)) {
        fromSite.add(`${pairTerm(token, next)} ${id}`);
      }
    });
  }
  expect(fromSite.size).toBeGreaterThan(atLeast);
  expect(fromIndex).toEqual(fromSite);
}

/**
 * The exact-form index agrees with the query: every token the site makes of each transcript
 * word (its analyzer, as a visitor's query would be cut) is in that episode's `words` column of
 * `search_terms`, and the table holds nothing else.
 */
export function expectTermsAgree(db: Database.Database, analyzer: Analyzer, atLeast: number): void {
  const fromIndex = new Set(wordsColumnEntries(db, 'search_terms').keys());
  const fromSite = new Set<string>();
  for (const [id, words] of transcriptWords(db)) {
    for (const token of words.flatMap(analyzer.tokenize)) {
      if (analyzer.inTermTables(token)) fromSite.add(`${token} ${id}`);
    }
  }
  expect(fromSite.size).toBeGreaterThan(atLeast);
  expect(fromIndex).toEqual(fromSite);
}
