import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { siteSettingsSchema, type SiteSettings } from '../../core/site-config.ts';
import { ruleVenueIds } from './episode-types.ts';
import type { ProblemCollector } from '../errors.ts';
import { InputError } from '../errors.ts';
import { parseFeed, type ParsedFeed } from './feed.ts';
import { resolveInputs, type InputPaths, type ResolvedInputs } from './inputs.ts';
import {
  derivePresenters,
  deriveVenues,
  matchPresenters,
  parseOverrides,
  parsePresenters,
  parseVenues,
  type EpisodeOverride,
  type Presenter,
  type Venue,
} from './people.ts';
import {
  DEFAULT_PODCAST_CONFIG,
  parsePodcastConfig,
  type PodcastConfig,
} from './podcast-config.ts';
import { NO_SPEAKER_MAP, parseSpeakerMap, type SpeakerMap } from './speakers.ts';
import type { WarningCollector } from '../warnings.ts';

/**
 * Reads and checks every input of a build: each file on its own, so one run reports every
 * broken input at once (an InputProblems naming each file and its fix).
 */

export interface Loaded {
  inputs: ResolvedInputs;
  config: PodcastConfig;
  feed: ParsedFeed;
  presenters: Presenter[];
  venues: Venue[];
  site: SiteSettings;
  overrides: EpisodeOverride[];
  speakerMap: SpeakerMap;
  derivedPresenterIds: Map<string, number> | undefined;
  derivedVenueIds: Map<string, number> | undefined;
  feedSha256: string;
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new InputError(
      { file },
      `cannot read (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

export async function loadInputs(
  paths: InputPaths,
  recover: boolean,
  warnings: WarningCollector,
  problems: ProblemCollector,
): Promise<Loaded> {
  const inputs = await resolveInputs(paths);
  // Each input is read on its own, so one run reports every broken file at once. A file that
  // cannot be read stops the build here; ids that name nothing are left in `problems` for the
  // caller, which adds the problems of its own checks before throwing them all.
  const readEach = async <T>(file: string, parse: (text: string) => T): Promise<T | undefined> =>
    problems.attemptAsync(async () => parse(await readText(file)));
  const config =
    (inputs.config
      ? await readEach(inputs.config, (text) => parsePodcastConfig(inputs.config ?? '', text))
      : DEFAULT_PODCAST_CONFIG) ?? DEFAULT_PODCAST_CONFIG;
  let feedText = '';
  const feed = await readEach(inputs.feed, (text) => {
    feedText = text;
    const parsed = parseFeed(inputs.feed, text, {
      titlePattern: config.titlePattern,
      duplicates: config.duplicateEpisodes,
      recover,
      warnings,
    });
    if (parsed.episodes.length === 0) {
      throw new InputError(
        { file: inputs.feed },
        'the feed has no numbered episodes: add <itunes:episode> to its items, or set "episodeNumberPattern" in trawl.config.json (docs/podcast-inputs.md)',
      );
    }
    return parsed;
  });
  const presenterFile = inputs.presenters;
  const venueFile = inputs.venues;
  const overrideFile = inputs.overrides;
  const listed = {
    presenters: presenterFile
      ? await readEach(presenterFile, (t) => parsePresenters(presenterFile, t))
      : undefined,
    venues: venueFile ? await readEach(venueFile, (t) => parseVenues(venueFile, t)) : undefined,
    overrides: overrideFile
      ? await readEach(overrideFile, (t) => parseOverrides(overrideFile, t))
      : [],
  };
  if (!feed) problems.throwIfAny();
  if (!feed) throw new Error('unreachable: a missing feed is a problem');
  const derivedPeople = presenterFile ? undefined : derivePresenters(feed);
  const derivedPlaces = venueFile ? undefined : deriveVenues(feed);
  const presenters = derivedPeople?.presenters ?? listed.presenters ?? [];
  const venues = derivedPlaces?.venues ?? listed.venues ?? [];
  const feedPeople = derivedPeople ?? matchPresenters(feed, presenters);
  const site = siteSettingsSchema.parse({
    title: feed.title || undefined,
    ...(feed.language ? { language: feed.language } : {}),
    hostIds: feedPeople.hostIds,
    ...(feed.image ? { logo: feed.image, favicon: feed.image } : {}),
    ...config.site,
  });
  const speakerFile = inputs.speakers;
  // Speaker labels name presenters: with a broken presenters file they are checked next run.
  const presentersKnown = presenterFile === undefined || listed.presenters !== undefined;
  const speakerMap =
    speakerFile && presentersKnown
      ? await readEach(speakerFile, (text) =>
          parseSpeakerMap(
            speakerFile,
            text,
            presenters,
            new Set(feed.episodes.map((episode) => episode.episode)),
            warnings,
          ),
        )
      : NO_SPEAKER_MAP;
  problems.throwIfAny();
  for (const problem of siteIdProblems(
    inputs.config ?? inputs.feed,
    site,
    config,
    presenters,
    venues,
  ))
    problems.add(problem);
  return {
    inputs,
    config,
    feed,
    presenters,
    venues,
    site,
    overrides: listed.overrides ?? [],
    speakerMap: speakerMap ?? NO_SPEAKER_MAP,
    derivedPresenterIds: feedPeople.idByName,
    derivedVenueIds: derivedPlaces?.idByName,
    feedSha256: createHash('sha256').update(feedText).digest('hex'),
  };
}

/** Ids in the config that name no presenter or venue, each with its fix. */
function siteIdProblems(
  file: string,
  site: SiteSettings,
  config: PodcastConfig,
  presenters: Presenter[],
  venues: Venue[],
): InputError[] {
  const presenterIds = new Set(presenters.map((presenter) => presenter.id));
  const venueIds = new Set(venues.map((venue) => venue.id));
  const problems = site.hostIds
    .filter((id) => !presenterIds.has(id))
    .map(
      (id) =>
        new InputError(
          { file },
          `site.hostIds: ${id} is an unknown presenter id; remove it or add presenter ${id} to presenters.json`,
        ),
    );
  for (const type of config.episodeTypes) {
    for (const id of ruleVenueIds(type.rule).filter((venue) => !venueIds.has(venue))) {
      problems.push(
        new InputError(
          { file },
          `episodeTypes "${type.id}": venue ${id} is an unknown venue id; remove it from the rule or add venue ${id} to venues.json`,
        ),
      );
    }
  }
  return problems;
}
