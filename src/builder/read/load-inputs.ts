import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { showMessages } from '../../core/messages/catalogues.ts';
import { siteSettingsSchema, type SiteSettings } from '../../core/site-config.ts';
import { ruleVenueIds } from './episode-types.ts';
import type { ProblemCollector } from '../errors.ts';
import { InputError } from '../errors.ts';
import { type ParsedFeed } from './feed.ts';
import { readEpisodeNumbers } from './episode-numbers-file.ts';
import { readFeed, type ReadFeed } from './read-feed.ts';
import { noFeedError, resolveInputs, type InputPaths, type ResolvedInputs } from './inputs.ts';
import { mergePresenters } from './people-merge.ts';
import { DownloadCache } from './remote/download-cache.ts';
import { NotARegularFile } from './safe-files.ts';
import { stateFolderFor, type StateFolder } from './state-folder.ts';
import {
  derivePresenters,
  deriveVenues,
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

/** How a build reads its inputs. */
export interface ReadSettings {
  /** Skip feed items that are not well-formed XML (`--recover`). */
  recover: boolean;
  /** Download nothing: the feed and its links from the cache alone (`--offline`). */
  offline: boolean;
  /** The deadline of each download, in milliseconds. */
  timeoutMs: number;
}

export interface Loaded {
  inputs: ResolvedInputs;
  config: PodcastConfig;
  feed: ParsedFeed;
  /** The feed as read: where from, how, and what messages call it. */
  feedRead: ReadFeed;
  /** Where the cache and the episode numbers live. */
  state: StateFolder;
  cache: DownloadCache;
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

/** Reads and checks every input; the feed from its file or URL (through the cache). */
export async function loadInputs(
  paths: InputPaths,
  settings: ReadSettings,
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
  // --feed wins; then trawl.config.json's feedUrl; then the folder's feed file.
  const source =
    paths.feed === undefined && config.feedUrl !== undefined
      ? ({ kind: 'url', url: config.feedUrl } as const)
      : inputs.feed;
  if (source === undefined) {
    problems.throwIfAny();
    throw noFeedError(inputs.folder ?? '.');
  }
  if (source !== inputs.feed && inputs.feed?.kind === 'file') {
    warnings.add(
      'feed-file-not-read',
      () =>
        `${inputs.feed?.kind === 'file' ? inputs.feed.path : 'the feed file'} was not read: trawl.config.json's feedUrl names the feed`,
    );
  }
  const state = stateFolderFor(inputs.folder, source.kind === 'url' ? source.url : source.path);
  const cache = await DownloadCache.open(state.cacheDir).catch((error: unknown) => {
    if (error instanceof NotARegularFile)
      throw new InputError(
        { file: state.cacheDir },
        'is not a folder (a link or a file); remove it',
      );
    throw error;
  });
  if (cache.discarded !== undefined) {
    warnings.add(
      'cache-discarded',
      () => `the download cache was unreadable and starts afresh (${cache.discarded ?? ''})`,
      state.cacheDir,
    );
  }
  const knownNumbers =
    (await problems.attemptAsync(() => readEpisodeNumbers(state.numbersFile))) ??
    new Map<string, string>();
  const feedRead = await problems.attemptAsync(() =>
    readFeed(source, cache, {
      offline: settings.offline,
      timeoutMs: settings.timeoutMs,
      parse: {
        titlePattern: config.titlePattern,
        duplicates: config.duplicateEpisodes,
        recover: settings.recover,
        knownNumbers,
      },
      warnings,
    }),
  );
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
  if (!feedRead) problems.throwIfAny();
  if (!feedRead) throw new Error('unreachable: a missing feed is a problem');
  const { feed } = feedRead;
  // The presenters file adds to and corrects the feed's people; it never freezes them.
  const feedPeople =
    presenterFile === undefined
      ? derivePresenters(feed)
      : mergePresenters(feed, listed.presenters ?? []);
  const derivedPlaces = venueFile ? undefined : deriveVenues(feed);
  const presenters = feedPeople.presenters;
  const venues = derivedPlaces?.venues ?? listed.venues ?? [];
  const parsed = siteSettingsSchema.parse({
    title: feed.title || undefined,
    ...(feed.language ? { language: feed.language } : {}),
    hostIds: feedPeople.hostIds,
    ...(feed.image ? { logo: feed.image, favicon: feed.image } : {}),
    ...config.site,
  });
  // The interface speaks the show's language; the show's own texts win (decision 0026).
  const messages = showMessages(parsed.language, config.site.messages);
  const site: SiteSettings = {
    ...parsed,
    messages,
    searchPlaceholder:
      config.site.searchPlaceholder ?? messages['search.placeholder'] ?? parsed.searchPlaceholder,
  };
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
    inputs.config ?? feedRead.name,
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
    feedRead,
    state,
    cache,
    presenters,
    venues,
    site,
    overrides: listed.overrides ?? [],
    speakerMap: speakerMap ?? NO_SPEAKER_MAP,
    derivedPresenterIds: feedPeople.idByName,
    derivedVenueIds: derivedPlaces?.idByName,
    feedSha256: createHash('sha256').update(feedRead.text).digest('hex'),
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
