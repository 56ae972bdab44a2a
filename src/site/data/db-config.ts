/**
 * Reading `db/latest.json` and `db/<version>/config.json`: validated with zod, and the chunk
 * prefix resolved against the version folder so the worker gets absolute URLs.
 */
import { chunkName } from '../../core/chunk-layout.ts';
import { PAGES_INDEX_FILE, pagesIndexSchema } from '../../core/prerendered-page.ts';
import { dbConfigSchema, latestSchema, type DbConfig } from '../../core/site-config.ts';
import { DatabaseError, errorMessage } from './database-errors.ts';

/** A validated config whose `urlPrefix` is an absolute URL. */
export interface ResolvedDbConfig {
  config: DbConfig;
  /** The version folder, absolute, ending in '/'. */
  versionUrl: string;
  /** The chunk file prefix, absolute (`…/db/<version>/db.sqlite3.`). */
  chunkUrlPrefix: string;
}

/** The database folder (`db`, `/sub/db/`, a URL) as an absolute URL ending in '/'. */
export function dbBaseUrl(dbBase: string): string {
  return new URL(dbBase.endsWith('/') ? dbBase : `${dbBase}/`, document.baseURI).href;
}

/** The URL of latest.json with its cache-busting timestamp. */
export function latestUrl(dbBase: string, now: number): string {
  return `${dbBase.replace(/\/$/, '')}/latest.json?t=${now}`;
}

/** What latest.json says: the version folder's absolute URL, and its config when inlined. */
export interface LatestVersion {
  versionUrl: string;
  config: DbConfig | undefined;
}

/** Validates latest.json's body: the version folder's absolute URL and the inlined config. */
export function latestVersionFrom(latestJson: unknown, dbBaseUrl: string): LatestVersion {
  const parsed = latestSchema.safeParse(latestJson);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new DatabaseError(
      'host',
      `Invalid latest.json: ${where}${issue?.message ?? 'bad shape'} (this site's database is not published correctly)`,
    );
  }
  const base = dbBaseUrl.endsWith('/') ? dbBaseUrl : `${dbBaseUrl}/`;
  return { versionUrl: new URL(`${parsed.data.latest}/`, base).href, config: parsed.data.config };
}

/** Validates config.json's body and resolves its chunk prefix against the version folder. */
export function resolveDbConfig(configJson: unknown, versionUrl: string): ResolvedDbConfig {
  const parsed = dbConfigSchema.safeParse(configJson);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'bad shape';
    throw new DatabaseError('host', `Invalid config.json at ${versionUrl}: ${where}`);
  }
  return {
    config: parsed.data,
    versionUrl,
    chunkUrlPrefix: new URL(parsed.data.urlPrefix, versionUrl).href,
  };
}

/** The absolute URL of chunk file `index` of a resolved version. */
export function chunkUrl(resolved: ResolvedDbConfig, index: number): string {
  return new URL(chunkName(resolved.config, index), resolved.versionUrl).href;
}

async function fetchJson(
  url: string,
  fetchImpl: typeof fetch,
  signal: AbortSignal,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, { signal });
  } catch (error) {
    throw new DatabaseError('transport', `Couldn't load ${url}: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  if (response.status === 404) {
    throw new DatabaseError(
      'host',
      `Couldn't load ${url}. Status: 404 (this site's database is not published there)`,
    );
  }
  if (!response.ok)
    throw new DatabaseError('transport', `Couldn't load ${url}. Status: ${response.status}`);
  try {
    return await response.json();
  } catch (error) {
    throw new DatabaseError('host', `${url} is not JSON: ${errorMessage(error)}`, {
      cause: error,
    });
  }
}

/**
 * Fetches latest.json (cache-busted), then that version's config.json unless latest.json
 * carries it. With `versionUrl` (a version the page already uses) latest.json is skipped, so
 * a page stays on its version.
 */
export async function loadDbConfig(
  dbBase: string,
  options: {
    fetchImpl?: typeof fetch;
    signal?: AbortSignal;
    now?: number;
    versionUrl?: string;
    /** That version's config, already known (a pre-rendered page carries it): no request. */
    knownConfig?: DbConfig;
  } = {},
): Promise<ResolvedDbConfig> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const signal = options.signal ?? new AbortController().signal;
  const base = dbBaseUrl(dbBase);
  if (options.versionUrl !== undefined && options.knownConfig !== undefined) {
    return resolveDbConfig(options.knownConfig, options.versionUrl);
  }
  if (options.versionUrl !== undefined) {
    const config = await fetchJson(`${options.versionUrl}config.json`, fetchImpl, signal);
    return resolveDbConfig(config, options.versionUrl);
  }
  const latest = latestVersionFrom(
    await fetchJson(latestUrl(base, options.now ?? Date.now()), fetchImpl, signal),
    base,
  );
  const config =
    latest.config ?? (await fetchJson(`${latest.versionUrl}config.json`, fetchImpl, signal));
  return resolveDbConfig(config, latest.versionUrl);
}

/**
 * The version latest.json names now (cache-busted), for a page that stays on an older one:
 * a pre-rendered page compares it with its own.
 */
export async function loadLatestVersion(
  dbBase: string,
  options: { fetchImpl?: typeof fetch; signal?: AbortSignal; now?: number } = {},
): Promise<string> {
  const base = dbBaseUrl(dbBase);
  const json = await fetchJson(
    latestUrl(base, options.now ?? Date.now()),
    options.fetchImpl ?? fetch,
    options.signal ?? new AbortController().signal,
  );
  const { versionUrl } = latestVersionFrom(json, base);
  return new URL(versionUrl).pathname.split('/').filter(Boolean).at(-1) ?? '';
}

/**
 * The content hash the version latest.json names now lists for the page at `path` (its
 * pages.json), or null when that version has no such page: an episode's page compares it with
 * its own (decision 0044).
 */
export async function loadLatestPageHash(
  dbBase: string,
  path: string,
  options: { fetchImpl?: typeof fetch; signal?: AbortSignal; now?: number } = {},
): Promise<string | null> {
  const base = dbBaseUrl(dbBase);
  const fetchImpl = options.fetchImpl ?? fetch;
  const signal = options.signal ?? new AbortController().signal;
  const { versionUrl } = latestVersionFrom(
    await fetchJson(latestUrl(base, options.now ?? Date.now()), fetchImpl, signal),
    base,
  );
  const url = `${versionUrl}${PAGES_INDEX_FILE}`;
  const parsed = pagesIndexSchema.safeParse(await fetchJson(url, fetchImpl, signal));
  if (!parsed.success) throw new DatabaseError('host', `Invalid ${url}: not a list of pages`);
  return Object.hasOwn(parsed.data.pages, path) ? (parsed.data.pages[path] ?? null) : null;
}
