import { useTexts } from '../../shared/texts-context.tsx';
import { memo, useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { hasTranscript, type EpisodeRow as EpisodeRecord } from '../../../core/db-schema.ts';
import { formatDuration, formatPubDate } from '../../../core/format.ts';
import { episodeHeading } from '../../../core/document-title.ts';
import { FallbackImage } from '../../shared/fallback-image.tsx';
import { useMedia } from '../../shared/media-context.tsx';
import { UnderConstruction } from '../../shared/under-construction.tsx';
import { EpisodeDescription } from './episode-description.tsx';
import { EpisodeTile } from './episode-tile.tsx';
import { HostAvatars, type HostPresence } from './host-avatars.tsx';
import './episode-row.css';

/** The two types an episode row has a button for. */
export type RowTypeButton = 'live' | 'compilation';

export interface EpisodeRowProps {
  episode: EpisodeRecord;
  /** Where the title links: the episode's own page, keeping the search. */
  href: string;
  venueLabel: string | null;
  hosts: readonly HostPresence[];
  /** Sanitised on render; undefined while it loads. */
  description: string | undefined;
  expanded: boolean;
  onToggleExpanded: (id: number) => void;
  /** The Live and Compilation buttons (the app applies the spec's toggle rule). */
  onTypeButton: (type: RowTypeButton) => void;
  /** Play/pause and progress, from the player feature; without it the duration shows. */
  playerSlot?: ReactNode;
  /** The opened episode's transcript, shown while expanded. */
  transcriptSlot?: ReactNode;
  /** Where a search matched in the transcript, inside the card under the actions. */
  snippetSlot?: ReactNode;
}

/**
 * One episode: 'number: title' linking to its page, date, venue, host avatars, description,
 * the Live/Compilation buttons, the player's controls, the search's snippets and, when opened,
 * the transcript. An episode without a transcript offers none: a slim line says so instead.
 */
export const EpisodeRow = memo(function EpisodeRow({
  episode,
  href,
  venueLabel,
  hosts,
  description,
  expanded,
  onToggleExpanded,
  onTypeButton,
  playerSlot,
  transcriptSlot,
  snippetSlot,
}: EpisodeRowProps): ReactNode {
  const media = useMedia();
  const texts = useTexts();
  const panelId = useId();
  const headingId = `${panelId}-heading`;
  const image = media.episodeImage(episode);
  const date = formatPubDate(episode.pub_date, texts.locale);
  const duration = formatDuration(episode.duration, texts.locale);
  const transcribed = hasTranscript(episode);

  return (
    <article className="episode-row" aria-labelledby={headingId}>
      <div className="episode-row__top">
        <FallbackImage
          className="episode-row__image"
          src={image}
          alt={texts.text('episode.artwork', { episode: episode.episode })}
          width={72}
          height={72}
          fallback={<EpisodeTile episode={episode.episode} />}
        />
        <div className="episode-row__main">
          <h2 id={headingId} className="episode-row__title">
            <Link to={href}>{episodeHeading(episode)}</Link>
          </h2>
          <p className="episode-row__meta">
            {date !== '' && <time dateTime={episode.pub_date ?? undefined}>{date}</time>}
            {venueLabel !== null && <span className="episode-row__venue">{venueLabel}</span>}
            {playerSlot === undefined && duration !== '' && (
              <span className="episode-row__duration">{duration}</span>
            )}
          </p>
        </div>
        <HostAvatars hosts={hosts} />
      </div>
      <EpisodeDescription html={description} />
      <div className="episode-row__actions">
        {playerSlot}
        {episode.live === 1 && (
          <button
            type="button"
            className="type-button type-button--live"
            title={texts.text('episode.onlyLive')}
            onClick={() => onTypeButton('live')}
          >
            {texts.text('episode.live')}
          </button>
        )}
        {episode.compilation === 1 && (
          <button
            type="button"
            className="type-button type-button--compilation"
            title={texts.text('episode.onlyCompilations')}
            onClick={() => onTypeButton('compilation')}
          >
            {texts.text('episode.compilation')}
          </button>
        )}
        {transcribed && (
          <button
            type="button"
            className="text-toggle episode-row__expand"
            aria-expanded={expanded}
            aria-controls={panelId}
            onClick={() => onToggleExpanded(episode.id)}
          >
            {expanded ? texts.text('episode.hideTranscript') : texts.text('episode.showTranscript')}
          </button>
        )}
      </div>
      {snippetSlot}
      {transcribed ? (
        <div id={panelId} className="episode-row__panel" hidden={!expanded}>
          {expanded ? transcriptSlot : null}
        </div>
      ) : (
        <UnderConstruction />
      )}
    </article>
  );
});
