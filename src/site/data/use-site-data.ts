/**
 * The main page's data hooks. Each returns a `Resource` (loading, error, ready); failures are
 * logged in the spec's words and become that part's error state.
 */
import { useState } from 'react';
import {
  FTS_COLUMNS,
  type EpisodeRow,
  type FtsColumn,
  type PresenterRow,
  type VenueRow,
} from '../../core/db-schema.ts';
import { termProblem, type TermCheck } from '../../core/fts-query.ts';
import { queryKey } from '../../core/search-query.ts';
import type { DbConfig } from '../../core/site-config.ts';
import type { ShowSpeaker } from '../../core/speech.ts';
import type { Texts } from '../../core/messages/message-format.ts';
import { useTexts } from '../shared/texts-context.tsx';
import { useDatabase } from './database-context.tsx';
import { hostProblemMessage, needsNewWorker } from './database-errors.ts';
import {
  loadDescriptions,
  loadEpisodes,
  loadPresenters,
  loadShowSpeakers,
  loadVenues,
  searchEpisodes,
  type SearchHits,
} from './queries.ts';
import { saidByEpisodes } from './speech-queries.ts';
import { useResource, type Resource } from './resource.ts';
import { useResourceCache, type ResourceCache } from './resource-cache.tsx';

/** Logs a failed read the way the spec's catalogue words it. */
export function logDatabaseProblem(what: string, error: unknown): void {
  console.warn(`Something unexpected happened while getting ${what} from database.`, error);
}

/**
 * What pages show of a version's config.json: the show's settings and its search rules, never
 * the version or the database's layout, so an episode's page that carries them keeps its bytes
 * across versions (decision 0044).
 */
export type ShownConfig = Pick<DbConfig, 'site' | 'search'>;

/** The parts of a config a page shows (see `ShownConfig`). */
export function shownConfig(config: DbConfig): ShownConfig {
  return config.search === undefined
    ? { site: config.site }
    : { site: config.site, search: config.search };
}

/** The podcast's settings and search rules, from config.json. */
export function useSiteConfig(): Resource<ShownConfig> {
  const db = useDatabase();
  return useResource('config', async () => shownConfig(await db.open()), {
    cacheKey: 'config',
    onError: (error) => logDatabaseProblem('the config', error),
  });
}

/** Every presenter, by id. */
export function usePresenters(): Resource<PresenterRow[]> {
  const db = useDatabase();
  return useResource('presenters', () => loadPresenters(db), {
    cacheKey: 'presenters',
    onError: (error) => logDatabaseProblem('presenters', error),
  });
}

/** The show's named speakers, by id: the 'said by' options (none for a show without them). */
export function useShowSpeakers(): Resource<ShowSpeaker[]> {
  const db = useDatabase();
  return useResource('show-speakers', () => loadShowSpeakers(db), {
    onError: (error) => logDatabaseProblem('speakers', error),
  });
}

/** Every venue, by name. */
export function useVenues(): Resource<VenueRow[]> {
  const db = useDatabase();
  return useResource('venues', () => loadVenues(db), {
    cacheKey: 'venues',
    onError: (error) => logDatabaseProblem('venues', error),
  });
}

/** Every episode's list columns, newest first. */
export function useEpisodes(): Resource<EpisodeRow[]> {
  const db = useDatabase();
  return useResource('episodes', () => loadEpisodes(db), {
    cacheKey: 'episodes',
    onError: (error) => logDatabaseProblem('episodes', error),
    // A pre-rendered page shows its rows meanwhile; a dropped response should not cost the rest.
    retryAfterMs: DESCRIPTION_RETRY_MS,
  });
}

/** Waits before loading failed descriptions again: a dropped response should not cost them. */
export const DESCRIPTION_RETRY_MS = [1_000, 4_000, 15_000] as const;

/** The resource cache's key for one episode's description, once the visit has it. */
export function descriptionKey(id: number): string {
  return `description:${id}`;
}

/** A description the visit already has (a list showed it, or the page carried it). */
function visitDescription(cache: ResourceCache, id: number): string | undefined {
  const known = cache.read(descriptionKey(id))?.value;
  return typeof known === 'string' ? known : undefined;
}

/**
 * Descriptions of the episodes on screen, loaded as they appear and kept for the visit. A row
 * shows without its description until it arrives; an episode without one reads ''. A failed
 * load is tried again after each of `DESCRIPTION_RETRY_MS` (a transport failure has a fresh
 * worker by then), and again whenever other rows come on screen.
 *
 * Each description is also kept under its own key in the visit's resource cache, so that an
 * episode opened from a list shows the description the list had, without reading it again
 * (two round trips at 2,000 episodes: the table's root and a leaf).
 */
export function useDescriptions(ids: readonly number[]): ReadonlyMap<number, string> {
  const db = useDatabase();
  const cache = useResourceCache();
  const [known, setKnown] = useState<ReadonlyMap<number, string>>(() => new Map());
  const kept = (id: number): string | undefined => known.get(id) ?? visitDescription(cache, id);
  const missing = ids.filter((id) => kept(id) === undefined).join(',');

  const loaded = useResource(
    missing === '' ? null : missing,
    async () => {
      const wanted = missing.split(',').map(Number);
      const found = await loadDescriptions(db, wanted);
      return wanted.map((id): [number, string] => [id, found.get(id) ?? '']);
    },
    {
      // Kept even when other rows are on screen by now: they are the visit's.
      onData: (loaded) => {
        for (const [id, description] of loaded) cache.write(descriptionKey(id), description);
        setKnown((previous) => new Map([...previous, ...loaded]));
      },
      onError: (error) => logDatabaseProblem('descriptions', error),
      retryAfterMs: DESCRIPTION_RETRY_MS,
      cacheKey: `descriptions:${missing}`,
    },
  );
  // A pre-rendered page's descriptions show in the first render, before `onData` keeps them.
  const arrived = loaded.status === 'ready' ? new Map(loaded.data) : null;
  const shown = new Map<number, string>();
  for (const id of ids) {
    const description = arrived?.get(id) ?? kept(id);
    if (description !== undefined) shown.set(id, description);
  }
  return shown;
}

/** The search's state: off (no term, or one that cannot be searched), loading, failed or done. */
export type SearchResult =
  | { status: 'off'; problem: string | null }
  | { status: 'loading' }
  /**
   * `problem`: what is wrong with the site's host, when that is why (hostProblemMessage, in
   * English); `error`, when there is one, to say it in the show's language.
   */
  | { status: 'error'; title: string; problem: string | null; error?: Error }
  | { status: 'ready'; ids: ReadonlySet<number>; hits: SearchHits };

/** Title of the search error card for a failed search, in the show's language. */
export function searchErrorTitle(error: Error, text: Texts['text']): string {
  return needsNewWorker(error) ? text('search.problem') : error.message || text('search.failed');
}

/**
 * Runs the search of the URL's checked term (`checkSearchTerm`, done once by the page) over
 * the checked fields. `attempt` changes on every submit, so searching again after an error
 * runs the query again. A transport failure gets a fresh worker at once, so the next search
 * works. A term waiting for the index's language rules is loading, or failed with
 * `analyzerError` when they could not be loaded.
 */
export function useEpisodeSearch(
  check: TermCheck,
  fields: Readonly<Record<FtsColumn, boolean>>,
  attempt = 0,
  saidBy: readonly number[] = [],
  analyzerError: Error | null = null,
): SearchResult {
  const db = useDatabase();
  const { text } = useTexts();
  const checked = FTS_COLUMNS.filter((field) => fields[field]);
  const parsed = check.kind === 'search' ? check.parsed : null;
  // 'Said by' searches what the chosen speakers said: the transcript field only.
  const speakers = fields.words ? saidBy.join(',') : '';
  const key = parsed
    ? `${queryKey(parsed)}|${checked.join(',')}|${saidBy.join(',')}|${attempt}`
    : null;

  const resource = useResource(
    key,
    async () => {
      if (!parsed) return { ids: new Set<number>(), parts: [] };
      if (saidBy.length === 0) return searchEpisodes(db, parsed, checked);
      const chosen = speakers === '' ? [] : speakers.split(',').map(Number);
      return saidByEpisodes(db, parsed, chosen);
    },
    {
      onError: (error) => {
        // Whether a report is filed is the show's setting: the error card says which.
        console.warn('Search failed.', error);
        if (needsNewWorker(error)) db.recreate().catch(() => undefined);
      },
    },
  );

  if (check.kind === 'pending') {
    if (!analyzerError) return { status: 'loading' };
    return {
      status: 'error',
      title: text('search.problem'),
      problem: text('search.noRules'),
    };
  }
  if (check.kind !== 'search') return { status: 'off', problem: termProblem(check) };
  if (resource.status === 'loading') return resource;
  if (resource.status === 'error')
    return {
      status: 'error',
      title: searchErrorTitle(resource.error, text),
      problem: hostProblemMessage(resource.error),
      error: resource.error,
    };
  return { status: 'ready', ids: resource.data.ids, hits: resource.data };
}
