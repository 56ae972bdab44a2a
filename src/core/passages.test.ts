import { describe, expect, it } from 'vitest';
import {
  buildPassages,
  joinPassageWords,
  parsePassageBlock,
  passageWords,
  sentenceStartCs,
  sentenceStartWord,
  splitPassages,
} from './passages.ts';
import { findPhraseInWords } from './phrase-match.ts';
import { ENGLISH } from './test-support/analyzers.ts';

/** `w0 w1 … w(n-1)`: one token per word. */
function numbered(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `w${index}`);
}

describe('splitPassages', () => {
  it('has no passages for a transcript without tokens', () => {
    expect(splitPassages([], ENGLISH)).toEqual([]);
    expect(splitPassages(['...', '—', '?'], ENGLISH)).toEqual([]);
  });

  it('keeps a short transcript in one passage', () => {
    expect(splitPassages(numbered(10), ENGLISH)).toEqual([{ firstWord: 0, endWord: 10 }]);
    // Exactly step + overlap tokens still fit in one.
    expect(splitPassages(numbered(64), ENGLISH)).toEqual([{ firstWord: 0, endWord: 64 }]);
  });

  it('overlaps consecutive passages by the overlap and covers every word', () => {
    const spans = splitPassages(numbered(200), ENGLISH, { step: 48, overlap: 16 });
    expect(spans).toEqual([
      { firstWord: 0, endWord: 64 },
      { firstWord: 48, endWord: 112 },
      { firstWord: 96, endWord: 160 },
      { firstWord: 144, endWord: 200 },
    ]);
  });

  it('counts tokens, not words: a two-token word and punctuation-only words', () => {
    // "don't" is two tokens; "—" has none and rides along inside the passage.
    const words = ['a', "don't", '—', 'b', 'c', 'd', 'e'];
    const spans = splitPassages(words, ENGLISH, { step: 2, overlap: 1 });
    // Tokens: a(0) don(1) t(1) b(3) c(4) d(5) e(6) → passages start at tokens 0, 2, 4.
    expect(spans).toEqual([
      { firstWord: 0, endWord: 2 },
      { firstWord: 1, endWord: 5 },
      { firstWord: 4, endWord: 7 },
    ]);
  });

  it('gives leading and trailing punctuation-only words to the first and last passages', () => {
    const words = ['…', ...numbered(70), '.', '!'];
    const spans = splitPassages(words, ENGLISH, { step: 48, overlap: 16 });
    expect(spans[0]?.firstWord).toBe(0);
    expect(spans.at(-1)?.endWord).toBe(words.length);
  });

  it('finds every phrase up to overlap + 1 tokens wholly inside one passage', () => {
    const words = numbered(300);
    const geometry = { step: 48, overlap: 16 };
    const spans = splitPassages(words, ENGLISH, geometry);
    for (let length = 1; length <= geometry.overlap + 1; length += 1) {
      for (let start = 0; start + length <= words.length; start += 1) {
        const inside = spans.some(
          (span) => span.firstWord <= start && start + length <= span.endWord,
        );
        if (!inside) throw new Error(`phrase at ${start} of ${length} tokens is cut`);
      }
    }
  });

  it('rejects a geometry that would never advance', () => {
    expect(() => splitPassages(numbered(5), ENGLISH, { step: 0, overlap: 1 })).toThrow(/geometry/);
  });
});

describe('buildPassages', () => {
  const words = ['Hello', 'there.', 'How', 'are', 'you?', 'Fine,', 'thanks!', 'Ice', 'cream.'];
  const start = words.map((_, index) => index * 100);

  it('stores the words and the sentence starts of each passage', () => {
    const [first, second, third] = buildPassages(words, start, ENGLISH, { step: 3, overlap: 2 });
    expect(first?.span).toEqual({ firstWord: 0, endWord: 5 });
    expect(first?.data).toEqual({ w: 'Hello there. How are you?', s: [0, 0, 2, 200] });
    // Starts mid-sentence: the sentence began at word 2 ('How', 2 s).
    expect(second?.span).toEqual({ firstWord: 3, endWord: 8 });
    expect(second?.data.s).toEqual([-1, 200, 2, 500, 4, 700]);
    expect(third?.data.w).toBe('thanks! Ice cream.');
  });

  it('keeps the tokens of the text it stores', () => {
    for (const { span, data } of buildPassages(words, start, ENGLISH, { step: 3, overlap: 2 })) {
      expect(ENGLISH.tokenize(data.w)).toEqual(
        ENGLISH.tokenize(words.slice(span.firstWord, span.endWord).join(' ')),
      );
      expect(passageWords(data)).toEqual(words.slice(span.firstWord, span.endWord));
    }
  });

  it('answers the sentence start of any word of a passage', () => {
    const second = buildPassages(words, start, ENGLISH, { step: 3, overlap: 2 })[1];
    if (!second) throw new Error('no second passage');
    expect(sentenceStartWord(second.data, 0)).toBe(-1);
    expect(sentenceStartCs(second.data, 0)).toBe(200);
    expect(sentenceStartWord(second.data, 3)).toBe(2);
    expect(sentenceStartCs(second.data, 3)).toBe(500);
    expect(sentenceStartCs(second.data, 4)).toBe(700);
  });
});

describe('passage words', () => {
  it('round-trips words that hold spaces, and searches them the same way', () => {
    const words = ['New York', 'pizza', ''];
    const joined = joinPassageWords(words);
    expect(passageWords({ w: joined, s: [] })).toEqual(['New\u00a0York', 'pizza', '']);
    expect(ENGLISH.tokenize(joined)).toEqual(['new', 'york', 'pizza']);
    expect(findPhraseInWords(passageWords({ w: joined, s: [] }), 'york pizza', ENGLISH).count).toBe(
      1,
    );
  });

  it('reads an empty passage as no words', () => {
    expect(passageWords({ w: '', s: [] })).toEqual([]);
  });
});

describe('parsePassageBlock', () => {
  it('reads stored blocks and refuses anything else', () => {
    expect(parsePassageBlock('[{"w":"a b","s":[0,12],"f":4}]')).toEqual([
      { w: 'a b', s: [0, 12], f: 4 },
    ]);
    expect(parsePassageBlock('[{"w":"a b","s":[0,12]}]')).toBeNull();
    expect(parsePassageBlock('[{"w":3,"s":[],"f":0}]')).toBeNull();
    expect(parsePassageBlock('[{"w":"a","s":[],"f":-1}]')).toBeNull();
    expect(parsePassageBlock('not json')).toBeNull();
  });
});
