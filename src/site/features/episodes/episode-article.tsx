import { useTexts } from '../../shared/texts-context.tsx';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { hasTranscript, type EpisodeRow as EpisodeRecord } from '../../../core/db-schema.ts';
import { formatDuration, formatPubDate } from '../../../core/format.ts';
import { episodeHeading } from '../../../core/document-title.ts';
import { FallbackImage } from '../../shared/fallback-image.tsx';
import { useMedia } from '../../shared/media-context.tsx';
import { UnderConstruction } from '../../shared/under-construction.tsx';
import { EpisodeDescription } from './episode-description.tsx';
import type { RowTypeButton } from './episode-row.tsx';
import { EpisodeTile } from './episode-tile.tsx';
import { HostAvatars, type HostPresence } from './host-avatars.tsx';
import './episode-row.css';
import './episode-article.css';

export interface EpisodeArticleProps {
  episode: EpisodeRecord;
  venueLabel: string | null;
  hosts: readonly HostPresence[];
  /** Sanitised on render; undefined while it loads. */
  description: string | undefined;
  /** Where the Live and Compilation tags lead: the list of episodes of that type. */
  typeHref: (type: RowTypeButton) => string;
  /** Play/pause and progress, from the player feature. */
  playerSlot: ReactNode;
  /** The chapters and the transcript: on an episode's page they are the page. */
  transcriptSlot: ReactNode;
}

/**
 * An episode on its own page: the title as the page's heading, date, venue and length, the
 * hosts, the description, the player's controls, and the whole transcript in the page's flow.
 */
export function EpisodeArticle({
  episode,
  venueLabel,
  hosts,
  description,
  typeHref,
  playerSlot,
  transcriptSlot,
}: EpisodeArticleProps): ReactNode {
  const media = useMedia();
  const texts = useTexts();
  const headingId = `${useId()}-heading`;
  const date = formatPubDate(episode.pub_date, texts.locale);
  const duration = formatDuration(episode.duration, texts.locale);
  return (
    <article className="episode-article" aria-labelledby={headingId}>
      <div className="episode-article__top">
        <FallbackImage
          className="episode-article__image"
          src={media.episodeImage(episode)}
          alt={texts.text('episode.artwork', { episode: episode.episode })}
          width={112}
          height={112}
          fallback={<EpisodeTile episode={episode.episode} className="episode-article__image" />}
        />
        <div className="episode-article__main">
          <h1 id={headingId} className="episode-article__title">
            {episodeHeading(episode)}
          </h1>
          <p className="episode-row__meta">
            {date !== '' && <time dateTime={episode.pub_date ?? undefined}>{date}</time>}
            {venueLabel !== null && <span className="episode-row__venue">{venueLabel}</span>}
            {duration !== '' && <span className="episode-row__duration">{duration}</span>}
          </p>
          <HostAvatars hosts={hosts} />
        </div>
      </div>
      <EpisodeDescription html={description} />
      <div className="episode-row__actions">
        {playerSlot}
        {episode.live === 1 && (
          <Link className="type-button type-button--live" to={typeHref('live')}>
            {texts.text('episode.live')}
          </Link>
        )}
        {episode.compilation === 1 && (
          <Link className="type-button type-button--compilation" to={typeHref('compilation')}>
            {texts.text('episode.compilation')}
          </Link>
        )}
      </div>
      {hasTranscript(episode) ? transcriptSlot : <UnderConstruction />}
    </article>
  );
}
