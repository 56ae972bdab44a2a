import { useCallback, useMemo, type ReactNode } from 'react';
import type { EpisodeRow as EpisodeRecord, PresenterRow, VenueRow } from '../../core/db-schema.ts';
import { presentersOf } from '../../core/episode-filters.ts';
import { presenterName } from '../../core/format.ts';
import type { SiteSettings } from '../../core/site-config.ts';
import { useDatabase } from '../data/database-context.tsx';
import { getTranscript } from '../data/transcript-queries.ts';
import { useDescriptions } from '../data/use-site-data.ts';
import { EpisodeRow, type RowTypeButton } from '../features/episodes/episode-row.tsx';
import type { HostPresence } from '../features/episodes/host-avatars.tsx';
import { PlayButton } from '../features/player/play-button.tsx';
import { ProgressBar } from '../features/player/progress-bar.tsx';
import { TranscriptPanel } from '../features/transcript/transcript-panel.tsx';
import { paths } from './paths.ts';

export interface EpisodeResultsProps {
  episodes: readonly EpisodeRecord[];
  presenters: readonly PresenterRow[];
  venues: readonly VenueRow[];
  settings: SiteSettings;
  /** The query string the title links keep. */
  search: string;
  /** The applied search term ('' for none): the transcript marks its matches. */
  searchTerm: string;
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
  const { episodes, presenters, venues, settings, search, searchTerm, startAt } = props;
  const db = useDatabase();
  const descriptions = useDescriptions(
    useMemo(() => episodes.map((episode) => episode.id), [episodes]),
  );
  const loadTranscript = useCallback((id: number) => getTranscript(db, id), [db]);
  const hostNames = useMemo(() => {
    const byId = new Map(presenters.map((presenter) => [presenter.id, presenterName(presenter)]));
    return settings.hostIds.map((id) => ({ id, name: byId.get(id) ?? `Host ${id}` }));
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
    <ol className="episode-list">
      {episodes.map((episode) => (
        <li key={episode.id}>
          <EpisodeRow
            episode={episode}
            href={paths.episode(episode.episode, search)}
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
              <TranscriptPanel
                episode={episode}
                searchTerm={searchTerm}
                startAt={startAt}
                loadTranscript={loadTranscript}
                settings={settings}
              />
            }
          />
        </li>
      ))}
    </ol>
  );
}
