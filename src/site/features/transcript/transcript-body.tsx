import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import type { ModelSegment, TranscriptModel } from '../../../core/transcript-model.ts';
import type { TextRange } from '../../../core/query-match.ts';
import { joinWords } from '../../../core/unspaced-scripts.ts';
import type { SentenceHighlighter } from './sentence-highlighter.ts';
import { TranscriptBlocks, type TranscriptBlock } from './transcript-blocks.tsx';
import { TranscriptParagraphs } from './transcript-headings.tsx';
import { TranscriptSegment } from './transcript-segment.tsx';
import { selectedWordSpan, selectWords } from './word-selection.ts';

interface TranscriptBodyProps {
  boxRef: RefObject<HTMLDivElement | null>;
  model: TranscriptModel;
  matched: ReadonlySet<number> | null;
  /** Words a prefix matched in part: the part marked (see `TranscriptSegment`). */
  parts?: ReadonlyMap<number, TextRange> | null;
  /** Words where a match begins (see `TranscriptSegment`). */
  runStarts?: ReadonlySet<number> | null;
  highlighter: SentenceHighlighter;
  /** The word that first takes Tab focus. */
  tabStop: number;
  label: string;
  /** Plays the episode from `seconds`. */
  onPlayFrom: (seconds: number) => void;
  /** Presenters who have an avatar (the hosts). */
  avatarIds: ReadonlySet<number>;
  /** A long transcript's blocks and which are live (transcript-blocks.tsx); null: all at once. */
  blocks?: {
    all: readonly TranscriptBlock[];
    live: ReadonlySet<number>;
    filled: ReadonlySet<number>;
    wakeBlock: (block: number) => void;
  } | null;
  /** A word was clicked or reached with the keys. */
  onPointWord?: (index: number) => void;
}

function wordIndexOf(target: EventTarget | null): number | null {
  if (!(target instanceof Element)) return null;
  const word = target.closest('[data-w]');
  const index = word ? Number(word.getAttribute('data-w')) : Number.NaN;
  return Number.isInteger(index) ? index : null;
}

function markerTimeOf(target: EventTarget | null): number | null {
  if (!(target instanceof Element)) return null;
  const marker = target.closest('[data-t]');
  const time = marker ? Number(marker.getAttribute('data-t')) : Number.NaN;
  return Number.isFinite(time) ? time : null;
}

/**
 * The words, paragraph by paragraph. One click and one key handler serve every word: click
 * or Enter plays from a word, arrow keys move between words (one Tab stop for the whole text),
 * Shift with an arrow selects words as a drag does. Copying gives the words only, without the
 * timestamp markers between them.
 */
export function TranscriptBody({
  boxRef,
  model,
  matched,
  parts = null,
  runStarts = null,
  highlighter,
  tabStop,
  label,
  onPlayFrom,
  avatarIds,
  blocks = null,
  onPointWord,
}: TranscriptBodyProps): ReactNode {
  const rovingRef = useRef<HTMLElement | null>(null);
  // Where a keyboard selection started (Shift+arrows), while it lasts.
  const anchorRef = useRef<number | null>(null);

  useEffect(() => {
    rovingRef.current =
      boxRef.current?.querySelector<HTMLElement>('[data-w][tabindex="0"]') ?? null;
  }, [boxRef, tabStop, model]);

  const playWord = useCallback(
    (index: number) => {
      const word = model.words[index];
      if (word) onPlayFrom(word.start);
    },
    [model, onPlayFrom],
  );

  const onClick = (event: MouseEvent<HTMLDivElement>): void => {
    // Selecting text to copy it is not a request to play.
    const selection = window.getSelection();
    if (selection && !selection.isCollapsed && selection.toString().trim() !== '') return;
    const index = wordIndexOf(event.target);
    if (index !== null) {
      // A pressed word is not focused (onPointerDown): Tab comes back to it all the same.
      const word = event.target instanceof Element ? event.target.closest('[data-w]') : null;
      if (word instanceof HTMLElement && rovingRef.current !== word) {
        if (rovingRef.current) rovingRef.current.tabIndex = -1;
        word.tabIndex = 0;
        rovingRef.current = word;
      }
      onPointWord?.(index);
      playWord(index);
      return;
    }
    const time = markerTimeOf(event.target);
    if (time !== null) onPlayFrom(time);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const index = wordIndexOf(event.target);
    if (index === null) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      playWord(index);
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const next = index + (event.key === 'ArrowRight' ? 1 : -1);
      const box = boxRef.current;
      const element = box?.querySelector<HTMLElement>(`[data-w="${next}"]`);
      if (!box || !element) return;
      event.preventDefault();
      const selecting = event.shiftKey;
      const anchor = selecting
        ? selectedWordSpan(box, window.getSelection()) === null
          ? index
          : (anchorRef.current ?? index)
        : null;
      element.focus();
      anchorRef.current = anchor;
      if (anchor !== null) selectWords(box, anchor, next);
      else window.getSelection()?.removeAllRanges();
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    // Chromium starts no text selection in a drag that begins on a focusable element: the
    // word pressed is not focusable until the press ends, so a drag selects and a click plays.
    if (event.button !== 0 || !(event.target instanceof Element)) return;
    const word = event.target.closest('[data-w]');
    // A press inside the selection would start the browser's drag of the selected text, and a
    // second drag across quoted words selected nothing new (seen at 390 px). Here a press on a
    // word always starts a new selection; Shift+press still extends the old one.
    const selection = window.getSelection();
    if (word && !event.shiftKey && selection && !selection.isCollapsed) {
      if (selection.containsNode(word, true)) selection.removeAllRanges();
    }
    const tabIndex = word?.getAttribute('tabindex');
    if (!word || tabIndex === null || tabIndex === undefined) return;
    word.removeAttribute('tabindex');
    const restore = (): void => {
      word.setAttribute('tabindex', tabIndex);
      document.removeEventListener('pointerup', restore, true);
      document.removeEventListener('pointercancel', restore, true);
    };
    document.addEventListener('pointerup', restore, true);
    document.addEventListener('pointercancel', restore, true);
  };

  const onCopy = (event: ClipboardEvent<HTMLDivElement>): void => {
    const box = boxRef.current;
    const span = box ? selectedWordSpan(box, window.getSelection()) : null;
    if (!span) return;
    // The words as the page shows them, without the '0:00' markers between paragraphs.
    const text = joinWords(model.words.slice(span.first, span.last + 1).map((word) => word.text));
    event.clipboardData.setData('text/plain', text);
    event.preventDefault();
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>): void => {
    // Roving tabindex: the last focused word is where Tab comes back to.
    const target = event.target;
    if (!(target instanceof HTMLElement) || wordIndexOf(target) === null) return;
    if (rovingRef.current && rovingRef.current !== target) rovingRef.current.tabIndex = -1;
    target.tabIndex = 0;
    rovingRef.current = target;
    const index = wordIndexOf(target);
    if (index !== null) onPointWord?.(index);
  };

  // Stable while the words' marks stay: a live block renders again only when they change.
  const renderSegment = useCallback(
    (segment: ModelSegment) => (
      <TranscriptSegment
        segment={segment}
        words={model.words}
        matched={matched}
        parts={parts}
        runStarts={runStarts}
        highlighter={highlighter}
        tabStop={tabStop}
      />
    ),
    [model.words, matched, parts, runStarts, highlighter, tabStop],
  );

  const marks = useMemo(() => ({ matched, parts, runStarts }), [matched, parts, runStarts]);
  return (
    <div
      ref={boxRef}
      className="transcript-body"
      aria-label={label}
      role="region"
      onClick={onClick}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onCopy={onCopy}
      onPointerDown={onPointerDown}
    >
      {blocks === null ? (
        <TranscriptParagraphs model={model} avatarIds={avatarIds} renderSegment={renderSegment} />
      ) : (
        <TranscriptBlocks
          model={model}
          blocks={blocks.all}
          live={blocks.live}
          filled={blocks.filled}
          wakeBlock={blocks.wakeBlock}
          avatarIds={avatarIds}
          marks={marks}
          renderSegment={renderSegment}
        />
      )}
    </div>
  );
}
