/**
 * A long transcript in blocks (docs/decisions/0031-long-transcripts-in-blocks.md). Rendering
 * every word of a very long transcript at once froze the tab (1,010,000 word elements: 46 s of
 * one task). Its paragraphs are cut into blocks of about `BLOCK_WORDS` words. A block first
 * shows its words as plain text (find-in-page finds them), then becomes live (the interactive
 * words: highlight, seeking, matches) one block per task, starting where the visitor is. The
 * block holding the word being spoken or the match gone to becomes live at once. Blocks off
 * screen skip layout and paint (`content-visibility: auto`).
 */
import { memo, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ModelSegment, TranscriptModel } from '../../../core/transcript-model.ts';
import { joinWords } from '../../../core/unspaced-scripts.ts';
import type { SentenceHighlighter } from './sentence-highlighter.ts';
import { escapeHtml } from './transcript-segment.tsx';
import { TranscriptParagraphs } from './transcript-headings.tsx';

/** About how many words one block holds (whole paragraphs). */
export const BLOCK_WORDS = 2_000;
/** Transcripts with more words than this render in blocks; shorter ones at once. */
export const BLOCKS_FROM_WORDS = 15_000;

/** One block: words [start, end), paragraphs [from, to). */
export interface TranscriptBlock {
  start: number;
  end: number;
  from: number;
  to: number;
}

/** The model's paragraphs in blocks of at least `size` words (the last may hold fewer). */
export function blocksOf(model: TranscriptModel, size = BLOCK_WORDS): TranscriptBlock[] {
  const blocks: TranscriptBlock[] = [];
  let from = 0;
  const { paragraphs } = model;
  for (let p = 0; p < paragraphs.length; p += 1) {
    const first = paragraphs[from];
    const paragraph = paragraphs[p];
    if (!first || !paragraph) continue;
    if (paragraph.end - first.start >= size || p === paragraphs.length - 1) {
      blocks.push({ start: first.start, end: paragraph.end, from, to: p + 1 });
      from = p + 1;
    }
  }
  return blocks;
}

/** The index of the block holding `word` (the first or last for a word outside them all). */
export function blockOfWord(blocks: readonly TranscriptBlock[], word: number): number {
  let low = 0;
  let high = blocks.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((blocks[middle]?.start ?? 0) <= word) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}

/** The not-yet-live block nearest `focus` (ahead first), or -1 when all are live. */
function nextToWake(count: number, live: ReadonlySet<number>, focus: number): number {
  for (let distance = 0; distance < count; distance += 1) {
    if (focus + distance < count && !live.has(focus + distance)) return focus + distance;
    if (focus - distance >= 0 && !live.has(focus - distance)) return focus - distance;
  }
  return -1;
}

/**
 * Which blocks are live: at first the one holding `startWord`, then one more per task, nearest
 * the last one woken; `wake(word)` makes the block holding a word live in the next render.
 * The word being spoken wakes its block.
 */
export function useLiveBlocks(
  blocks: readonly TranscriptBlock[],
  highlighter: SentenceHighlighter,
  startWord: number,
): { live: ReadonlySet<number>; wake: (word: number) => void } {
  const [state, setState] = useState(() => {
    const focus = blockOfWord(blocks, startWord);
    return { blocks, focus, live: new Set([focus]) as ReadonlySet<number> };
  });
  // A new model starts over.
  let current = state;
  if (state.blocks !== blocks) {
    const focus = blockOfWord(blocks, startWord);
    current = { blocks, focus, live: new Set([focus]) };
    setState(current);
  }

  const wake = useCallback(
    (word: number) => {
      const block = blockOfWord(blocks, word);
      setState((previous) =>
        previous.blocks !== blocks || previous.live.has(block)
          ? previous
          : { blocks, focus: block, live: new Set([...previous.live, block]) },
      );
    },
    [blocks],
  );

  // One more block per task: the page answers input between blocks.
  useEffect(() => {
    const next = nextToWake(blocks.length, state.live, state.focus);
    if (next < 0 || state.blocks !== blocks) return undefined;
    const timer = setTimeout(() => {
      setState((previous) =>
        previous.blocks !== blocks
          ? previous
          : { ...previous, live: new Set([...previous.live, next]) },
      );
    }, 0);
    return () => clearTimeout(timer);
  }, [blocks, state]);

  useEffect(() => {
    const onWord = (word: number): void => {
      if (word >= 0) wake(word);
    };
    onWord(highlighter.currentWord());
    return highlighter.subscribeWord(onWord);
  }, [highlighter, wake]);

  return { live: current.live, wake };
}

/**
 * A block before it is live: its paragraphs' words as one string of escaped markup (the
 * browser's parser builds it many times faster than React would), speaker names included.
 */
export function plainBlockHtml(model: TranscriptModel, block: TranscriptBlock): string {
  let html = '';
  for (let p = block.from; p < block.to; p += 1) {
    const paragraph = model.paragraphs[p];
    if (!paragraph) continue;
    const words = model.words.slice(paragraph.start, paragraph.end).map((word) => word.text);
    const speaker =
      paragraph.speaker !== null && !paragraph.continues
        ? `<span class="transcript-speaker"><span class="transcript-speaker__name">${escapeHtml(paragraph.speaker)}</span></span> `
        : '';
    html += `<p class="transcript-paragraph">${speaker}${escapeHtml(joinWords(words))}</p>`;
  }
  return html;
}

function PlainBlock({
  model,
  block,
}: {
  model: TranscriptModel;
  block: TranscriptBlock;
}): ReactNode {
  const markup = useMemo(() => ({ __html: plainBlockHtml(model, block) }), [model, block]);
  // Escaped words and speaker names only: see plainBlockHtml.
  return <div className="transcript-block__plain" dangerouslySetInnerHTML={markup} />;
}

const MemoPlainBlock = memo(PlainBlock);

/** The transcript's paragraphs in blocks, each plain until it is live. */
export function TranscriptBlocks({
  model,
  blocks,
  live,
  avatarIds,
  renderSegment,
}: {
  model: TranscriptModel;
  blocks: readonly TranscriptBlock[];
  live: ReadonlySet<number>;
  avatarIds: ReadonlySet<number>;
  renderSegment: (segment: ModelSegment) => ReactNode;
}): ReactNode {
  return blocks.map((block, index) => (
    <div key={block.start} className="transcript-block">
      {live.has(index) ? (
        <LiveBlock
          model={model}
          block={block}
          avatarIds={avatarIds}
          renderSegment={renderSegment}
        />
      ) : (
        <MemoPlainBlock model={model} block={block} />
      )}
    </div>
  ));
}

const LiveBlock = memo(function LiveBlock({
  model,
  block,
  avatarIds,
  renderSegment,
}: {
  model: TranscriptModel;
  block: TranscriptBlock;
  avatarIds: ReadonlySet<number>;
  renderSegment: (segment: ModelSegment) => ReactNode;
}): ReactNode {
  return (
    <TranscriptParagraphs
      model={model}
      avatarIds={avatarIds}
      from={block.from}
      to={block.to}
      renderSegment={renderSegment}
    />
  );
});

/** The blocks of a model, or null for a transcript short enough to render at once. */
export function useBlocks(model: TranscriptModel): TranscriptBlock[] | null {
  return useMemo(() => (model.words.length > BLOCKS_FROM_WORDS ? blocksOf(model) : null), [model]);
}
