/**
 * A long transcript in blocks (decisions 0031, 0043 and 0050). Rendering every word of a very
 * long transcript at once froze the tab (1,010,000 word elements: 46 s of one task). Its
 * paragraphs are cut into blocks of about `BLOCK_WORDS` words. Blocks are written as plain
 * text a few per task, nearest the visitor first (find-in-page finds every word), with the
 * search's matches marked in them. A block becomes live (the interactive words: highlight,
 * seeking, quotes) when the visitor is there: the block of the start and its neighbours, the
 * blocks near the viewport, the block of the word being spoken or of the match gone to. Blocks
 * off screen skip layout and paint (`content-visibility: auto`).
 */
import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import type { TextRange } from '../../../core/query-match.ts';
import type { ModelSegment, TranscriptModel } from '../../../core/transcript-model.ts';
import { spaceBetween } from '../../../core/unspaced-scripts.ts';
import type { SentenceHighlighter } from './sentence-highlighter.ts';
import { escapeHtml, sameInRange, samePartsInRange, wordHtml } from './transcript-segment.tsx';
import { TranscriptParagraphs } from './transcript-headings.tsx';

/** About how many words one block holds (whole paragraphs). */
export const BLOCK_WORDS = 1_000;
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

/** The block nearest `focus` (ahead first) that `done` lacks, or -1 when it has them all. */
function nearestMissing(count: number, done: ReadonlySet<number>, focus: number): number {
  for (let distance = 0; distance < count; distance += 1) {
    if (focus + distance < count && !done.has(focus + distance)) return focus + distance;
    if (focus - distance >= 0 && !done.has(focus - distance)) return focus - distance;
  }
  return -1;
}

/**
 * Blocks written as plain text in one task: with the list's render, the parse and the style
 * work, four blocks were tasks of 300–670 ms at 1 M words under load 17–19 (decision 0062).
 */
export const FILL_PER_TASK = 2;
/** Blocks on either side of the focus that become live without being near the viewport. */
export const LIVE_AROUND = 1;
/** How far outside the viewport a block becomes live as the page scrolls towards it. */
export const LIVE_MARGIN = '1500px 0px';

interface BlocksState {
  blocks: readonly TranscriptBlock[];
  focus: number;
  /** Blocks whose interactive words are on the page. */
  live: ReadonlySet<number>;
  /** Blocks whose words are on the page as plain text (or live). */
  filled: ReadonlySet<number>;
}

function startState(blocks: readonly TranscriptBlock[], startWord: number): BlocksState {
  const focus = blockOfWord(blocks, startWord);
  return { blocks, focus, live: new Set([focus]), filled: new Set([focus]) };
}

/**
 * The next step of the background work, or null when it is done: first every block's words
 * as plain text, `FILL_PER_TASK` at a time (find-in-page and a selection see every word),
 * then the blocks next to the focus made live. The rest become live as they near the viewport
 * (`wake`), so a 1 M-word transcript never holds a million word elements.
 */
function backgroundStep(state: BlocksState): BlocksState | null {
  const count = state.blocks.length;
  if (state.filled.size < count) {
    const filled = new Set(state.filled);
    for (let n = 0; n < FILL_PER_TASK; n += 1) {
      const next = nearestMissing(count, filled, state.focus);
      if (next < 0) break;
      filled.add(next);
    }
    return { ...state, filled };
  }
  for (let index = state.focus - LIVE_AROUND; index <= state.focus + LIVE_AROUND; index += 1) {
    if (index >= 0 && index < count && !state.live.has(index)) {
      return { ...state, live: new Set([...state.live, index]) };
    }
  }
  return null;
}

/**
 * Which blocks are live and which are written: at first only the one holding `startWord`,
 * then more per task (`backgroundStep`); `wake(word)` makes the block holding a word live in
 * the next render. The word being spoken wakes its block.
 */
export function useLiveBlocks(
  blocks: readonly TranscriptBlock[],
  highlighter: SentenceHighlighter,
  startWord: number,
): {
  live: ReadonlySet<number>;
  filled: ReadonlySet<number>;
  wake: (word: number) => void;
  wakeBlock: (block: number) => void;
} {
  const [state, setState] = useState(() => startState(blocks, startWord));
  // A new model starts over.
  let current = state;
  if (state.blocks !== blocks) {
    current = startState(blocks, startWord);
    setState(current);
  }

  const wakeBlock = useCallback(
    (block: number) => {
      setState((previous) =>
        previous.blocks !== blocks || previous.live.has(block)
          ? previous
          : {
              blocks,
              focus: block,
              live: new Set([...previous.live, block]),
              filled: new Set([...previous.filled, block]),
            },
      );
    },
    [blocks],
  );
  const wake = useCallback(
    (word: number) => wakeBlock(blockOfWord(blocks, word)),
    [blocks, wakeBlock],
  );

  // One step per task: the page answers input between them.
  useEffect(() => {
    if (state.blocks !== blocks || backgroundStep(state) === null) return undefined;
    const timer = setTimeout(() => {
      setState((previous) =>
        previous.blocks !== blocks ? previous : (backgroundStep(previous) ?? previous),
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

  return { live: current.live, filled: current.filled, wake, wakeBlock };
}

/** The search's marks: matched words and where a match begins (see `segmentHtml`). */
export interface BlockMarks {
  matched: ReadonlySet<number> | null;
  runStarts: ReadonlySet<number> | null;
  /** Words a prefix matched in part, and the part. */
  parts?: ReadonlyMap<number, TextRange> | null;
}

const NO_MARKS: BlockMarks = { matched: null, runStarts: null, parts: null };

/** A paragraph's words as escaped text, a run of matched words in one `<mark>`. */
function plainWordsHtml(
  model: TranscriptModel,
  start: number,
  end: number,
  { matched, runStarts, parts }: BlockMarks,
): string {
  let html = '';
  let open = false;
  for (let i = start; i < end; i += 1) {
    const text = model.words[i]?.text ?? '';
    const previous = model.words[i - 1]?.text;
    const isMatch = matched?.has(i) ?? false;
    const space = i > start && previous !== undefined && spaceBetween(previous, text);
    // A run goes on through the space to the next matched word, unless a new match begins there.
    if (open && (!isMatch || (runStarts?.has(i) ?? false))) {
      html += '</mark>';
      open = false;
    }
    if (space) html += ' ';
    if (isMatch && !open) {
      html += '<mark>';
      open = true;
    }
    html += wordHtml(text, parts?.get(i));
  }
  return open ? `${html}</mark>` : html;
}

/**
 * A block before it is live: its paragraphs' words as one string of escaped markup (the
 * browser's parser builds it many times faster than React would), speaker names included, and
 * the search's matches in `<mark>` as a live block has them.
 */
export function plainBlockHtml(
  model: TranscriptModel,
  block: TranscriptBlock,
  marks: BlockMarks = NO_MARKS,
): string {
  let html = '';
  for (let p = block.from; p < block.to; p += 1) {
    const paragraph = model.paragraphs[p];
    if (!paragraph) continue;
    const speaker =
      paragraph.speaker !== null && !paragraph.continues
        ? `<span class="transcript-speaker"><span class="transcript-speaker__name">${escapeHtml(paragraph.speaker)}</span></span> `
        : '';
    html += `<p class="transcript-paragraph">${speaker}${plainWordsHtml(model, paragraph.start, paragraph.end, marks)}</p>`;
  }
  return html;
}

interface PlainBlockProps {
  model: TranscriptModel;
  block: TranscriptBlock;
  matched: ReadonlySet<number> | null;
  runStarts: ReadonlySet<number> | null;
  parts: ReadonlyMap<number, TextRange> | null;
}

function PlainBlock({ model, block, matched, runStarts, parts }: PlainBlockProps): ReactNode {
  const markup = useMemo(
    () => ({ __html: plainBlockHtml(model, block, { matched, runStarts, parts }) }),
    [model, block, matched, runStarts, parts],
  );
  // Escaped words and speaker names only: see plainBlockHtml.
  return <div className="transcript-block__plain" dangerouslySetInnerHTML={markup} />;
}

/** A new search writes again only the plain blocks whose marks change. */
const MemoPlainBlock = memo(
  PlainBlock,
  (previous, next) =>
    previous.model === next.model &&
    previous.block === next.block &&
    sameInRange(previous.matched, next.matched, next.block) &&
    sameInRange(previous.runStarts, next.runStarts, next.block) &&
    samePartsInRange(previous.parts, next.parts, next.block),
);

/**
 * Wakes a block as it nears the viewport (`LIVE_MARGIN`): the blocks a visitor reads, scrolls
 * to or selects in are live, the others stay plain text.
 */
function useWakeNearViewport(
  container: RefObject<HTMLDivElement | null>,
  count: number,
  wakeBlock: (block: number) => void,
): void {
  useEffect(() => {
    const root = container.current;
    if (root === null || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const index = Number(entry.target.getAttribute('data-block'));
          if (entry.isIntersecting && Number.isInteger(index)) wakeBlock(index);
        }
      },
      { rootMargin: LIVE_MARGIN },
    );
    for (const block of root.querySelectorAll(':scope > .transcript-block'))
      observer.observe(block);
    return () => observer.disconnect();
  }, [container, count, wakeBlock]);
}

/** The transcript's paragraphs in blocks: empty, then plain, then live. */
export function TranscriptBlocks({
  model,
  blocks,
  live,
  filled,
  wakeBlock,
  avatarIds,
  marks,
  renderSegment,
}: {
  model: TranscriptModel;
  blocks: readonly TranscriptBlock[];
  live: ReadonlySet<number>;
  filled: ReadonlySet<number>;
  wakeBlock: (block: number) => void;
  avatarIds: ReadonlySet<number>;
  /** The search's marks, for the blocks that are not live yet. */
  marks: BlockMarks;
  renderSegment: (segment: ModelSegment) => ReactNode;
}): ReactNode {
  const container = useRef<HTMLDivElement>(null);
  useWakeNearViewport(container, blocks.length, wakeBlock);
  return (
    <div ref={container} className="transcript-blocks">
      {blocks.map((block, index) => (
        <div key={block.start} className="transcript-block" data-block={index}>
          {live.has(index) ? (
            <LiveBlock
              model={model}
              block={block}
              avatarIds={avatarIds}
              renderSegment={renderSegment}
            />
          ) : filled.has(index) ? (
            <MemoPlainBlock
              model={model}
              block={block}
              matched={marks.matched}
              runStarts={marks.runStarts}
              parts={marks.parts ?? null}
            />
          ) : null}
        </div>
      ))}
    </div>
  );
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
