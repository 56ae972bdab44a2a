import { describe, expect, it } from 'vitest';
import type { TranscriptBlob } from '../../../core/db-schema.ts';
import { buildTranscriptModel } from '../../../core/transcript-model.ts';
import { blockOfWord, blocksOf, plainBlockHtml } from './transcript-blocks.tsx';

function modelOf(words: string[], speaker?: number[]) {
  const blob: TranscriptBlob = {
    v: 1,
    words,
    start: words.map((_, i) => i * 100),
    end: words.map((_, i) => i * 100 + 80),
    prob: words.map(() => -1),
    ...(speaker ? { speaker, speakerNames: ['<b>Ann</b>', 'Bo'] } : {}),
  };
  return buildTranscriptModel(blob, { timestampEvery: 100, lowConfidence: 0 });
}

describe('blocksOf', () => {
  it('cuts whole paragraphs into blocks of at least the size, covering every word once', () => {
    const model = modelOf(Array.from({ length: 1_050 }, (_, i) => (i % 10 === 9 ? 'w.' : 'w')));
    const blocks = blocksOf(model, 300);
    expect(blocks.map((block) => [block.start, block.end])).toEqual([
      [0, 300],
      [300, 600],
      [600, 900],
      [900, 1_050],
    ]);
    expect(blockOfWord(blocks, 0)).toBe(0);
    expect(blockOfWord(blocks, 299)).toBe(0);
    expect(blockOfWord(blocks, 300)).toBe(1);
    expect(blockOfWord(blocks, 1_049)).toBe(3);
  });
});

describe('plainBlockHtml', () => {
  it('writes words and speaker names as text, never as markup', () => {
    const model = modelOf(['<img', 'src=x', 'onerror=alert(1)>', '&amp;'], [0, 0, 1, 1]);
    const [block] = blocksOf(model, 10);
    if (!block) throw new Error('no block');
    const html = plainBlockHtml(model, block);
    const host = document.createElement('div');
    host.innerHTML = html;
    expect(host.querySelector('img, b')).toBeNull();
    expect(host.textContent).toBe('<b>Ann</b> <img src=xBo onerror=alert(1)> &amp;');
  });
});
