import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type {
  EpisodeRow as EpisodeRecord,
  FtsColumn,
  PresenterRow,
  VenueRow,
} from '../../core/db-schema.ts';
import { presentersOf } from '../../core/episode-filters.ts';
import type { SearchQuery } from '../../core/fts-query.ts';
import { parseSearchQuery, type ParsedQuery } from '../../core/search-query.ts';
import { presenterName } from '../../core/format.ts';
import type { SiteSettings } from '../../core/site-config.ts';
import { useDatabase } from '../data/database-context.tsx';
import { getTranscript } from '../data/transcript-queries.ts';
import { useDescriptions } from '../data/use-site-data.ts';
import { EpisodeRow, type RowTypeButton } from '../features/episodes/episode-row.tsx';
import type { HostPresence } from '../features/episodes/host-avatars.tsx';
import { ChapterList } from '../features/player/chapter-list.tsx';
import { PlayButton } from '../features/player/play-button.tsx';
import { ProgressBar } from '../features/player/progress-bar.tsx';
import { EpisodeSnippets } from '../features/snippets/episode-snippets.tsx';
import { useMatchHighlights } from '../features/snippets/use-match-highlights.ts';
import { usePageSnippets } from '../features/snippets/use-page-snippets.ts';
import { TranscriptPanel } from '../features/transcript/transcript-panel.tsx';
import { paths } from './paths.ts';

const NO_QUERY: ParsedQuery = { parts: [] };

export interface EpisodeResultsProps {
  episodes: readonly EpisodeRecord[];
  presenters: readonly PresenterRow[];
  venues: readonly VenueRow[];
  settings: SiteSettings;
  /** The query string the title links carry (`episodeQuery`). */
  linkQuery: readonly [string, string][];
  /**
   * The search in force (null: none) and the checked fields: transcripts mark its matches,
   * snippets and highlights use its tokens.
   */
  query: SearchQuery | null;
  searchFields?: Readonly<Record<FtsColumn, boolean>>;
  /** The `?t=` moment of an episode page, for that episode's transcript. */
  startAt: number | null;
  isExpanded: (episode: EpisodeRecord) => boolean;
  onToggleExpanded: (id: number) => void;
  onTypeButton: (type: RowTypeButton) => void;
}

/**
 * The rows on screen, each with the player's controls and (when open) the transcript in its
 * slots. Descriptions load for these rows only.
 */
export function EpisodeResults(props: EpisodeResultsProps): ReactNode {
  const { episodes, presenters, venues, settings, linkQuery, query, startAt } = props;
  const { searchFields } = props;
  // Keyed by the term: the browser passes a new query on every render.
  const term = query?.term ?? '';
  const parsed = useMemo(() => (term === '' ? null : parseSearchQuery(term)), [term]);
  const db = useDatabase();
  const ids = useMemo(() => episodes.map((episode) => episode.id), [episodes]);
  const descriptions = useDescriptions(ids);
  // Snippets come from the transcript field only; titles and descriptions are marked in place.
  const snippetsOf = usePageSnippets(ids, searchFields?.words ? parsed : null);
  const listRef = useRef<HTMLOListElement>(null);
  const { title: inTitles = false, description: inDescriptions = false } = searchFields ?? {};
  useMatchHighlights(
    listRef,
    useMemo(
      () => [
        { selector: 'article h2', query: inTitles ? parsed : null },
        { selector: '.episode-row__description', query: inDescriptions ? parsed : null },
      ],
      [parsed, inTitles, inDescriptions],
    ),
  );
  // A snippet's time or 'and N more' brings that episode's transcript to a moment.
  const [reveal, setReveal] = useState<{ id: number; time: number } | null>(null);
  const { isExpanded, onToggleExpanded } = props;
  const onReveal = useCallback(
    (id: number, time: number, open: boolean) => {
      setReveal({ id, time });
      const episode = episodes.find((candidate) => candidate.id === id);
      if (open && episode && !isExpanded(episode)) onToggleExpanded(id);
    },
    [episodes, isExpanded, onToggleExpanded],
  );
  const loadTranscript = useCallback((id: number) => getTranscript(db, id), [db]);
  const hostNames = useMemo(() => {
    const byId = new Map(presenters.map((presenter) => [presenter.id, presenter]));
    return settings.hostIds.map((id) => {
      const presenter = byId.get(id);
      return {
        id,
        name: presenter ? presenterName(presenter) : `Host ${id}`,
        img: presenter?.img,
        img_local: presenter?.img_local,
      };
    });
  }, [presenters, settings.hostIds]);
  const venueNames = useMemo(
    () => new Map(venues.map((venue) => [venue.id, venue.name])),
    [venues],
  );

  const hostsOf = (episode: EpisodeRecord): HostPresence[] => {
    const present = new Set(presentersOf(episode));
    return hostNames.map((host) => ({ ...host, present: present.has(host.id) }));
  };

  return (
    <ol className="episode-list" ref={listRef}>
      {episodes.map((episode) => (
        <li key={episode.id}>
          <EpisodeRow
            episode={episode}
            href={paths.episode(episode.episode, linkQuery)}
            venueLabel={episode.venue === null ? null : (venueNames.get(episode.venue) ?? null)}
            hosts={hostsOf(episode)}
            description={descriptions.get(episode.id)}
            expanded={props.isExpanded(episode)}
            onToggleExpanded={props.onToggleExpanded}
            onTypeButton={props.onTypeButton}
            playerSlot={
              <div className="episode-player">
                <PlayButton episode={episode} />
                <ProgressBar episode={episode} />
              </div>
            }
            transcriptSlot={
              <>
                <ChapterList episode={episode} />
                <TranscriptPanel
                  episode={episode}
                  query={query}
                  startAt={reveal?.id === episode.id ? reveal.time : startAt}
                  loadTranscript={loadTranscript}
                  settings={settings}
                />
              </>
            }
            snippetSlot={
              <EpisodeSnippets
                episode={episode}
                state={snippetsOf(episode.id)}
                query={parsed ?? NO_QUERY}
                onReveal={onReveal}
              />
            }
          />
        </li>
      ))}
    </ol>
  );
}
