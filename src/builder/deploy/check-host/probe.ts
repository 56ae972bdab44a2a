import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { chunkCount, chunkSize } from '../../../core/chunk-layout.ts';
import type { DbConfig } from '../../../core/site-config.ts';
import {
  bodyText,
  chunkUrl,
  missingChunkUrl,
  findScripts,
  findWasm,
  isResponse,
  PROBE_ACCEPT_ENCODING,
  PROBE_ORIGIN,
  probeRange,
  readConfig,
  readLatest,
  type ChunkObservations,
  type HostObservations,
  type Outcome,
} from './responses.ts';
import { episodeLinks, episodesToProbe, isPrerendered } from './pages.ts';

/** Probing for `trawl check-host`: asks a deployed site what the rules need, under deadlines. */

export interface FetchOptions {
  method?: 'GET' | 'HEAD' | 'OPTIONS';
  headers?: Record<string, string>;
  /** Whole request, connection to last byte. */
  timeoutMs: number;
  /** Stop reading the body after this many bytes. */
  maxBody?: number;
  /** Redirects to follow (3xx with Location). */
  redirects?: number;
}

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** One HTTP request with a hard deadline, no decompression and no connection reuse. */
export function fetchRaw(url: string, options: FetchOptions): Promise<Outcome> {
  const { method = 'GET', timeoutMs, maxBody = 1 << 20, redirects = 5 } = options;
  return new Promise((resolve) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    let settled = false;
    const finish = (outcome: Outcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(outcome);
    };
    const req = send(target, { method, headers: options.headers, agent: false }, (res) => {
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (status >= 300 && status < 400 && location && redirects > 0) {
        res.resume();
        const next = new URL(location, target).toString();
        settled = true;
        clearTimeout(timer);
        req.destroy();
        resolve(fetchRaw(next, { ...options, redirects: redirects - 1 }));
        return;
      }
      const parts: Buffer[] = [];
      let received = 0;
      const done = (truncated: boolean): void =>
        finish({
          status,
          headers: flattenHeaders(res.headers),
          body: Buffer.concat(parts),
          truncated,
          url: target.toString(),
        });
      res.on('data', (part: Buffer) => {
        const room = maxBody - received;
        parts.push(part.length > room ? part.subarray(0, room) : part);
        received += part.length;
        if (received > maxBody) done(true);
      });
      res.on('end', () => done(false));
      res.on('error', (error) => finish({ error: `${method} ${url}: ${error.message}` }));
    });
    const timer = setTimeout(
      () => finish({ error: `${method} ${url}: no complete answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
    req.on('error', (error) => finish({ error: `${method} ${url}: ${error.message}` }));
    req.end();
  });
}

export interface ProbeOptions {
  timeoutMs: number;
}

/** Normalises a site URL to its root with a trailing slash; throws on anything but http(s). */
export function siteRoot(raw: string): string {
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${raw}: only http:// and https:// URLs can be checked`);
  }
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  return url.toString();
}

async function probeChunks(
  configUrl: string,
  config: DbConfig,
  get: (
    url: string,
    headers: Record<string, string>,
    method?: FetchOptions['method'],
  ) => Promise<Outcome>,
): Promise<ChunkObservations> {
  const count = chunkCount(config);
  const firstSize = chunkSize(config, 0);
  const lastIndex = count - 1;
  const rangeHeaders = (start: number, end: number): Record<string, string> => ({
    Range: `bytes=${start}-${end}`,
    'Accept-Encoding': PROBE_ACCEPT_ENCODING,
    Origin: PROBE_ORIGIN,
  });
  const firstUrl = chunkUrl(configUrl, config, 0);
  const firstRange = probeRange(firstSize, 0);
  const otherSize = chunkSize(config, lastIndex);
  const otherRange = probeRange(otherSize, Math.floor(otherSize / 2));
  const otherUrl = chunkUrl(configUrl, config, lastIndex);
  const missingUrl = missingChunkUrl(configUrl, config);
  const [first, other, head, preflight, missing] = await Promise.all([
    get(firstUrl, rangeHeaders(firstRange.start, firstRange.end)),
    lastIndex > 0
      ? get(otherUrl, rangeHeaders(otherRange.start, otherRange.end))
      : Promise.resolve(undefined),
    get(firstUrl, { 'Accept-Encoding': PROBE_ACCEPT_ENCODING, Origin: PROBE_ORIGIN }, 'HEAD'),
    get(
      firstUrl,
      {
        Origin: PROBE_ORIGIN,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'range',
      },
      'OPTIONS',
    ),
    get(missingUrl, { Range: 'bytes=0-99' }),
  ]);
  return {
    first: { url: firstUrl, expectedSize: firstSize, ...firstRange, response: first },
    ...(other && {
      other: { url: otherUrl, expectedSize: otherSize, ...otherRange, response: other },
    }),
    head,
    preflight,
    missing: { url: missingUrl, response: missing },
  };
}

/** Asks a deployed site everything `evaluateHost` needs, every request under a deadline. */
export async function probeHost(rawUrl: string, options: ProbeOptions): Promise<HostObservations> {
  const rootUrl = siteRoot(rawUrl);
  const get = (
    url: string,
    headers: Record<string, string> = {},
    method: FetchOptions['method'] = 'GET',
    maxBody = 1 << 20,
  ): Promise<Outcome> => fetchRaw(url, { method, headers, timeoutMs: options.timeoutMs, maxBody });
  const textHeaders = { 'Accept-Encoding': PROBE_ACCEPT_ENCODING };
  const stamp = Date.now();
  const [index, latestBusted, latestPlain, missingAsset, spaRoute, spaDottedRoute] =
    await Promise.all([
      get(rootUrl, textHeaders),
      get(new URL(`db/latest.json?t=${stamp}`, rootUrl).toString(), {
        ...textHeaders,
        Origin: PROBE_ORIGIN,
      }),
      get(new URL('db/latest.json', rootUrl).toString(), textHeaders),
      get(new URL(`assets/trawl-check-host-missing-${stamp}.js`, rootUrl).toString(), textHeaders),
      get(new URL('episodes/1', rootUrl).toString(), textHeaders),
      get(new URL('episodes/14.5', rootUrl).toString(), textHeaders),
    ]);
  const observations: HostObservations = {
    rootUrl,
    index,
    latestBusted,
    latestPlain,
    missingAsset,
    spaRoute,
    spaDottedRoute,
  };

  const assetsProbe = async (): Promise<void> => {
    if (!isResponse(index) || index.status !== 200) return;
    const script = findScripts(bodyText(index), index.url)[0];
    if (script === undefined) return;
    const response = await get(script, textHeaders, 'GET', 8 << 20);
    observations.asset = { url: script, response };
    if (!isResponse(response) || response.status !== 200) return;
    const wasm = findWasm(bodyText(response), script);
    if (wasm) observations.wasm = { url: wasm, response: await get(wasm, textHeaders, 'HEAD') };
  };

  const databaseProbe = async (): Promise<void> => {
    const version = readLatest(latestBusted);
    if (version === undefined) return;
    const configUrl = new URL(`db/${version}/config.json`, rootUrl).toString();
    observations.config = await get(configUrl, textHeaders);
    const config = readConfig(observations.config);
    if (config === undefined) return;
    observations.chunks = await probeChunks(configUrl, config, (url, headers, method) =>
      get(url, headers, method, 64 << 10),
    );
  };

  const pagesProbe = async (): Promise<void> => {
    if (!isResponse(index) || index.status !== 200 || !isPrerendered(bodyText(index))) return;
    const numbers = episodesToProbe(episodeLinks(bodyText(index), index.url, rootUrl));
    const unknownUrl = new URL(`trawl-check-host-missing-${stamp}`, rootUrl).toString();
    const [unknown, ...episodes] = await Promise.all([
      get(unknownUrl, textHeaders),
      ...numbers.map((number) =>
        get(new URL(`episodes/${number}`, rootUrl).toString(), textHeaders),
      ),
    ]);
    observations.pages = {
      episodes: numbers.map((number, i) => ({
        number,
        url: new URL(`episodes/${number}`, rootUrl).toString(),
        response: episodes[i] ?? { error: 'not fetched' },
      })),
      unknown: { url: unknownUrl, response: unknown ?? { error: 'not fetched' } },
    };
  };

  await Promise.all([assetsProbe(), databaseProbe(), pagesProbe()]);
  return observations;
}
