import { describe, expect, it } from 'vitest';
import {
  buildFtsQuery,
  checkSearchTerm,
  normaliseFields,
  quoteFtsString,
  termProblem,
} from './fts-query.ts';
import { ENGLISH } from './test-support/analyzers.ts';

const ALL = ['title', 'description', 'words', 'episode'] as const;

describe('checkSearchTerm', () => {
  it('clears on an empty or blank term', () => {
    expect(checkSearchTerm('', 3, ENGLISH)).toEqual({ kind: 'empty' });
    expect(checkSearchTerm('   \t ', 3, ENGLISH)).toEqual({ kind: 'empty' });
  });

  it('ignores 1 or 2 characters after trimming', () => {
    expect(checkSearchTerm(' a ', 3, ENGLISH)).toEqual({
      kind: 'too-short',
      term: 'a',
      minLength: 3,
    });
    expect(checkSearchTerm('ab', 3, ENGLISH).kind).toBe('too-short');
    expect(checkSearchTerm('🐟🐟', 3, ENGLISH).kind).toBe('too-short');
  });

  it('applies 3 or more characters', () => {
    expect(checkSearchTerm('  cats ', 3, ENGLISH)).toEqual({
      kind: 'search',
      term: 'cats',
      tokens: ['cats'],
      parsed: {
        parts: [{ kind: 'word', token: 'cats', stem: 'cat', prefix: true }],
        analyzer: ENGLISH,
      },
    });
    expect(checkSearchTerm("Don't Panic", 3, ENGLISH)).toEqual({
      kind: 'search',
      term: "Don't Panic",
      tokens: ['don', 't', 'panic'],
      parsed: {
        parts: [
          { kind: 'phrase', tokens: ['don', 't'] },
          { kind: 'word', token: 'panic', stem: 'panic', prefix: true },
        ],
        analyzer: ENGLISH,
      },
    });
  });

  it('honours another minimum length', () => {
    expect(checkSearchTerm('ab', 2, ENGLISH).kind).toBe('search');
    expect(checkSearchTerm('abcd', 5, ENGLISH).kind).toBe('too-short');
  });

  it('reports a term with nothing to search for', () => {
    expect(checkSearchTerm('!!!', 3, ENGLISH)).toEqual({ kind: 'no-tokens', term: '!!!' });
    expect(checkSearchTerm('🐟🐟🐟', 3, ENGLISH).kind).toBe('no-tokens');
    expect(checkSearchTerm('" * -', 3, ENGLISH).kind).toBe('no-tokens');
  });

  it('explains why a term is not searched', () => {
    expect(termProblem(checkSearchTerm('ab', 3, ENGLISH))).toBe(
      'Type at least 3 characters to search.',
    );
    expect(termProblem(checkSearchTerm('???', 3, ENGLISH))).toBe(
      '“???” has no words or numbers to search for.',
    );
    expect(termProblem(checkSearchTerm('cat', 3, ENGLISH))).toBeNull();
    expect(termProblem(checkSearchTerm('', 3, ENGLISH))).toBeNull();
  });
});

describe('buildFtsQuery', () => {
  const tokensOf = (term: string): string[] => {
    const check = checkSearchTerm(term, 3, ENGLISH);
    return check.kind === 'search' ? check.tokens : [];
  };

  it('searches every checked field for a single token', () => {
    expect(buildFtsQuery(['cat'], ALL)).toEqual({
      match: 'title:"cat" OR description:"cat" OR words:"cat" OR episode:"cat"',
      sql: 'SELECT rowid FROM words_fts WHERE words_fts MATCH ?',
    });
  });

  it('builds a phrase for several tokens', () => {
    expect(buildFtsQuery(tokensOf('ice-cream'), ['words'])).toEqual({
      match: 'words:"ice cream"',
      sql: 'SELECT rowid FROM words_fts WHERE words_fts MATCH ?',
    });
  });

  it('uses only the checked fields, in table order', () => {
    expect(buildFtsQuery(['cat'], ['episode', 'title'])?.match).toBe(
      'title:"cat" OR episode:"cat"',
    );
    expect(normaliseFields(['words', 'title', 'words'])).toEqual(['title', 'words']);
  });

  it('gives no query without a checked field or a token', () => {
    expect(buildFtsQuery(['cat'], [])).toBeNull();
    expect(buildFtsQuery([], ALL)).toBeNull();
  });

  it('turns operators and punctuation into plain words', () => {
    expect(buildFtsQuery(tokensOf('cats AND dogs'), ['title'])?.match).toBe(
      'title:"cats and dogs"',
    );
    expect(buildFtsQuery(tokensOf('NEAR(a b)'), ['title'])?.match).toBe('title:"near a b"');
    expect(buildFtsQuery(tokensOf('fish*'), ['title'])?.match).toBe('title:"fish"');
    expect(buildFtsQuery(tokensOf('-fish'), ['title'])?.match).toBe('title:"fish"');
    expect(buildFtsQuery(tokensOf('"quoted" words'), ['title'])?.match).toBe(
      'title:"quoted words"',
    );
    expect(buildFtsQuery(tokensOf("o'clock"), ['title'])?.match).toBe('title:"o clock"');
    expect(buildFtsQuery(tokensOf('(a OR b) NOT c'), ['title'])?.match).toBe(
      'title:"a or b not c"',
    );
  });

  it('keeps non-Latin text, cuts unspaced scripts into words and folds diacritics like the index', () => {
    expect(buildFtsQuery(tokensOf('Ελληνικά'), ['title'])?.match).toBe('title:"ελληνικα"');
    expect(buildFtsQuery(tokensOf('日本語のテキスト'), ['title'])?.match).toBe(
      'title:"日本語 の テキスト"',
    );
    expect(buildFtsQuery(tokensOf('Crème Brûlée'), ['title'])?.match).toBe('title:"creme brulee"');
  });

  it('doubles quotes inside an FTS string', () => {
    expect(quoteFtsString('say "hi"')).toBe('"say ""hi"""');
  });
});
