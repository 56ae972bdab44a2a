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

  it('marks the matched words in the text, a run of them in one mark, as a live block does', () => {
    const model = modelOf(['the', 'ice', 'cream', 'van', 'ha', 'ha', 'ha']);
    const [block] = blocksOf(model, 10);
    if (!block) throw new Error('no block');
    const host = document.createElement('div');
    // 'ice cream' is one match; 'ha ha' twice over 'ha ha ha' begins again at word 5.
    host.innerHTML = plainBlockHtml(model, block, {
      matched: new Set([1, 2, 4, 5, 6]),
      runStarts: new Set([1, 4, 5]),
    });
    expect([...host.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'ice cream',
      'ha',
      'ha ha',
    ]);
    expect(host.textContent).toBe('the ice cream van ha ha ha');
  });

  it('marks only the part a prefix matched, inside the word, escaped', () => {
    const model = modelOf(['"<Octopuses>,"', 'octo', 'ink']);
    const [block] = blocksOf(model, 10);
    if (!block) throw new Error('no block');
    const host = document.createElement('div');
    host.innerHTML = plainBlockHtml(model, block, {
      matched: new Set([1]),
      runStarts: new Set([0, 1]),
      parts: new Map([[0, { start: 2, end: 6 }]]),
    });
    expect([...host.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'Octo',
      'octo',
    ]);
    expect(host.querySelector('mark')?.previousSibling?.textContent).toBe('"<');
    expect(host.textContent).toBe('"<Octopuses>," octo ink');
  });

  it('marks words of an unspaced script without adding spaces', () => {
    const model = modelOf(['我们', '的', '教育', '工作']);
    const [block] = blocksOf(model, 10);
    if (!block) throw new Error('no block');
    const host = document.createElement('div');
    host.innerHTML = plainBlockHtml(model, block, { matched: new Set([2]), runStarts: null });
    expect(host.textContent).toBe('我们的教育工作');
    expect(host.querySelector('mark')?.textContent).toBe('教育');
  });
});
