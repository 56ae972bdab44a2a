import { textDirection } from '../../core/language.ts';
import { useTexts } from '../shared/texts-context.tsx';
import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { EpisodeRow, FtsColumn, PresenterRow, VenueRow } from '../../core/db-schema.ts';
import { applyTypeButton, ALL_TYPES_ON } from '../../core/episode-filters.ts';
import type { SearchQuery } from '../../core/fts-query.ts';
import { typeListQuery } from '../../core/page-url.ts';
import { displayTerm } from '../../core/search-query.ts';
import type { SiteSettings } from '../../core/site-config.ts';
import { useDatabase } from '../data/database-context.tsx';
import { getTranscript } from '../data/transcript-queries.ts';
import { useDescriptions } from '../data/use-site-data.ts';
import { EpisodeArticle } from '../features/episodes/episode-article.tsx';
import type { RowTypeButton } from '../features/episodes/episode-row.tsx';
import { ChapterList } from '../features/player/chapter-list.tsx';
import { PlayButton } from '../features/player/play-button.tsx';
import { ProgressBar } from '../features/player/progress-bar.tsx';
import { useMatchHighlights } from '../features/snippets/use-match-highlights.ts';
import { TranscriptPanel } from '../features/transcript/transcript-panel.tsx';
import { episodeHeading } from '../../core/document-title.ts';
import { paths } from './paths.ts';
import { useEpisodeFacts } from './use-episode-facts.ts';
import { MessageText } from '../shared/message-text.tsx';
import './episode-page.css';

export interface EpisodePageProps {
  episode: EpisodeRow;
  /** The episodes before and after it in the archive (by number), if any. */
  older: EpisodeRow | null;
  newer: EpisodeRow | null;
  presenters: readonly PresenterRow[];
  venues: readonly VenueRow[];
  settings: SiteSettings;
  /** The query string episode links carry (the visitor's search, kept). */
  linkQuery: readonly [string, string][];
  /** The search that led here (its query string), or null: the page then links only home. */
  searchBehind: readonly [string, string][] | null;
  /** The search in force: the transcript marks and counts its matches. */
  query: SearchQuery | null;
  searchFields: Readonly<Record<FtsColumn, boolean>>;
  saidBy: readonly number[];
  /** The `?t=` moment the transcript opens at. */
  startAt: number | null;
  /** A quote link's end (`?t=START,END`): the transcript plays to here and stops. */
  endAt?: number | null;
}

/**
 * An episode's own page: the way back (to every episode, and to the search that led here),
 * the episode with its title as the page's heading and its transcript as the page, and the
 * episodes before and after it.
 */
export function EpisodePage(props: EpisodePageProps): ReactNode {
  const { episode, older, newer, settings, linkQuery, query, searchFields, saidBy } = props;
  const db = useDatabase();
  const descriptions = useDescriptions(useMemo(() => [episode.id], [episode.id]));
  const { hostsOf, venueOf } = useEpisodeFacts(props.presenters, props.venues, settings.hostIds);
  const loadTranscript = useCallback((id: number) => getTranscript(db, id), [db]);
  const typeIds = useMemo(
    () => settings.episodeTypes.map((type) => type.id),
    [settings.episodeTypes],
  );
  const typeHref = useCallback(
    (type: RowTypeButton) =>
      paths.list(typeListQuery(applyTypeButton(ALL_TYPES_ON, type, typeIds))),
    [typeIds],
  );
  // A search's matches are marked in the title and the description, as in the list.
  const term = query?.term ?? '';
  const parsed = query?.parsed ?? null;
  const saying = saidBy.length > 0;
  const pageRef = useRef<HTMLDivElement>(null);
  const { text } = useTexts();
  useMatchHighlights(
    pageRef,
    useMemo(
      () => [
        {
          selector: '.episode-article__title',
          query: searchFields.title && !saying ? parsed : null,
        },
        {
          selector: '.episode-row__description',
          query: searchFields.description && !saying ? parsed : null,
        },
      ],
      [parsed, searchFields.title, searchFields.description, saying],
    ),
  );

  return (
    <div className="episode-page" ref={pageRef}>
      <nav className="episode-page__back" aria-label={text('episode.back')}>
        <Link to={paths.home}>
          <Arrow direction="back" />
          {text('episode.all')}
        </Link>
        {props.searchBehind !== null && (
          <Link to={paths.list(props.searchBehind)}>
            <Arrow direction="back" />
            {term === '' ? (
              text('episode.backToList')
            ) : (
              <MessageText id="episode.backToSearch" values={{ term: displayTerm(term) }} />
            )}
          </Link>
        )}
      </nav>
      <EpisodeArticle
        episode={episode}
        venueLabel={venueOf(episode)}
        hosts={hostsOf(episode)}
        description={descriptions.get(episode.id)}
        typeHref={typeHref}
        playerSlot={
          <div className="episode-player">
            <PlayButton episode={episode} />
            <ProgressBar episode={episode} />
          </div>
        }
        transcriptSlot={
          <>
            <ChapterList episode={episode} headingLevel={2} />
            <TranscriptPanel
              episode={episode}
              query={query}
              startAt={props.startAt}
              endAt={props.endAt ?? null}
              loadTranscript={loadTranscript}
              settings={settings}
              saidBy={saidBy}
              scroller="page"
            />
          </>
        }
      />
      {older !== null || newer !== null ? (
        <nav className="episode-page__neighbours" aria-label={text('episode.others')}>
          {older !== null && (
            <Link
              className="episode-page__older"
              rel="prev"
              to={paths.episode(older.episode, linkQuery)}
            >
              <span className="episode-page__direction">
                <Arrow direction="back" />
                {text('episode.previous')}
              </span>{' '}
              {episodeHeading(older)}
            </Link>
          )}
          {newer !== null && (
            <Link
              className="episode-page__newer"
              rel="next"
              to={paths.episode(newer.episode, linkQuery)}
            >
              <span className="episode-page__direction">
                {text('episode.next')}
                <Arrow direction="forward" />
              </span>{' '}
              {episodeHeading(newer)}
            </Link>
          )}
        </nav>
      ) : null}
    </div>
  );
}

/** An arrow beside a link's words, for the eye only. */
function Arrow({ direction }: { direction: 'back' | 'forward' }): ReactNode {
  // Arrows are not mirrored by the bidirectional algorithm: 'back' points the way the page reads from.
  const rtl = textDirection(useTexts().locale) === 'rtl';
  return (
    <span aria-hidden="true">{direction === 'back' ? (rtl ? '→ ' : '← ') : rtl ? ' ←' : ' →'}</span>
  );
}
