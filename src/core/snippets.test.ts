import { describe, expect, it } from 'vitest';
import { buildPassages, type PassageGeometry } from './passages.ts';
import { findPhraseInWords } from './phrase-match.ts';
import {
  buildEpisodeSnippets,
  choosePassages,
  firstFurtherMatchTime,
  findPhraseRanges,
  type EpisodeSnippets,
  type PassageText,
  type Snippet,
} from './snippets.ts';
import { tokenize } from './tokenizer.ts';
import { passageWords } from './passages.ts';

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
  return buildPassages(words, start, geometry).map(({ span, data }, index) => ({
    id: index + 1,
    episodeId: 7,
    firstWord: span.firstWord,
    data,
  }));
}

/** What the snippet index answers: the passages whose tokens hold the phrase. */
function indexMatches(passages: readonly PassageText[], phrase: string): number[] {
  return passages
    .filter((passage) => findPhraseInWords(passageWords(passage.data), phrase).count > 0)
    .map((passage) => passage.id);
}

/** Runs the whole path: index, choose the first passages, cut snippets. */
function snippetsFor(words: readonly string[], phrase: string, geometry = SMALL): EpisodeSnippets {
  const passages = passagesOf(words, geometry);
  const [choice] = choosePassages(
    [{ episodeId: 7, first: 1, count: passages.length }],
    indexMatches(passages, phrase),
  );
  if (!choice) throw new Error('no choice');
  const read = passages.filter((passage) => choice.read.includes(passage.id));
  return buildEpisodeSnippets(7, read, tokenize(phrase), choice.unread);
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
    // Passages 1–6 are read (2–6 follow each other); 7, 9 and 11 match too but are not read.
    expect(more).toEqual({ count: 3, unit: 'passage' });
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

describe('choosePassages', () => {
  it('keeps the first matches of each episode in range order', () => {
    const ranges = [
      { episodeId: 9, first: 21, count: 5 },
      { episodeId: 3, first: 1, count: 10 },
      { episodeId: 4, first: 11, count: 0 },
    ];
    expect(choosePassages(ranges, [8, 2, 3, 22, 9, 5, 2, 99], 3)).toEqual([
      { episodeId: 9, read: [22], unread: 0 },
      // 3 and 9 follow a passage that is read: a match in their overlap would be found twice.
      { episodeId: 3, read: [2, 3, 5, 8, 9], unread: 0 },
      { episodeId: 4, read: [], unread: 0 },
    ]);
  });

  it('reads at most twice the snippets of one episode when every passage matches', () => {
    const [choice] = choosePassages([{ episodeId: 1, first: 1, count: 200 }], range(1, 201));
    expect(choice).toEqual({ episodeId: 1, read: [1, 2, 3, 4, 5, 6], unread: 194 });
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, index) => from + index);
}

describe('findPhraseRanges', () => {
  it('finds a phrase in a title by the index tokens', () => {
    const title = 'The Orchid in Your Ice-Cream';
    const ranges = findPhraseRanges(title, ['ice', 'cream']);
    expect(ranges.map((range) => title.slice(range.start, range.end))).toEqual(['Ice-Cream']);
  });

  it('folds case and diacritics, and merges overlapping matches', () => {
    expect(findPhraseRanges('Réunion!', ['reunion'])).toEqual([{ start: 0, end: 7 }]);
    expect(findPhraseRanges('ha ha ha. Ho ha', ['ha', 'ha'])).toEqual([{ start: 0, end: 8 }]);
  });

  it('finds nothing when nothing matches or there is no phrase', () => {
    expect(findPhraseRanges('Octopus', ['squid'])).toEqual([]);
    expect(findPhraseRanges('Octopus', [])).toEqual([]);
  });
});

describe('firstFurtherMatchTime', () => {
  const words = transcript(600, { 10: 'penguin', 100: 'penguin', 203: 'penguin' });
  const startCs = words.map((_, index) => index * 100);

  it('finds the sentence of the first match no snippet shows', () => {
    const shown = [{ fromWord: 8, toWord: 30 }];
    expect(firstFurtherMatchTime(words, startCs, ['penguin'], shown)).toBe(96);
    shown.push({ fromWord: 96, toWord: 120 });
    expect(firstFurtherMatchTime(words, startCs, ['penguin'], shown)).toBe(200);
  });

  it('is null when every match is shown', () => {
    const shown = [{ fromWord: 0, toWord: 600 }];
    expect(firstFurtherMatchTime(words, startCs, ['penguin'], shown)).toBeNull();
  });
});
