import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { dbConfigSchema, latestSchema, type DbConfig } from '../../core/site-config.ts';
import { checkChunkFiles } from './chunk-files.ts';
import { BundleError } from '../errors.ts';
import { VERSION_FOLDER } from './publish.ts';

/**
 * Reading a database output folder of `trawl build` for `trawl bundle`: latest.json, the
 * version it names and older complete versions, each checked whole before anything is copied.
 */

/** True when `path` is a folder (links followed). */
export async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}

async function readJson(path: string): Promise<unknown> {
  const text = await readFile(path, 'utf8').catch(() => {
    throw new BundleError(`${path}: missing (is this the output folder of trawl build?)`);
  });
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BundleError(
      `${path}: not JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

function describeIssue(path: string, error: z.core.$ZodError): BundleError {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return new BundleError(`${path}: invalid${where}: ${issue?.message ?? 'unknown problem'}`);
}

/** One complete version folder of a database output folder. */
export interface VersionFolder {
  version: string;
  dir: string;
  config: DbConfig;
  chunkFiles: string[];
}

/** Reads a version folder, checking config.json and that every chunk file is there and whole. */
export async function readVersionFolder(dbDir: string, version: string): Promise<VersionFolder> {
  const dir = join(dbDir, version);
  if (!(await isDirectory(dir))) throw new BundleError(`${dir}: missing`);
  const configPath = join(dir, 'config.json');
  const config = dbConfigSchema.safeParse(await readJson(configPath));
  if (!config.success) throw describeIssue(configPath, config.error);
  if (config.data.version !== version) {
    throw new BundleError(
      `${configPath}: says version ${config.data.version}, but it is in folder ${version}`,
    );
  }
  const chunks = await checkChunkFiles(dir, config.data, { root: dbDir });
  if ('problem' in chunks) throw new BundleError(chunks.problem);
  return { version, dir, config: config.data, chunkFiles: chunks.names };
}

export interface DatabaseVersions {
  current: VersionFolder;
  /** The exact bytes of latest.json. */
  latestText: string;
  /** Complete older versions, newest first, at most `keep` of them. */
  older: VersionFolder[];
  /** Older version folders left out because they are incomplete, with the reason. */
  skipped: string[];
}

/**
 * Reads latest.json and the version it names, plus up to `keep` older complete versions
 * (newest first by modification time, as `trawl build --keep` leaves them).
 */
export async function readDatabaseVersions(dbDir: string, keep: number): Promise<DatabaseVersions> {
  const latestPath = join(dbDir, 'latest.json');
  const latest = latestSchema.safeParse(await readJson(latestPath));
  if (!latest.success) throw describeIssue(latestPath, latest.error);
  const version = latest.data.latest;
  if (!(await isDirectory(join(dbDir, version)))) {
    throw new BundleError(
      `${latestPath} names version ${version}, but ${join(dbDir, version)} is missing`,
    );
  }
  const current = await readVersionFolder(dbDir, version);
  const entries = await readdir(dbDir, { withFileTypes: true });
  const candidates = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory() && entry.name !== version)
      .filter((entry) => VERSION_FOLDER.test(entry.name))
      .map(async (entry) => ({
        name: entry.name,
        modified: (await stat(join(dbDir, entry.name))).mtimeMs,
      })),
  );
  candidates.sort((a, b) => b.modified - a.modified || b.name.localeCompare(a.name));
  const older: VersionFolder[] = [];
  const skipped: string[] = [];
  for (const candidate of candidates) {
    if (older.length >= keep) break;
    try {
      older.push(await readVersionFolder(dbDir, candidate.name));
    } catch (error) {
      if (!(error instanceof BundleError)) throw error;
      skipped.push(error.message);
    }
  }
  return { current, latestText: await readFile(latestPath, 'utf8'), older, skipped };
}
