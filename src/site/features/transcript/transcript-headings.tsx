import { useTexts } from '../../shared/texts-context.tsx';
import { Fragment, type ReactNode } from 'react';
import { formatClockTime } from '../../../core/time-format.ts';
import type { Chapter } from '../../../core/speech.ts';
import type {
  ModelParagraph,
  ModelSegment,
  TranscriptModel,
} from '../../../core/transcript-model.ts';
import { FallbackImage, initialsOf } from '../../shared/fallback-image.tsx';
import { useMedia } from '../../shared/media-context.tsx';

/**
 * A chapter's heading inside the transcript. Its button carries `data-t`, so the body's one
 * click handler plays from the chapter (a click, or Enter and Space on the focused button).
 */
export function ChapterHeading({ chapter }: { chapter: Chapter }): ReactNode {
  const seconds = chapter.start / 100;
  const { text } = useTexts();
  return (
    <h3 className="transcript-chapter">
      <button
        type="button"
        className="transcript-chapter__button"
        data-t={seconds}
        title={text('snippets.playFrom', { time: formatClockTime(seconds) })}
      >
        <span className="transcript-chapter__time">{formatClockTime(seconds)}</span>{' '}
        <span className="transcript-chapter__title">{chapter.title}</span>
      </button>
    </h3>
  );
}

/** The name that heads a speaker's paragraph, with the presenter's avatar when they are one. */
export function SpeakerLabel({
  paragraph,
  avatarIds,
}: {
  paragraph: ModelParagraph;
  /** Presenters who have an avatar (the hosts); others show their initials. */
  avatarIds: ReadonlySet<number>;
}): ReactNode {
  const media = useMedia();
  const name = paragraph.speaker ?? '';
  const initials = (
    <span className="transcript-speaker__avatar transcript-speaker__initials" aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
  return (
    <span className="transcript-speaker">
      {paragraph.presenter === null ? null : !avatarIds.has(paragraph.presenter) ? (
        initials
      ) : (
        <FallbackImage
          className="transcript-speaker__avatar"
          src={media.hostAvatar(paragraph.presenter)}
          alt=""
          width={24}
          height={24}
          fallback={initials}
        />
      )}
      <span className="transcript-speaker__name">{name}</span>
    </span>
  );
}

/**
 * A transcript's paragraphs: the chapter headings that stand before each, the speaker's name
 * heading a new turn, and each segment drawn by `renderSegment` (the interactive view's
 * words, or the pre-rendered page's plain text).
 */
export function TranscriptParagraphs({
  model,
  avatarIds,
  renderSegment,
  from = 0,
  to = model.paragraphs.length,
}: {
  model: TranscriptModel;
  avatarIds: ReadonlySet<number>;
  renderSegment: (segment: ModelSegment) => ReactNode;
  /** Only paragraphs [from, to) (a block of a long transcript); all by default. */
  from?: number;
  to?: number;
}): ReactNode {
  return model.paragraphs.slice(from, to).map((paragraph, offset) => (
    <Fragment key={paragraph.start}>
      {paragraph.chapters?.map((chapter) => (
        <ChapterHeading key={`${chapter.start}:${chapter.title}`} chapter={chapter} />
      ))}
      <p className="transcript-paragraph">
        {paragraph.speaker !== null && !paragraph.continues ? (
          <SpeakerLabel paragraph={paragraph} avatarIds={avatarIds} />
        ) : null}
        {model.segments[from + offset]?.map((segment) => (
          <Fragment key={segment.start}>{renderSegment(segment)}</Fragment>
        ))}
      </p>
    </Fragment>
  ));
}
