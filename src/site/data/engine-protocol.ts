/**
 * The messages between the page and the SQLite engine worker (`sqlite-engine.worker.ts`). Both
 * are this site's own code; the page still checks the shape of what comes back before it uses
 * it, as it would any message.
 */
import type { ChunkLayout } from '../../core/chunk-layout.ts';
import type { DatabaseStats, SqlValue } from './database-types.ts';
import type { PageAccess } from './http-pages.ts';
import type { PageRun } from '../../core/warm-pages.ts';
import { MAX_ROW_LOOKUPS, type RowLookup } from './row-paths.ts';

/** What the page asks of the worker; `id` pairs an answer with its question. */
export type EngineRequest =
  | {
      id: number;
      type: 'open';
      layout: ChunkLayout;
      /** The chunk file prefix, absolute. */
      chunkUrlPrefix: string;
      pageSize: number;
      /** The version's warm pages (`DbConfig.warmPages`), fetched as the engine starts. */
      warmPages?: PageRun[];
      /**
       * The warm requests (`warmKey`) the page fetches and sends on (page-warm.ts): the worker
       * takes those from it and fetches the rest itself.
       */
      pageWarm?: string[];
    }
  | {
      id: number;
      type: 'query';
      sql: string;
      params: SqlValue[];
      readAheadBytes?: number;
      /** A BLOB column of raw-DEFLATE JSON the worker answers as a `DecodedJson`. */
      inflateJson?: string;
    }
  | {
      id: number;
      /** Fetch the pages on the way to these rows now, in parallel (row-prefetch.ts). */
      type: 'rows';
      rows: RowLookup[];
    }
  | { id: number; type: 'stats' }
  | { id: number; type: 'pages' };

/** The worker's answer: a value, or the error's name and message. */
export type EngineResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; name: string; message: string };

/** The value of a 'stats' answer. */
export type EngineStats = DatabaseStats;

/** The value of a 'pages' answer: the pages read since the last such answer (the benchmark). */
export type EnginePages = PageAccess[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Runs of page numbers: pairs of positive whole numbers. */
function isPageRuns(value: unknown): value is PageRun[] {
  return (
    Array.isArray(value) &&
    value.every(
      (run: unknown) =>
        Array.isArray(run) &&
        run.length === 2 &&
        run.every((part: unknown) => Number.isSafeInteger(part) && Number(part) >= 1),
    )
  );
}

/** Row lookups: tables by name, at most `MAX_ROW_LOOKUPS` whole-number ids in all. */
function isRowLookups(value: unknown): value is RowLookup[] {
  if (!Array.isArray(value)) return false;
  let ids = 0;
  return value.every((lookup: unknown) => {
    if (!isRecord(lookup) || typeof lookup.table !== 'string' || !Array.isArray(lookup.ids)) {
      return false;
    }
    ids += lookup.ids.length;
    return ids <= MAX_ROW_LOOKUPS && lookup.ids.every((id: unknown) => Number.isSafeInteger(id));
  });
}

/** A message from the worker that is an answer. */
export function isEngineResponse(value: unknown): value is EngineResponse {
  if (!isRecord(value) || typeof value.id !== 'number') return false;
  if (value.ok === true) return 'value' in value;
  return value.ok === false && typeof value.name === 'string' && typeof value.message === 'string';
}

/** A message from the page that is a request the worker knows. */
export function isEngineRequest(value: unknown): value is EngineRequest {
  if (!isRecord(value) || typeof value.id !== 'number') return false;
  switch (value.type) {
    case 'open':
      return (
        isRecord(value.layout) &&
        typeof value.chunkUrlPrefix === 'string' &&
        typeof value.pageSize === 'number' &&
        (value.warmPages === undefined || isPageRuns(value.warmPages)) &&
        (value.pageWarm === undefined ||
          (Array.isArray(value.pageWarm) &&
            value.pageWarm.every((key: unknown) => typeof key === 'string')))
      );
    case 'query':
      return (
        typeof value.sql === 'string' &&
        Array.isArray(value.params) &&
        (value.readAheadBytes === undefined ||
          (typeof value.readAheadBytes === 'number' && Number.isFinite(value.readAheadBytes))) &&
        (value.inflateJson === undefined || typeof value.inflateJson === 'string')
      );
    case 'rows':
      return isRowLookups(value.rows);
    case 'stats':
    case 'pages':
      return true;
    default:
      return false;
  }
}
