import { useTexts } from '../shared/texts-context.tsx';
import { useCallback, useMemo } from 'react';
import type { EpisodeRow, PresenterRow, VenueRow } from '../../core/db-schema.ts';
import { presentersOf } from '../../core/episode-filters.ts';
import { presenterName } from '../../core/format.ts';
import type { HostPresence } from '../features/episodes/host-avatars.tsx';

/** What a row or an episode's page shows of the people and places an episode has. */
export interface EpisodeFacts {
  /** The show's hosts, each marked present or not in `episode`. */
  hostsOf: (episode: EpisodeRow) => HostPresence[];
  /** The episode's venue's name, or null. */
  venueOf: (episode: EpisodeRow) => string | null;
}

/** The hosts and venue names of episodes, from the presenters and venues loaded. */
export function useEpisodeFacts(
  presenters: readonly PresenterRow[],
  venues: readonly VenueRow[],
  hostIds: readonly number[],
): EpisodeFacts {
  const { text } = useTexts();
  const hostNames = useMemo(() => {
    const byId = new Map(presenters.map((presenter) => [presenter.id, presenter]));
    return hostIds.map((id) => {
      const presenter = byId.get(id);
      return {
        id,
        name: presenter ? presenterName(presenter) : text('host.numbered', { number: id }),
        img: presenter?.img,
        img_local: presenter?.img_local,
      };
    });
  }, [presenters, hostIds, text]);
  const venueNames = useMemo(
    () => new Map(venues.map((venue) => [venue.id, venue.name])),
    [venues],
  );
  const hostsOf = useCallback(
    (episode: EpisodeRow): HostPresence[] => {
      const present = new Set(presentersOf(episode));
      return hostNames.map((host) => ({ ...host, present: present.has(host.id) }));
    },
    [hostNames],
  );
  const venueOf = useCallback(
    (episode: EpisodeRow) =>
      episode.venue === null ? null : (venueNames.get(episode.venue) ?? null),
    [venueNames],
  );
  return { hostsOf, venueOf };
}
