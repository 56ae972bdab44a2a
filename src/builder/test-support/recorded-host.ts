import { PAGE_SIZE } from '../../core/db-schema.ts';
import { siteSettingsSchema, type DbConfig } from '../../core/site-config.ts';
import type { Finding } from '../deploy/check-host/findings.ts';
import {
  chunkUrl,
  type HostObservations,
  type Outcome,
  type RecordedResponse,
} from '../deploy/check-host/responses.ts';

/** Recorded responses: what a well-configured host (the generated nginx block) answered. */

export const ROOT = 'https://podcast.example.org/';
export const VERSION = 'v1-0123456789ab';
export const CONFIG: DbConfig = {
  version: VERSION,
  serverMode: 'chunked',
  requestChunkSize: PAGE_SIZE,
  databaseLengthBytes: 150_000,
  serverChunkSize: 65_536,
  urlPrefix: 'db.sqlite3.',
  suffixLength: 3,
  site: siteSettingsSchema.parse({}),
  mediaOrigins: [],
};
export const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Accept-Ranges, Content-Length, Content-Range',
};
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const SQLITE_PAGE = Buffer.concat([
  Buffer.from('SQLite format 3\0', 'latin1'),
  Buffer.alloc(84),
]);

export function recorded(
  status: number,
  headers: Record<string, string>,
  body: string | Uint8Array = '',
  url = ROOT,
): RecordedResponse {
  return {
    status,
    headers,
    body: typeof body === 'string' ? Buffer.from(body) : body,
    truncated: false,
    url,
  };
}

export const html = (status: number, cache = 'no-cache'): RecordedResponse =>
  recorded(status, { 'content-type': 'text/html', 'cache-control': cache }, '<div id="root">');

export function cleanObservations(): HostObservations {
  const configUrl = `${ROOT}db/${VERSION}/config.json`;
  const json = (value: unknown, cache: string): RecordedResponse =>
    recorded(
      200,
      { 'content-type': 'application/json', 'cache-control': cache, ...CORS },
      JSON.stringify(value),
    );
  const chunkHeaders = (range: string, length: number): Record<string, string> => ({
    'content-type': 'application/octet-stream',
    'content-range': range,
    'content-length': String(length),
    'accept-ranges': 'bytes',
    'cache-control': IMMUTABLE,
    ...CORS,
  });
  return {
    rootUrl: ROOT,
    index: html(200),
    latestBusted: json({ latest: VERSION }, 'no-cache'),
    latestPlain: json({ latest: VERSION }, 'no-cache'),
    config: json(CONFIG, IMMUTABLE),
    chunks: {
      first: {
        url: chunkUrl(configUrl, CONFIG, 0),
        expectedSize: 65_536,
        start: 0,
        end: 99,
        response: recorded(206, chunkHeaders('bytes 0-99/65536', 100), SQLITE_PAGE),
      },
      other: {
        url: chunkUrl(configUrl, CONFIG, 2),
        expectedSize: 18_928,
        start: 9464,
        end: 9563,
        response: recorded(206, chunkHeaders('bytes 9464-9563/18928', 100), Buffer.alloc(100)),
      },
      head: recorded(200, { 'content-length': '65536', 'accept-ranges': 'bytes', ...CORS }),
      preflight: recorded(204, { ...CORS, 'access-control-allow-headers': 'Range, If-Range' }),
      missing: {
        url: chunkUrl(configUrl, CONFIG, 3),
        response: recorded(404, { 'content-type': 'text/html' }),
      },
    },
    asset: {
      url: `${ROOT}assets/index-Ab12Cd34.js`,
      response: recorded(200, { 'content-type': 'text/javascript', 'cache-control': IMMUTABLE }),
    },
    wasm: {
      url: `${ROOT}assets/sql-wasm-Ab12Cd34.wasm`,
      response: recorded(200, { 'content-type': 'application/wasm' }),
    },
    missingAsset: recorded(404, { 'content-type': 'text/html' }),
    spaRoute: html(200),
    spaDottedRoute: html(200),
  };
}

export function verdicts(findings: Finding[]): string[] {
  return findings
    .filter((finding) => finding.severity !== 'ok')
    .map((finding) => `${finding.severity} ${finding.check}: ${finding.message}`);
}

export function headersOf(outcome: Outcome): Record<string, string> {
  return 'status' in outcome ? { ...outcome.headers } : {};
}

export function firstChunk(
  obs: HostObservations,
): NonNullable<HostObservations['chunks']>['first'] {
  if (!obs.chunks) throw new Error('the clean observations have chunks');
  return obs.chunks.first;
}
