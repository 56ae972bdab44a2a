import { describe, expect, it } from 'vitest';
import type { TranscriptBlob } from './db-schema.ts';
import { quoteClipboardText, quoteOf } from './quote.ts';
import { buildTranscriptModel } from './transcript-model.ts';

function model(speakers: boolean) {
  const words = ['Hello', 'there.', 'Penguins', 'swim', 'fast.'];
  const blob: TranscriptBlob = {
    v: 1,
    words,
    start: [0, 100, 61_000, 61_100, 61_200],
    end: [80, 180, 61_080, 61_180, 61_290],
    prob: words.map(() => 95),
    ...(speakers ? { speaker: [0, 0, 1, 1, 1], speakerNames: ['Anna', 'Ben'] } : {}),
  };
  return buildTranscriptModel(blob, { timestampEvery: 200, lowConfidence: 0.5 });
}

describe('quotes', () => {
  it('takes the words in either order, with the first word’s speaker and the range', () => {
    const quote = quoteOf(model(true), 4, 2);
    expect(quote).toEqual({
      first: 2,
      last: 4,
      text: 'Penguins swim fast.',
      speaker: 'Ben',
      start: 610,
      end: 612.9,
    });
  });

  it('writes the text, who and where, and the link', () => {
    const quote = quoteOf(model(true), 2, 4);
    if (!quote) throw new Error('no quote');
    expect(quoteClipboardText(quote, 'Ice', 'https://example.org/episodes/7?t=610,613')).toBe(
      '“Penguins swim fast.”\n— Ben, Ice, 10:10\nhttps://example.org/episodes/7?t=610,613',
    );
    const anonymous = quoteOf(model(false), 0, 1);
    if (!anonymous) throw new Error('no quote');
    expect(quoteClipboardText(anonymous, 'Ice', 'L')).toBe('“Hello there.”\n— Ice, 0:00\nL');
  });

  it('clamps to the transcript and is null for an empty one', () => {
    expect(quoteOf(model(true), -5, 99)?.text).toBe('Hello there. Penguins swim fast.');
    const empty = buildTranscriptModel(
      { v: 1, words: [], start: [], end: [], prob: [] },
      { timestampEvery: 200, lowConfidence: 0.5 },
    );
    expect(quoteOf(empty, 0, 3)).toBeNull();
  });
});
