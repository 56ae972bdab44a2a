import { memo, useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { formatClockTime } from '../../../core/time-format.ts';
import type { ModelSegment, ModelWord } from '../../../core/transcript-model.ts';
import type { TextRange } from '../../../core/query-match.ts';
import { spaceBetween } from '../../../core/unspaced-scripts.ts';
import { splitWord } from '../../../core/word-marks.ts';
import type { SentenceHighlighter } from './sentence-highlighter.ts';

interface TranscriptSegmentProps {
  segment: ModelSegment;
  words: readonly ModelWord[];
  /** Indexes of words that match the search, or null without a search. */
  matched: ReadonlySet<number> | null;
  /** Words a prefix matched in part ('Octo' of 'Octopus'): only that part is marked. */
  parts?: ReadonlyMap<number, TextRange> | null;
  /** Words where a match begins: two matched words side by side are two highlights there. */
  runStarts?: ReadonlySet<number> | null;
  highlighter: SentenceHighlighter;
  /** The word that takes Tab focus (roving tabindex); the others are reached with arrow keys. */
  tabStop: number;
}

function uncertainTitle(word: ModelWord): string | null {
  if (!word.lowConfidence || word.probability === null) return null;
  return `Uncertain word: recognised with ${Math.round(word.probability * 100)}% confidence`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const HTML_SPECIAL = /[&<>"']/g;

/** Escapes text for an HTML text node or a double-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(HTML_SPECIAL, (character) => HTML_ESCAPES[character] ?? character);
}

/** A word's text as markup, the part a prefix matched (if any) in a `<mark>`. */
export function wordHtml(text: string, part: TextRange | undefined): string {
  if (!part) return escapeHtml(text);
  return splitWord(text, part)
    .map((piece) =>
      piece.mark ? `<mark>${escapeHtml(piece.text)}</mark>` : escapeHtml(piece.text),
    )
    .join('');
}

/** Whether two maps of marked parts agree on every word of `range` (its end excluded). */
export function samePartsInRange(
  a: ReadonlyMap<number, TextRange> | null,
  b: ReadonlyMap<number, TextRange> | null,
  range: { start: number; end: number },
): boolean {
  if (a === b) return true;
  for (let i = range.start; i < range.end; i += 1) {
    const x = a?.get(i);
    const y = b?.get(i);
    if (x?.start !== y?.start || x?.end !== y?.end) return false;
  }
  return true;
}

/**
 * A segment's words as markup. The words are not React elements: a transcript has 9,000 of
 * them, and React's per-element work (or even one createElement per word) kept a transcript's
 * first render well above its 100 ms budget, while the browser's parser builds them several
 * times faster. Every word is escaped; the other values are numbers and fixed class names.
 */
export function segmentHtml(
  segment: ModelSegment,
  words: readonly ModelWord[],
  matched: ReadonlySet<number> | null,
  tabStop: number,
  runStarts: ReadonlySet<number> | null = null,
  parts: ReadonlyMap<number, TextRange> | null = null,
): string {
  let html = '';
  for (let i = segment.start; i < segment.end; i += 1) {
    const word = words[i];
    if (!word) continue;
    const className = word.lowConfidence ? 'transcript-word is-uncertain' : 'transcript-word';
    const title = uncertainTitle(word);
    const titleAttribute = title === null ? '' : ` title="${escapeHtml(title)}"`;
    // A run of matched words is one <mark>, spaces included: a phrase is one highlight; a
    // match that begins right after another (two searched words side by side) is its own.
    const isMatch = matched?.has(i) ?? false;
    const startsRun = (word: number): boolean => runStarts?.has(word) ?? false;
    const runGoesOn =
      isMatch && i + 1 < segment.end && (matched?.has(i + 1) ?? false) && !startsRun(i + 1);
    if (isMatch && (i === segment.start || !matched?.has(i - 1) || startsRun(i))) html += '<mark>';
    html += `<span class="${className}" data-w="${i}" role="button" tabindex="${i === tabStop ? 0 : -1}"${titleAttribute}>${wordHtml(word.text, parts?.get(i))}</span>`;
    if (isMatch && !runGoesOn) html += '</mark>';
    // The space after the segment's last word stays outside the sentence's highlight; words of
    // a script written without spaces meet without one.
    const next = words[i + 1];
    if (i + 1 < segment.end && next && spaceBetween(word.text, next.text)) html += ' ';
  }
  return html;
}

/**
 * Consecutive words of one sentence. Words carry `data-w` (their index) and markers `data-t`
 * (their time): the transcript body handles clicks and keys for all of them at once, so a
 * word is one element with no listeners. Only the sentence's highlight is React state.
 */
function TranscriptSegmentView({
  segment,
  words,
  matched,
  parts = null,
  runStarts = null,
  highlighter,
  tabStop,
}: TranscriptSegmentProps): ReactNode {
  const { sentence } = segment;
  const subscribe = useCallback(
    (listener: () => void) => highlighter.subscribe(sentence, listener),
    [highlighter, sentence],
  );
  const isCurrent = useCallback(() => highlighter.current() === sentence, [highlighter, sentence]);
  const current = useSyncExternalStore(subscribe, isCurrent, isCurrent);

  // The same markup object until the words' marks or the Tab stop change: a highlight
  // change re-renders the segment but leaves its words (and any roving focus) alone.
  const markup = useMemo(
    () => ({ __html: segmentHtml(segment, words, matched, tabStop, runStarts, parts) }),
    [segment, words, matched, tabStop, runStarts, parts],
  );

  const markerTime = segment.marker === null ? null : (words[segment.marker]?.start ?? 0);
  return (
    <>
      {markerTime === null ? null : (
        <>
          <span className="transcript-marker" data-t={markerTime}>
            {formatClockTime(markerTime)}
          </span>{' '}
        </>
      )}
      <span
        className={current ? 'transcript-sentence is-current' : 'transcript-sentence'}
        data-s={sentence}
        aria-current={current ? 'true' : undefined}
        // Escaped words only: see segmentHtml.
        dangerouslySetInnerHTML={markup}
      />{' '}
    </>
  );
}

/** Whether two sets of word indices agree on every word of `range` (its end excluded). */
export function sameInRange(
  a: ReadonlySet<number> | null,
  b: ReadonlySet<number> | null,
  range: { start: number; end: number },
): boolean {
  if (a === b) return true;
  for (let i = range.start; i < range.end; i += 1) {
    if ((a?.has(i) ?? false) !== (b?.has(i) ?? false)) return false;
  }
  return true;
}

function inRange(index: number, segment: ModelSegment): boolean {
  return index >= segment.start && index < segment.end;
}

/** A new search re-renders only the segments whose highlighted words change. */
export const TranscriptSegment = memo(
  TranscriptSegmentView,
  (previous, next) =>
    previous.segment === next.segment &&
    previous.words === next.words &&
    previous.highlighter === next.highlighter &&
    sameInRange(previous.matched, next.matched, next.segment) &&
    samePartsInRange(previous.parts ?? null, next.parts ?? null, next.segment) &&
    sameInRange(previous.runStarts ?? null, next.runStarts ?? null, next.segment) &&
    inRange(previous.tabStop, next.segment) === inRange(next.tabStop, next.segment) &&
    (!inRange(next.tabStop, next.segment) || previous.tabStop === next.tabStop),
);
