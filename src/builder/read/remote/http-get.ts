import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { isPrivateAddress, literalAddress, shownUrl, unfetchableReason } from './remote-url.ts';

/**
 * One bounded HTTP GET for the builder's downloads (the feed, its transcripts and chapters):
 * http and https only at every hop, a deadline for the whole exchange, a byte limit that also
 * holds after decompression (a gzip bomb stops at the limit), a redirect limit with loops
 * named, and conditional requests (ETag, Last-Modified) so an unchanged file costs a 304.
 */

export interface HttpGetOptions {
  /** Connection to last byte, redirects included. */
  timeoutMs: number;
  /** Most bytes of body, counted after decompression. */
  maxBytes: number;
  /** Most redirects followed. */
  maxRedirects: number;
  /** May connect to this machine or a private network (see remote-url.ts). */
  allowPrivate: boolean;
  /** Validators of the copy already held: sent as If-None-Match and If-Modified-Since. */
  etag?: string | undefined;
  lastModified?: string | undefined;
}

/** What a GET gave: a body, or word that the held copy is current. */
export type HttpGetResult =
  | {
      kind: 'body';
      body: Buffer;
      etag: string | undefined;
      lastModified: string | undefined;
      contentType: string | undefined;
      /** The URL that answered, after redirects. */
      url: string;
      remoteAddress: string | undefined;
    }
  | { kind: 'not-modified'; url: string; remoteAddress: string | undefined };

/** A download that failed; the message names the URL and what went wrong. */
export class DownloadError extends Error {
  constructor(
    /** The URL that failed (a redirect's target, perhaps). */
    readonly url: string,
    /** What went wrong, without the URL. */
    readonly problem: string,
  ) {
    super(`${shownUrl(url)}: ${problem}`);
    this.name = 'DownloadError';
  }
}

/** The deadline of one download unless told otherwise. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Identifies the builder to hosts, as podcast apps do. */
export const USER_AGENT = 'trawl/0.1 (podcast search site builder)';

function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`
    : `${Math.ceil(bytes / 1024)} KiB`;
}

/** A DNS lookup that refuses private addresses, for hosts given by name. */
function guardedLookup(url: string): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const refused = addresses.find((entry) => isPrivateAddress(entry.address));
      if (refused !== undefined) {
        callback(
          new DownloadError(
            url,
            `${hostname} is ${refused.address}, an address of this machine or a private network; links in a feed from elsewhere may not lead there`,
          ),
          '',
          0,
        );
        return;
      }
      if (options.all === true) callback(null, addresses);
      else {
        const first = addresses[0];
        if (first === undefined)
          callback(new DownloadError(url, `${hostname} has no address`), '', 0);
        else callback(null, first.address, first.family);
      }
    });
  };
}

type Decoding =
  | { kind: 'identity' }
  | { kind: 'decode'; stream: Transform }
  | { kind: 'unknown'; reason: string };

/** The body's decoder for a Content-Encoding, or a reason it has none. */
function decoderFor(encoding: string | undefined): Decoding {
  const name = (encoding ?? '').trim().toLowerCase();
  if (name === '' || name === 'identity') return { kind: 'identity' };
  if (name === 'gzip' || name === 'x-gzip') return { kind: 'decode', stream: createGunzip() };
  if (name === 'deflate') return { kind: 'decode', stream: createInflate() };
  if (name === 'br') return { kind: 'decode', stream: createBrotliDecompress() };
  return {
    kind: 'unknown',
    reason: `the answer is compressed as "${name.slice(0, 40)}", which Trawl cannot read`,
  };
}

interface Hop {
  url: URL;
  remaining: number;
  seen: Set<string>;
}

/**
 * GETs `url` under the options' limits. Throws DownloadError naming the URL for any failure:
 * a scheme other than http(s), a private address where none is allowed, a redirect elsewhere
 * or in a loop, an HTTP error status, a body too large (also once decompressed), or no
 * complete answer in time.
 */
export async function httpGet(url: string, options: HttpGetOptions): Promise<HttpGetResult> {
  const reason = unfetchableReason(url);
  if (reason !== undefined) throw new DownloadError(url, reason);
  const deadline = Date.now() + options.timeoutMs;
  return getHop(url, options, deadline, {
    url: new URL(url),
    remaining: options.maxRedirects,
    seen: new Set([new URL(url).href]),
  });
}

function getHop(
  original: string,
  options: HttpGetOptions,
  deadline: number,
  hop: Hop,
): Promise<HttpGetResult> {
  const target = hop.url;
  const address = literalAddress(target);
  if (!options.allowPrivate && address !== undefined && isPrivateAddress(address)) {
    return Promise.reject(
      new DownloadError(
        target.href,
        `${address} is an address of this machine or a private network; links in a feed from elsewhere may not lead there`,
      ),
    );
  }
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    accept: '*/*',
    'accept-encoding': 'gzip, deflate, br',
  };
  if (options.etag !== undefined) headers['if-none-match'] = options.etag;
  if (options.lastModified !== undefined) headers['if-modified-since'] = options.lastModified;
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (outcome: HttpGetResult | Error | Promise<HttpGetResult>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const fail = (problem: string): void => finish(new DownloadError(target.href, problem));
    const request = send(
      target,
      {
        method: 'GET',
        headers,
        agent: false,
        ...(options.allowPrivate ? {} : { lookup: guardedLookup(target.href) }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && status !== 304) {
          response.resume();
          finish(redirect(original, options, deadline, hop, response));
          return;
        }
        const remoteAddress = response.socket.remoteAddress;
        if (status === 304) {
          response.resume();
          finish({ kind: 'not-modified', url: target.href, remoteAddress });
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          fail(`HTTP ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}`);
          return;
        }
        readBody(response, options.maxBytes, target.href).then(
          (body) =>
            finish({
              kind: 'body',
              body,
              etag: headerText(response, 'etag'),
              lastModified: headerText(response, 'last-modified'),
              contentType: headerText(response, 'content-type'),
              url: target.href,
              remoteAddress,
            }),
          (error: unknown) =>
            finish(error instanceof Error ? error : new DownloadError(target.href, String(error))),
        );
      },
    );
    const timer = setTimeout(
      () =>
        fail(
          `no complete answer within ${Math.round(options.timeoutMs / 100) / 10} s (the host is slow or stalled)`,
        ),
      Math.max(0, deadline - Date.now()),
    );
    request.on('error', (error) =>
      finish(
        error instanceof DownloadError ? error : new DownloadError(target.href, error.message),
      ),
    );
    request.end();
  });
}

function headerText(response: IncomingMessage, name: string): string | undefined {
  const value = response.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text === '' ? undefined : text;
}

/** Follows one redirect, checking where it leads before anything is sent there. */
function redirect(
  original: string,
  options: HttpGetOptions,
  deadline: number,
  hop: Hop,
  response: IncomingMessage,
): Promise<HttpGetResult> {
  const from = hop.url.href;
  const location = headerText(response, 'location');
  if (location === undefined)
    return Promise.reject(
      new DownloadError(from, `HTTP ${response.statusCode} without a Location`),
    );
  let next: URL;
  try {
    next = new URL(location, hop.url);
  } catch {
    return Promise.reject(
      new DownloadError(from, `redirects to "${location.slice(0, 100)}", which is not a URL`),
    );
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    return Promise.reject(
      new DownloadError(
        from,
        `redirects to a ${next.protocol} URL; only http:// and https:// are followed`,
      ),
    );
  }
  if (hop.seen.has(next.href)) {
    return Promise.reject(
      new DownloadError(original, `redirects in a loop (back to ${shownUrl(next)})`),
    );
  }
  if (hop.remaining <= 0) {
    return Promise.reject(
      new DownloadError(original, `more than ${options.maxRedirects} redirects; gave up`),
    );
  }
  return getHop(original, options, deadline, {
    url: next,
    remaining: hop.remaining - 1,
    seen: new Set([...hop.seen, next.href]),
  });
}

/** Reads a body (decoded) up to `maxBytes`; more is an error, never a truncated body. */
function readBody(response: IncomingMessage, maxBytes: number, url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(headerText(response, 'content-length') ?? Number.NaN);
    const encoding = headerText(response, 'content-encoding');
    const tooBig = (): DownloadError =>
      new DownloadError(
        url,
        `larger than ${megabytes(maxBytes)}${encoding === undefined ? '' : ' once decompressed'}; not read`,
      );
    if (encoding === undefined && Number.isFinite(declared) && declared > maxBytes) {
      response.resume();
      reject(tooBig());
      return;
    }
    const decoding = decoderFor(encoding);
    if (decoding.kind === 'unknown') {
      response.resume();
      reject(new DownloadError(url, decoding.reason));
      return;
    }
    const source: Readable =
      decoding.kind === 'identity' ? response : response.pipe(decoding.stream);
    const parts: Buffer[] = [];
    let received = 0;
    let done = false;
    const stop = (error: Error | undefined): void => {
      if (done) return;
      done = true;
      if (error === undefined) resolve(Buffer.concat(parts));
      else {
        response.destroy();
        if (source !== response) source.destroy();
        reject(error);
      }
    };
    source.on('data', (part: Buffer) => {
      received += part.length;
      if (received > maxBytes) stop(tooBig());
      else parts.push(part);
    });
    source.on('end', () => stop(undefined));
    source.on('error', (error) =>
      stop(
        new DownloadError(
          url,
          source === response ? error.message : `cannot decompress (${error.message})`,
        ),
      ),
    );
    response.on('error', (error) => stop(new DownloadError(url, error.message)));
    response.on('close', () => {
      if (!response.complete) stop(new DownloadError(url, 'the connection closed mid-answer'));
    });
  });
}
