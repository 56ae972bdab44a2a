/**
 * A transcript as a pre-rendered page carries it: its paragraphs, speakers, chapter headings
 * and timestamps as plain text, without the word elements the interactive view needs for
 * highlighting and seeking (those would make a long episode's page ten times larger). The
 * browser keeps this markup as it is until the transcript has loaded from the database, then
 * shows the interactive view in its place.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { formatClockTime } from '../../../core/time-format.ts';
import type { TranscriptModel } from '../../../core/transcript-model.ts';

import { joinWords } from '../../../core/unspaced-scripts.ts';
import { TranscriptParagraphs } from './transcript-headings.tsx';

/**
 * How transcripts meet a pre-rendered page: while pre-rendering, they are written in their
 * reading form; in the browser, the reading markup each one had on the page, by episode id,
 * stands until its transcript loads. Null: no pre-rendered page.
 */
export type TranscriptPrerender =
  { kind: 'render' } | { kind: 'hydrate'; markup: ReadonlyMap<number, string> };

const TranscriptPrerenderContext = createContext<TranscriptPrerender | null>(null);

export function TranscriptPrerenderProvider({
  value,
  children,
}: {
  value: TranscriptPrerender | null;
  children: ReactNode;
}): ReactNode {
  return <TranscriptPrerenderContext value={value}>{children}</TranscriptPrerenderContext>;
}

export function useTranscriptPrerender(): TranscriptPrerender | null {
  return useContext(TranscriptPrerenderContext);
}

/** The attribute that marks a reading-form transcript and names its episode id. */
export const READING_ATTRIBUTE = 'data-reading';

/** Reads each reading-form transcript's markup off a page before the app takes it over. */
export function readingMarkupOf(root: ParentNode): Map<number, string> {
  const markup = new Map<number, string>();
  for (const element of root.querySelectorAll(`[${READING_ATTRIBUTE}]`)) {
    const id = Number(element.getAttribute(READING_ATTRIBUTE));
    if (Number.isInteger(id)) markup.set(id, element.innerHTML);
  }
  return markup;
}

/**
 * The most words a page carries as text (docs/decisions/0030-pages-in-linear-time.md): about
 * 200 KB of HTML, three hours of speech. A longer transcript is written up to here and says
 * so; the app shows the whole of it once it has loaded it.
 */
export const INLINE_WORD_LIMIT = 30_000;

/** A count with thousands separators, the same in Node and every browser ('30,000'). */
function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** The model cut to its first `limit` words: paragraphs and segments that start before it. */
export function firstWordsOf(model: TranscriptModel, limit: number): TranscriptModel {
  if (model.words.length <= limit) return model;
  const paragraphs = model.paragraphs.filter((paragraph) => paragraph.start < limit);
  return {
    ...model,
    words: model.words.slice(0, limit),
    paragraphs: paragraphs.map((paragraph) => ({
      ...paragraph,
      end: Math.min(paragraph.end, limit),
    })),
    segments: model.segments
      .slice(0, paragraphs.length)
      .map((segments) =>
        segments
          .filter((segment) => segment.start < limit)
          .map((segment) => ({ ...segment, end: Math.min(segment.end, limit) })),
      ),
    markers: model.markers.filter((marker) => marker < limit),
  };
}

/** The reading form of a transcript, inside the region the interactive view also is. */
export function TranscriptReading({
  episodeId,
  label,
  model,
  avatarIds,
}: {
  episodeId: number;
  label: string;
  model: TranscriptModel;
  avatarIds: ReadonlySet<number>;
}): ReactNode {
  const shown = firstWordsOf(model, INLINE_WORD_LIMIT);
  const rest = model.words.length - shown.words.length;
  return (
    <div className="transcript-body" aria-label={label} role="region">
      <div {...{ [READING_ATTRIBUTE]: episodeId }}>
        <TranscriptParagraphs
          model={shown}
          avatarIds={avatarIds}
          renderSegment={(segment) => (
            <>
              {segment.marker === null ? null : (
                <>
                  <span className="transcript-marker">
                    {formatClockTime(shown.words[segment.marker]?.start ?? 0)}
                  </span>{' '}
                </>
              )}
              {joinWords(
                shown.words.slice(segment.start, segment.end).map((word) => word.text),
              )}{' '}
            </>
          )}
        />
        {rest > 0 && (
          <p className="transcript-cut" role="note">
            This page holds the first {formatCount(shown.words.length)} of the transcript&apos;s{' '}
            {formatCount(model.words.length)} words. The other {formatCount(rest)} load with the
            page&apos;s script.
          </p>
        )}
      </div>
    </div>
  );
}

/** The reading markup a pre-rendered page had for a transcript, as the browser keeps it. */
export function KeptReading({
  episodeId,
  label,
  markup,
}: {
  episodeId: number;
  label: string;
  markup: string;
}): ReactNode {
  return (
    <div className="transcript-body" aria-label={label} role="region">
      {/* The page's own markup, read off the page before the app took it over. */}
      <div {...{ [READING_ATTRIBUTE]: episodeId }} dangerouslySetInnerHTML={{ __html: markup }} />
    </div>
  );
}
