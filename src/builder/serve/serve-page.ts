/**
 * How `trawl serve` answers a page: its CSP meta tag rewritten to the served database's policy,
 * the rest streamed from the file, compressed on the way when the browser asks for it. A page
 * is never held whole in memory, so many slow readers of a 7 MB page cost buffers, not pages.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { withContentSecurityPolicy, type CspOptions } from '../../../vite-csp-plugin.ts';
import { FRAME_ANCESTORS, X_FRAME_OPTIONS } from '../publish/frame-policy.ts';
import { MIN_COMPRESS_BYTES, negotiateCoding, type ContentCoding } from './compression.ts';

/** How far into a page its CSP meta tag may be: the build puts it right after `<meta charset>`. */
export const HEAD_BYTES = 64 * 1024;

const CSP_META = /<meta http-equiv="Content-Security-Policy" content="[^"]*"\s*\/?>/i;

/** The headers every HTML answer of `trawl serve` carries: framed only by the site itself. */
export const FRAME_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': FRAME_ANCESTORS,
  'X-Frame-Options': X_FRAME_OPTIONS,
};

/**
 * The start of a page up to and including its CSP meta tag, rewritten, and the byte offset in
 * the file where the unchanged rest begins; a page without the tag in its head is sent as built.
 */
async function rewrittenHead(
  file: string,
  policy: CspOptions,
): Promise<{ head: Buffer; restFrom: number; size: number }> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(Math.min(HEAD_BYTES, size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    // The tag is ASCII, so the text before its end decodes exactly even when the read cut a
    // character in two further on.
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    const match = CSP_META.exec(text);
    if (match === null) return { head: Buffer.alloc(0), restFrom: 0, size };
    const through = text.slice(0, match.index + match[0].length);
    return {
      head: Buffer.from(withContentSecurityPolicy(through, policy)),
      restFrom: Buffer.byteLength(through),
      size,
    };
  } finally {
    await handle.close();
  }
}

function compressor(coding: ContentCoding): Transform {
  return coding === 'br'
    ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : createGzip({ level: 6 });
}

/** The page's bytes in order: the rewritten head, then the file from where the head ended. */
async function* pageBytes(file: string, head: Buffer, restFrom: number): AsyncGenerator<Buffer> {
  if (head.length > 0) yield head;
  for await (const chunk of createReadStream(file, { start: restFrom })) {
    if (Buffer.isBuffer(chunk)) yield chunk;
  }
}

/** Answers a page with its CSP meta tag rewritten to the served database's policy, streamed. */
export async function answerPage(
  file: string,
  status: number,
  policy: CspOptions,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<{ status: number; bytes: number }> {
  const { head, restFrom, size } = await rewrittenHead(file, policy);
  const length = head.length + size - restFrom;
  const coding =
    length >= MIN_COMPRESS_BYTES ? negotiateCoding(req.headers['accept-encoding']) : undefined;
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
    ...FRAME_HEADERS,
    // Compressed on the way, the length is unknown until the end: chunked then.
    ...(coding === undefined
      ? { 'Content-Length': String(length) }
      : { 'Content-Encoding': coding }),
  });
  if (req.method === 'HEAD') {
    res.end();
    return { status, bytes: 0 };
  }
  const source = Readable.from(pageBytes(file, head, restFrom));
  let sent = 0;
  res.on('close', () => {
    // A reader that went away (or was dropped for idling) stops the file and the compressor.
    source.destroy();
  });
  const counted = async function* (input: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
    for await (const chunk of input) {
      if (!Buffer.isBuffer(chunk)) continue;
      sent += chunk.length;
      yield chunk;
    }
  };
  const streams =
    coding === undefined
      ? pipeline(source, counted, res)
      : pipeline(source, compressor(coding), counted, res);
  await streams.catch(() => {
    // A reader that leaves mid-page ends the pipeline with an error; the page itself is fine.
  });
  return { status, bytes: sent };
}
