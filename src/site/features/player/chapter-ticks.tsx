import type { ReactNode } from 'react';
import type { Chapter } from '../../../core/speech.ts';
import { formatClockTime } from '../../../core/time-format.ts';

interface ChapterTicksProps {
  chapters: readonly Chapter[];
  /** The seek bar's length in seconds. */
  total: number;
  onSeek: (seconds: number) => void;
}

/**
 * A tick on the seek bar at each chapter's start, named on hover and on focus; a tick is a
 * button that seeks to its chapter. Chapters past the end of the audio get no tick.
 */
export function ChapterTicks({ chapters, total, onSeek }: ChapterTicksProps): ReactNode {
  if (total <= 0 || chapters.length === 0) return null;
  return (
    <span className="progress-ticks">
      {chapters.map((chapter, index) => {
        const seconds = chapter.start / 100;
        if (seconds > total) return null;
        const name = `${chapter.title} (${formatClockTime(seconds)})`;
        return (
          <button
            key={`${chapter.start}:${index}`}
            type="button"
            className="progress-tick"
            style={{ insetInlineStart: `${(seconds / total) * 100}%` }}
            aria-label={`Chapter: ${name}`}
            data-name={name}
            onClick={() => onSeek(seconds)}
          />
        );
      })}
    </span>
  );
}
