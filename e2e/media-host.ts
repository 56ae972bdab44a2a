/**
 * A second local origin that stands in for a podcast's remote media host (its CDN, its
 * analytics redirector), for tests that build a real feed: `mapFeedMedia` rewrites the feed's
 * artwork, avatar and enclosure URLs to this origin, and `startMediaHost` serves a small real
 * image or mp3 at every one of those paths. The rewrite happens in the test only; the builder
 * and the site see an ordinary feed whose media lives on another origin.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import { startServer, type RunningServer } from '../src/builder/serve/serve.ts';
import { DEMO_MEDIA } from '../scripts/demo-site.ts';

/**
 * What in a feed names media: the attributes of artwork, avatars and enclosures
 * (`href="…"`, `img="…"`, `url="…"`) and the channel's `<image><url>…</url>`.
 */
const MEDIA_URL =
  /\b(href|img|url)="(https?:\/\/[^"]+\.(?:jpe?g|png|mp3)(?:\?[^"]*)?)"|<(url)>\s*(https?:\/\/[^<\s]+\.(?:jpe?g|png))\s*<\/url>/gi;

/** What a feed URL is, by the attribute that names it. */
export type MediaKind = 'artwork' | 'avatar' | 'audio';

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG of `size`×`size` pixels: a diagonal two-colour split, so a screenshot shows a real
 * picture (not the demo's artwork, whose words would be demo-show text).
 */
export function generatedPng(size: number, [a, b]: [number[], number[]]): Buffer {
  const rows: number[] = [];
  for (let y = 0; y < size; y += 1) {
    rows.push(0);
    for (let x = 0; x < size; x += 1) rows.push(...(x + y < size ? a : b));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The path on the stand-in host that serves a feed URL: `/<host>/<path>` (query dropped). */
export function standInPath(url: string): string {
  const parsed = new URL(url);
  return `/${parsed.host}${parsed.pathname}`;
}

/**
 * Rewrites the feed's media URLs to `origin` (for example `http://127.0.0.1:4567`) and lists
 * the paths the stand-in must serve.
 */
export function mapFeedMedia(
  feed: string,
  origin: string,
): { feed: string; paths: Map<string, MediaKind> } {
  const paths = new Map<string, MediaKind>();
  const mapped = feed.replace(
    MEDIA_URL,
    (_whole, attribute?: string, url?: string, element?: string, text?: string) => {
      const path = standInPath((url ?? text ?? '').replace(/&amp;/g, '&'));
      const kind = path.endsWith('.mp3') ? 'audio' : attribute === 'img' ? 'avatar' : 'artwork';
      if (!paths.has(path) || kind === 'avatar') paths.set(path, kind);
      return element === undefined
        ? `${attribute}="${origin}${path}"`
        : `<url>${origin}${path}</url>`;
    },
  );
  return { feed: mapped, paths };
}

/** Fills `folder` with a small real file for each path: generated pictures, the demo's audio. */
export async function fillMediaFolder(
  folder: string,
  paths: ReadonlyMap<string, MediaKind>,
): Promise<void> {
  const artwork = generatedPng(96, [
    [0x1a, 0x6b, 0x8f],
    [0xf0, 0xcb, 0x2e],
  ]);
  const avatar = generatedPng(48, [
    [0x8f, 0x3b, 0x1a],
    [0xe8, 0xd9, 0xc4],
  ]);
  for (const [path, kind] of paths) {
    const target = join(folder, decodeURIComponent(path));
    if (!target.startsWith(folder)) throw new Error(`media path leaves its folder: ${path}`);
    await mkdir(dirname(target), { recursive: true });
    if (kind === 'audio') await copyFile(resolve(DEMO_MEDIA, 'audio/1.mp3'), target);
    else await writeFile(target, kind === 'avatar' ? avatar : artwork);
  }
}

/** Serves `folder` as the media host on a port of its own (a second origin). */
export async function startMediaHost(folder: string, port = 0): Promise<RunningServer> {
  return startServer({ mounts: [{ prefix: '/', dir: folder }], port });
}

/** Reads a feed, maps its media to a stand-in origin and writes it into `folder/feed.xml`. */
export async function writeMappedFeed(
  source: string,
  folder: string,
  origin: string,
): Promise<{ file: string; paths: Map<string, MediaKind> }> {
  const { feed, paths } = mapFeedMedia(await readFile(source, 'utf8'), origin);
  const file = join(folder, 'feed.xml');
  await writeFile(file, feed);
  return { file, paths };
}
