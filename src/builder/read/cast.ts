import { compareEpisodeNumbers } from './episode-number.ts';
import { InputError, InputProblems } from '../errors.ts';
import type { ParsedFeed } from './feed.ts';
import {
  episodePersons,
  nameKey,
  type EpisodeOverride,
  type Presenter,
  type Venue,
} from './people.ts';
import { plural, type WarningCollector } from '../warnings.ts';

/** The people and place of one episode as stored in the episodes table. */
export interface EpisodeCast {
  presenters: (number | null)[];
  venue: number | null;
  live: boolean;
  compilation: boolean;
}

export interface CastInputs {
  feed: ParsedFeed;
  presenters: Presenter[];
  venues: Venue[];
  /** Each episode's podcast:person names map through it to presenter ids (derived or matched). */
  derivedPresenterIds?: Map<string, number>;
  derivedVenueIds?: Map<string, number>;
  overrides: EpisodeOverride[];
  warnings: WarningCollector;
}

/**
 * Works out presenter1..5, venue, live and compilation for every feed episode: from the feed's
 * people and location when those were derived, then the overrides file on top. Unknown presenter
 * or venue ids and overrides for episodes the feed lacks are errors naming the file and episode.
 */
export function resolveCast(inputs: CastInputs): Map<string, EpisodeCast> {
  const { feed, warnings } = inputs;
  const presenterIds = new Set(inputs.presenters.map((presenter) => presenter.id));
  const venueIds = new Set(inputs.venues.map((venue) => venue.id));
  const casts = new Map<string, EpisodeCast>();
  for (const episode of feed.episodes) {
    let presenters: (number | null)[] = [];
    if (inputs.derivedPresenterIds) {
      const idByName = inputs.derivedPresenterIds;
      const people = episodePersons(feed.persons, episode.persons);
      for (const person of people.filter((one) => !idByName.has(nameKey(one.name)))) {
        warnings.add(
          'person-not-presenter',
          (n) =>
            `${plural(n, 'podcast:person name')} matched no presenter in the presenters file; left out`,
          `episode ${episode.episode}: ${person.name}`,
        );
      }
      const ids = [...new Set(people.map((person) => idByName.get(nameKey(person.name))))].filter(
        (value): value is number => value !== undefined,
      );
      if (ids.length > 5) {
        warnings.add(
          'too-many-people',
          (n) => `${plural(n, 'episode')} listed more than 5 people; kept the first 5`,
          `episode ${episode.episode}`,
        );
      }
      presenters = ids.slice(0, 5);
    }
    const location = episode.location ?? feed.location;
    const venue =
      inputs.derivedVenueIds && location
        ? (inputs.derivedVenueIds.get(nameKey(location.name)) ?? null)
        : null;
    casts.set(episode.episode, {
      presenters: padSlots(presenters),
      venue,
      live: false,
      compilation: false,
    });
  }
  const sorted = [...inputs.overrides].sort((a, b) => compareEpisodeNumbers(a.episode, b.episode));
  // Every override problem is reported at once, each naming its file and episode.
  const problems: InputError[] = [];
  for (const override of sorted) {
    const cast = casts.get(override.episode);
    if (!cast) {
      problems.push(
        new InputError(
          override.where,
          `overrides episode ${override.episode}, which is not in the feed; remove the override`,
        ),
      );
      continue;
    }
    override.presenters.forEach((slot, index) => {
      if (slot === undefined) return;
      if (slot !== null && !presenterIds.has(slot)) {
        problems.push(
          new InputError(
            override.where,
            `presenter${index + 1} is ${slot}, an unknown presenter id; add presenter ${slot} to the presenters file or fix the id`,
          ),
        );
        return;
      }
      cast.presenters[index] = slot;
    });
    if (override.venue !== undefined) {
      if (override.venue !== null && !venueIds.has(override.venue)) {
        problems.push(
          new InputError(
            override.where,
            `venue is ${override.venue}, an unknown venue id; add venue ${override.venue} to the venues file or fix the id`,
          ),
        );
      } else {
        cast.venue = override.venue;
      }
    }
    if (override.live !== undefined) cast.live = override.live;
    if (override.compilation !== undefined) cast.compilation = override.compilation;
  }
  if (problems.length > 0) throw new InputProblems(problems);
  return casts;
}

function padSlots(ids: (number | null)[]): (number | null)[] {
  return [0, 1, 2, 3, 4].map((index) => ids[index] ?? null);
}
