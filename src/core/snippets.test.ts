import { describe, expect, it } from 'vitest';
import { PASSAGE_BLOCK_SIZE } from './db-schema.ts';
import { buildPassages, passageWords, type PassageGeometry } from './passages.ts';
import { findPhraseInWords } from './phrase-match.ts';
import {
  buildEpisodeSnippets,
  chooseBlocks,
  firstFurtherMatchTime,
  type EpisodeSnippets,
  type PassageText,
  type Snippet,
} from './snippets.ts';
import { phraseQuery } from './search-query.ts';
import { ENGLISH } from './test-support/analyzers.ts';

const SMALL: PassageGeometry = { step: 48, overlap: 16 };

/** Filler words w0…: one token each; every 8th ends a sentence. Word i starts at i seconds. */
function transcript(count: number, insert: Record<number, string> = {}): string[] {
  return Array.from({ length: count }, (_, index) => {
    const word = insert[index] ?? `w${index}`;
    return index % 8 === 7 ? `${word}.` : word;
  });
}

/** Passages as the builder stores them, with ids from 1. */
function passagesOf(words: readonly string[], geometry = SMALL): PassageText[] {
  const start = words.map((_, index) => index * 100);
  return buildPassages(words, start, ENGLISH, geometry).map(({ span, data }, index) => ({
    id: index + 1,
    episodeId: 7,
    firstWord: span.firstWord,
    data,
  }));
}

/** What the snippet index answers: the passages whose tokens hold the phrase. */
function indexMatches(passages: readonly PassageText[], phrase: string): number[] {
  return passages
    .filter((passage) => findPhraseInWords(passageWords(passage.data), phrase, ENGLISH).count > 0)
    .map((passage) => passage.id);
}

/** Runs the whole path: index, choose the blocks to read, cut snippets. */
function snippetsFor(words: readonly string[], phrase: string, geometry = SMALL): EpisodeSnippets {
  const passages = passagesOf(words, geometry);
  const [choice] = chooseBlocks(
    [{ episodeId: 7, first: 1, count: passages.length }],
    indexMatches(passages, phrase),
    { blockSize: PASSAGE_BLOCK_SIZE },
  );
  if (!choice) throw new Error('no choice');
  const read = passages.filter((passage) => choice.read.includes(passage.id));
  return buildEpisodeSnippets(
    7,
    read,
    phraseQuery(ENGLISH.tokenize(phrase), ENGLISH),
    choice.unread,
  );
}

function text(snippet: Snippet | undefined): string {
  return (snippet?.parts ?? []).map((part) => (part.mark ? `[${part.text}]` : part.text)).join('');
}

describe('buildEpisodeSnippets', () => {
  it('shows a match at the very start of a transcript from its first word', () => {
    const words = transcript(200, { 0: 'Ice', 1: 'cream' });
    const { snippets, more } = snippetsFor(words, 'ice cream');
    expect(snippets).toHaveLength(1);
    expect(snippets[0]).toMatchObject({ matchWord: 0, time: 0, cutBefore: false });
    expect(text(snippets[0])).toMatch(/^\[Ice cream\] w2 w3 w4 w5 w6 w7\. /);
    expect(more).toBeNull();
  });

  it('shows a match at the very end of a transcript with the words before it', () => {
    const words = transcript(200, { 198: 'ice', 199: 'cream' });
    const { snippets } = snippetsFor(words, 'ice cream');
    expect(snippets).toHaveLength(1);
    const snippet = snippets[0];
    expect(text(snippet)).toMatch(/w197 \[ice cream\.\]$/);
    expect(text(snippet).split(' ')).toHaveLength(20);
    expect(snippet?.cutAfter).toBe(false);
    // Its sentence starts at word 192.
    expect(snippet?.time).toBe(192);
  });

  it('finds a phrase that crosses a passage boundary, once', () => {
    // Passage 1 owns tokens 0–47 and also holds 48–63; passage 2 starts at 48.
    const words = transcript(200, { 45: 'as', 46: 'a', 47: 'matter', 48: 'of', 49: 'fact' });
    const passages = passagesOf(words);
    expect(indexMatches(passages, 'as a matter of fact')).toEqual([1]);
    const { snippets, more } = snippetsFor(words, 'as a matter of fact');
    expect(snippets.map((snippet) => snippet.matchWord)).toEqual([45]);
    expect(text(snippets[0])).toContain('[as a matter. of fact]');
    expect(more).toBeNull();
  });

  it('counts a match inside an overlap once', () => {
    // Words 50–51 lie in passage 1's overlap and in passage 2: both passages match.
    const words = transcript(200, { 50: 'ice', 51: 'cream' });
    expect(indexMatches(passagesOf(words), 'ice cream')).toEqual([1, 2]);
    const { snippets, more } = snippetsFor(words, 'ice cream');
    expect(snippets.map((snippet) => snippet.matchWord)).toEqual([50]);
    expect(more).toBeNull();
  });

  it('marks overlapping matches together and counts each', () => {
    const words = transcript(200, { 100: 'ha', 101: 'ha', 102: 'ha' });
    const { snippets, more } = snippetsFor(words, 'ha ha');
    expect(snippets).toHaveLength(1);
    expect(text(snippets[0])).toContain('[ha ha ha]');
    expect(more).toBeNull();
  });

  it('matches across punctuation-only words and marks them', () => {
    const words = transcript(60, { 20: 'ice', 21: '—', 22: 'cream!' });
    const { snippets } = snippetsFor(words, 'ice cream');
    expect(text(snippets[0])).toContain('[ice — cream!]');
  });

  it('shows at most three and counts the unread passages', () => {
    const insert: Record<number, string> = {};
    for (const at of [10, 100, 200, 300, 400, 500]) insert[at] = 'penguin';
    const { snippets, more } = snippetsFor(transcript(600, insert), 'penguin');
    expect(snippets.map((snippet) => snippet.matchWord)).toEqual([10, 100, 200]);
    // The first block (passages 1–6, words 0–303) holds four matches, enough: 300 is read but
    // not shown, and the later blocks' matching passages are not read; both count.
    expect(more).toEqual({ count: 4, unit: 'passage' });
  });

  it('counts further matches exactly when every matching passage was read', () => {
    const insert = { 10: 'penguin', 14: 'penguin', 40: 'penguin', 70: 'penguin', 100: 'penguin' };
    const { snippets, more } = snippetsFor(transcript(600, insert), 'penguin');
    // 10 and 14 share a snippet; 100 is in passages 2 and 3, both read, and is not shown.
    expect(snippets.map((snippet) => snippet.matchWord)).toEqual([10, 40, 70]);
    expect(text(snippets[0])).toContain('[penguin] w11 w12 w13 [penguin]');
    expect(more).toEqual({ count: 1, unit: 'match' });
  });

  it('starts a snippet where the one before it ended instead of repeating words', () => {
    const words = Array.from({ length: 200 }, (_, index) =>
      index === 80 || index === 95 ? 'eureka' : `w${index}`,
    );
    const { snippets } = snippetsFor(words, 'eureka');
    // The second window would start at 89, inside the first (74–94): it starts at 94 instead,
    // and runs to the end of its passage (48–112).
    expect(snippets.map((snippet) => [snippet.fromWord, snippet.toWord])).toEqual([
      [74, 94],
      [94, 112],
    ]);
    expect(text(snippets[1])).toMatch(/^w94 \[eureka\] w96/);
    expect(snippets[1]?.cutBefore).toBe(true);
  });

  it('gives the time of the sentence the match is in', () => {
    const words = transcript(200, { 37: 'eureka' });
    const [snippet] = snippetsFor(words, 'eureka').snippets;
    expect(snippet?.time).toBe(32);
    expect(snippet?.cutBefore).toBe(false);
    expect(text(snippet)).toMatch(/^w32 w33 w34 w35 w36 \[eureka\]/);
  });

  it('cuts a long sentence a few words before the match', () => {
    const words = Array.from({ length: 200 }, (_, index) =>
      index === 80 ? 'eureka' : `w${index}`,
    );
    const [snippet] = snippetsFor(words, 'eureka').snippets;
    expect(snippet?.time).toBe(0);
    expect(snippet?.cutBefore).toBe(true);
    expect(snippet?.cutAfter).toBe(true);
    expect(text(snippet)).toMatch(/^w74 w75 w76 w77 w78 w79 \[eureka\]/);
  });

  it('has no snippets when nothing matches', () => {
    expect(snippetsFor(transcript(100), 'penguin')).toEqual({
      episodeId: 7,
      snippets: [],
      more: null,
    });
  });
});

describe('chooseBlocks', () => {
  it('reads the blocks with matches, in range order, and counts the rest as unread', () => {
    const ranges = [
      { episodeId: 9, first: 21, count: 5 },
      { episodeId: 3, first: 1, count: 10 },
      { episodeId: 4, first: 11, count: 0 },
    ];
    expect(chooseBlocks(ranges, [8, 2, 3, 22, 9, 5, 2, 99], { blockSize: 4 })).toEqual([
      { episodeId: 9, ordinals: [0], read: [22], unread: 0 },
      // Blocks 0 (1–4) and 1 (5–8) of episode 3: block 1 fills it to three; 9 (block 2) is left.
      { episodeId: 3, ordinals: [0, 1], read: [2, 3, 5, 8], unread: 1 },
      { episodeId: 4, ordinals: [], read: [], unread: 0 },
    ]);
  });

  it('reads only the first block of a word that matches everywhere', () => {
    const ranges = [1, 2, 3].map((episodeId) => ({
      episodeId,
      first: episodeId * 100,
      count: 40,
    }));
    const all = ranges.flatMap((episode) => range(episode.first, episode.first + episode.count));
    const choices = chooseBlocks(ranges, all, { blockSize: 6 });
    expect(choices.map((choice) => choice.ordinals)).toEqual([[0], [0], [0]]);
    expect(choices.map((choice) => choice.unread)).toEqual([34, 34, 34]);
  });

  it('counts a run of matching passages as at least half its length in matches', () => {
    // Every passage but the third of each block matches: block 0 holds runs of 2 and 3, at
    // least 1 + 2 distinct matches, enough for three snippets without reading block 1.
    const ids = range(1, 25).filter((id) => id % 6 !== 3);
    const [choice] = chooseBlocks([{ episodeId: 1, first: 1, count: 24 }], ids, {
      blockSize: 6,
    });
    expect(choice?.ordinals).toEqual([0]);
    expect(choice?.read).toEqual([1, 2, 4, 5, 6]);
  });

  it('gives every episode a block with a match, sharing ordinals across episodes', () => {
    // Block size 10. Episode 1 matches in blocks 2 and 7, episode 2 in 7 and 9, episode 3 in 4
    // and 7, episode 4 only in 5.
    const ranges = [1, 2, 3, 4].map((episodeId) => ({
      episodeId,
      first: episodeId * 1000,
      count: 100,
    }));
    const at = (episodeId: number, ...blocks: number[]): number[] =>
      blocks.map((block) => episodeId * 1000 + block * 10 + 3);
    const choices = chooseBlocks(
      ranges,
      [...at(1, 2, 7), ...at(2, 7, 9), ...at(3, 4, 7), ...at(4, 5)],
      { blockSize: 10, maxOrdinals: 2 },
    );
    // 7 covers three episodes, 5 the fourth; that is the two ordinals, so no more.
    expect(choices.map((choice) => choice.ordinals)).toEqual([[7], [7], [7], [5]]);
    expect(choices.map((choice) => choice.unread)).toEqual([1, 1, 1, 0]);
  });

  it('covers every episode even past maxOrdinals, then fills no further', () => {
    const ranges = [1, 2, 3].map((episodeId) => ({ episodeId, first: episodeId * 100, count: 50 }));
    const choices = chooseBlocks(ranges, [101, 125, 212, 248, 333], {
      blockSize: 10,
      maxOrdinals: 1,
    });
    expect(choices.map((choice) => choice.ordinals)).toEqual([[0], [1], [3]]);
    expect(choices.map((choice) => choice.read)).toEqual([[101], [212], [333]]);
  });

  it('reads a covering ordinal only between the episodes it was chosen for', () => {
    // The scale corpus's "ice cream": episode 594 matches in blocks 1 and 11; block 1 covers
    // it (with 600 and 595), block 11 is chosen for 597 alone. Rows 594 and 597 of block 11 lay
    // on two pages: reading 594's was a request for a second snippet in a row that had one.
    const ids = [600, 597, 595, 594];
    const ranges = ids.map((episodeId) => ({ episodeId, first: episodeId * 100, count: 90 }));
    const at = (episodeId: number, ...blocks: number[]): number[] =>
      blocks.map((block) => episodeId * 100 + block * 6 + 2);
    const choices = chooseBlocks(
      ranges,
      [...at(600, 1), ...at(597, 11), ...at(595, 1, 9), ...at(594, 1, 11)],
      {
        blockSize: 6,
        maxOrdinals: 2,
      },
    );
    expect(choices.map((choice) => choice.ordinals)).toEqual([[1], [11], [1], [1]]);
    expect(choices.map((choice) => choice.unread)).toEqual([0, 0, 1, 1]);
  });

  it('reads a covering ordinal for an episode between those it was chosen for', () => {
    const ranges = [1, 2, 3, 4, 5].map((episodeId) => ({
      episodeId,
      first: episodeId * 100,
      count: 60,
    }));
    // Block 0 covers 1, 2 and 4; block 2 then covers 3 and 5. Episode 4 matches in block 2
    // too, and its row lies between theirs, on the pages read anyway.
    const choices = chooseBlocks(ranges, [101, 201, 322, 401, 422, 522], {
      blockSize: 10,
      maxOrdinals: 1,
    });
    expect(choices.map((choice) => choice.ordinals)).toEqual([[0], [0], [2], [0, 2], [2]]);
  });

  it('fills episodes short of snippets with the ordinal that adds most', () => {
    const ranges = [1, 2].map((episodeId) => ({ episodeId, first: episodeId * 100, count: 60 }));
    // Both match in block 0 once; block 4 has two more for each, block 2 one more for one.
    const choices = chooseBlocks(ranges, [101, 122, 141, 142, 201, 241, 243], {
      blockSize: 10,
      maxOrdinals: 2,
    });
    expect(choices.map((choice) => choice.ordinals)).toEqual([
      [0, 4],
      [0, 4],
    ]);
    expect(choices.map((choice) => choice.unread)).toEqual([1, 0]);
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, index) => from + index);
}

describe('firstFurtherMatchTime', () => {
  const words = transcript(600, { 10: 'penguin', 100: 'penguin', 203: 'penguin' });
  const startCs = words.map((_, index) => index * 100);

  it('finds the sentence of the first match no snippet shows', () => {
    const shown = [{ fromWord: 8, toWord: 30 }];
    expect(firstFurtherMatchTime(words, startCs, phraseQuery(['penguin'], ENGLISH), shown)).toBe(
      96,
    );
    shown.push({ fromWord: 96, toWord: 120 });
    expect(firstFurtherMatchTime(words, startCs, phraseQuery(['penguin'], ENGLISH), shown)).toBe(
      200,
    );
  });

  it('is null when every match is shown', () => {
    const shown = [{ fromWord: 0, toWord: 600 }];
    expect(
      firstFurtherMatchTime(words, startCs, phraseQuery(['penguin'], ENGLISH), shown),
    ).toBeNull();
  });
});
