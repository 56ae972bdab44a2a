import type { Texts } from '../../../core/messages/message-format.ts';
import { useTexts } from '../../shared/texts-context.tsx';
import { useCallback, useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { formatDuration } from '../../../core/format.ts';
import { formatClockTime } from '../../../core/time-format.ts';
import { chapterAtTime } from '../../../core/transcript-chapters.ts';
import { useChapters } from '../../shared/chapter-store.ts';
import { usePlayerSelector, usePlayerStore } from '../../shared/player-store.ts';
import {
  isCurrentEpisode,
  type PlayerEpisode,
  type PlayerNotice,
  type PlayerState,
} from '../../shared/player-state.ts';
import { ChapterTicks } from './chapter-ticks.tsx';

export interface ProgressBarProps {
  /** The episode this bar belongs to; an `EpisodeRow` is one. */
  episode: PlayerEpisode;
  /** The slider's accessible name ('Seek in episode N' by default). */
  label?: string;
  /** Name the current chapter beside the times (the player bar names it elsewhere). */
  showChapter?: boolean;
}

const STEP_SECONDS = 5;
const PAGE_SECONDS = 30;

function noticeText(notice: PlayerNotice, time: number, { text }: Texts): string {
  const from = text('player.pressPlay', { time: formatClockTime(time) });
  switch (notice) {
    case 'primed':
      return from;
    case 'blocked':
      return text('player.blocked', { from });
    case 'error':
      return text('player.audioFailed');
  }
}

/**
 * The episode's seek bar. While the episode is in the player it is a slider (arrow keys
 * ±5 s, Page keys ±30 s, Home/End) with elapsed and remaining parts that seek when clicked,
 * and the times; otherwise only the duration shows.
 */
export function ProgressBar({ episode, label, showChapter = true }: ProgressBarProps): ReactNode {
  const key = episode.episode;
  const texts = useTexts();
  const store = usePlayerStore();
  const trackRef = useRef<HTMLDivElement>(null);
  const time = usePlayerSelector(
    useCallback((state: PlayerState) => (isCurrentEpisode(state, key) ? state.time : -1), [key]),
  );
  const duration = usePlayerSelector(
    useCallback(
      (state: PlayerState) => (isCurrentEpisode(state, key) ? state.duration : null),
      [key],
    ),
  );
  const chapters = useChapters(key);
  const notice = usePlayerSelector(
    useCallback(
      (state: PlayerState) => (isCurrentEpisode(state, key) ? state.notice : null),
      [key],
    ),
  );

  if (time < 0) {
    return (
      <span className="progress-duration">{formatDuration(episode.duration, texts.locale)}</span>
    );
  }
  if (notice === 'error') {
    // No scrubber of an audio that has no length: one line says what happened.
    return (
      <p className="progress-error" role="alert">
        {noticeText(notice, time, texts)}
      </p>
    );
  }

  // The feed's duration can be short of the audio; never show a time past the total.
  const total = Math.max(duration ?? 0, time);
  const fraction = total > 0 ? Math.min(1, time / total) : 0;
  const seek = (seconds: number): void => {
    store.dispatch({ type: 'seek', time: Math.max(0, Math.min(total, seconds)) });
  };
  const seekToPointer = (event: PointerEvent<HTMLDivElement>): void => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0 || total <= 0) return;
    seek(((event.clientX - rect.left) / rect.width) * total);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    seekToPointer(event);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>): void => {
    if (event.buttons === 1 && event.currentTarget.hasPointerCapture?.(event.pointerId)) {
      seekToPointer(event);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    // From the store's time, not this render's: two keys pressed before React renders again
    // (End, then ArrowLeft) must step from where the first one went.
    const state = store.getState();
    const now = isCurrentEpisode(state, key) ? state.time : time;
    const moves: Record<string, number> = {
      ArrowLeft: now - STEP_SECONDS,
      ArrowDown: now - STEP_SECONDS,
      ArrowRight: now + STEP_SECONDS,
      ArrowUp: now + STEP_SECONDS,
      PageDown: now - PAGE_SECONDS,
      PageUp: now + PAGE_SECONDS,
      Home: 0,
      End: total,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    seek(target);
  };

  const elapsed = formatClockTime(time);
  const length = formatClockTime(total);
  const chapter = showChapter ? chapters[chapterAtTime(chapters, time)] : undefined;
  return (
    <div className="progress">
      <span className="progress-bar">
        <div
          ref={trackRef}
          className="progress-track"
          role="slider"
          tabIndex={0}
          aria-label={label ?? texts.text('player.seekEpisode', { episode: key })}
          aria-valuemin={0}
          aria-valuemax={Math.round(total)}
          aria-valuenow={Math.round(time)}
          aria-valuetext={texts.text('player.elapsedOf', { elapsed, length })}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onKeyDown={onKeyDown}
        >
          <span className="progress-elapsed" style={{ inlineSize: `${fraction * 100}%` }} />
          <span className="progress-remaining" />
        </div>
        <ChapterTicks chapters={chapters} total={total} onSeek={seek} />
      </span>
      <span className="progress-times">
        <span className="progress-time">{elapsed}</span>
        <span className="progress-time">-{formatClockTime(total - time)}</span>
        <span className="progress-time progress-total">{length}</span>
        {chapter ? (
          <span
            className="progress-chapter"
            aria-label={texts.text('player.chapter', { title: chapter.title })}
          >
            {chapter.title}
          </span>
        ) : null}
      </span>
      {notice ? (
        <p className="progress-notice" role="status">
          {noticeText(notice, time, texts)}
        </p>
      ) : null}
    </div>
  );
}
