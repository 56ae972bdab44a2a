import { z } from 'zod';
import { FRAME_ANCESTORS, X_FRAME_OPTIONS } from '../publish/frame-policy.ts';

/**
 * Host configuration that `trawl bundle` writes next to the site: an nginx server block, and
 * `_headers` / `_redirects` for Netlify and Cloudflare Pages. Every host gets the same policy
 * (see docs/deploy.md):
 * - database chunks are served byte for byte: ranges on, no gzip or brotli;
 * - version folders, the chunks folder (`db/chunks/<hash>.bin`, decision 0060) and hashed assets
 *   are immutable; `latest.json` and `index.html` revalidate;
 * - with pre-rendered pages (the usual bundle), `/` is `index.html`, `/episodes/14.5` is its own
 *   page `episodes/14.5.html`, `/page/3` is `page/3.html`, and any other path answers `404.html` with status 404; without
 *   pages, route paths (`/episodes/14.5` included) fall back to `index.html`; missing files are
 *   404s;
 * - the database and media folders answer cross-origin readers and expose the range headers.
 */

/** Caches may keep these for ever: version folders and hashed assets never change. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** `latest.json`, `index.html` and routes: caches must ask again before reusing them. */
export const CACHE_REVALIDATE = 'no-cache';
/** Media and unhashed files (icons, favicon) may change, but rarely. */
export const CACHE_MEDIA = 'public, max-age=86400';
/** Headers a cross-origin reader of the database needs to see (sql.js-httpvfs reads them). */
export const CORS_EXPOSED = 'Accept-Ranges, Content-Length, Content-Range';

/** Folders of the web root that hold media (audio, episode images, presenter avatars). */
export const MEDIA_FOLDERS = ['audio', 'images', 'hosts'] as const;

/**
 * Extensions that name files, not routes: a missing one is a real 404, never index.html.
 * Anything else under the base path is a route of the single-page app.
 */
export const ASSET_EXTENSIONS = [
  'js',
  'mjs',
  'css',
  'map',
  'json',
  'wasm',
  'svg',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'avif',
  'ico',
  'mp3',
  'm4a',
  'ogg',
  'txt',
  'xml',
  'webmanifest',
  'woff',
  'woff2',
] as const;

/** Text types worth compressing. Database chunks are application/octet-stream: never listed. */
export const COMPRESSIBLE_TYPES = [
  'text/css',
  'text/javascript',
  'application/javascript',
  'application/json',
  'application/manifest+json',
  'application/wasm',
  'image/svg+xml',
  'text/plain',
  'application/xml',
] as const;

const segment = /^[A-Za-z0-9_-]+$/;

/** A URL base path: '/' or '/a/b/'. Written with or without the slashes around it. */
export const basePathSchema = z
  .string()
  .trim()
  .transform((raw) => raw.split('/').filter((part) => part !== ''))
  .refine((parts) => parts.every((part) => segment.test(part)), {
    message:
      'a base path is made of folder names of letters, digits, "-" and "_" separated by "/" (for example /podcast/)',
  })
  .transform((parts) => (parts.length === 0 ? '/' : `/${parts.join('/')}/`));

/** Normalises a base path to '/' or '/a/b/'; throws a readable error for anything else. */
export function normaliseBasePath(raw: string): string {
  const parsed = basePathSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`--base-path "${raw}": ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/**
 * A path as one nginx string: double-quoted, with `"` and `\\` escaped, so spaces, `;`, `{`,
 * `}` and `#` stay part of it. nginx has no escape for `$` (it would read a variable, taken
 * from the request for `$host`) and a control character such as a newline would end a
 * comment line and start a directive, so a path holding either is refused.
 */
export function nginxPath(path: string): string {
  const unsafe = /[$\p{Cc}]/u.exec(path)?.[0];
  if (unsafe !== undefined) {
    const why =
      unsafe === '$'
        ? 'a "$", which nginx would read as a variable'
        : `the control character U+${unsafe.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}, which would end a line of the config`;
    throw new Error(
      `${JSON.stringify(path)} cannot be written into an nginx config: it holds ${why}; choose a folder whose path has none`,
    );
  }
  return `"${path.replace(/["\\]/g, '\\$&')}"`;
}

function regexEscape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface NginxOptions {
  /** URL path the site is served under: '/' or '/sub/'. */
  basePath: string;
  /** Absolute path of the web root (`<bundle>/public`). */
  root: string;
  /** `listen` values; default port 80 on IPv4 and IPv6. */
  listen?: string[];
  serverName?: string;
  /** The page policy (`contentSecurityPolicy`): sent on pages beside `frame-ancestors`. */
  contentSecurityPolicy?: string;
  /**
   * The bundle holds pre-rendered pages (`index.html`, `episodes/<n>.html`, `404.html`): each
   * route answers its own page and an unknown one the 404 page. Without: the SPA fallback.
   */
  pages?: boolean;
}

/** The CORS headers of the database and media folders, `always` so errors are readable too. */
function nginxCors(indent: string): string[] {
  return [
    `${indent}add_header Access-Control-Allow-Origin "*" always;`,
    `${indent}add_header Access-Control-Allow-Methods "GET, HEAD, OPTIONS" always;`,
    `${indent}add_header Access-Control-Allow-Headers "Range, If-Range" always;`,
    `${indent}add_header Access-Control-Expose-Headers "${CORS_EXPOSED}" always;`,
    `${indent}add_header X-Content-Type-Options "nosniff" always;`,
    `${indent}if ($request_method = OPTIONS) {`,
    `${indent}    return 204;`,
    `${indent}}`,
  ];
}

/**
 * The header policy of the site's pages: the page's own policy (the one in index.html, which
 * names exactly the media origins the database uses) plus `frame-ancestors`, or only
 * `frame-ancestors` when no page policy is given.
 */
function headerPolicy(pagePolicy: string | undefined): string {
  if (pagePolicy !== undefined && /["\n\r]/.test(pagePolicy)) {
    throw new Error('a Content-Security-Policy cannot hold quotes or line breaks');
  }
  return pagePolicy === undefined ? FRAME_ANCESTORS : `${pagePolicy}; ${FRAME_ANCESTORS}`;
}

function nginxFraming(indent: string, pagePolicy: string | undefined): string[] {
  return [
    `${indent}add_header Content-Security-Policy "${headerPolicy(pagePolicy)}" always;`,
    `${indent}add_header X-Frame-Options "${X_FRAME_OPTIONS}" always;`,
  ];
}

/** The headers of a page: revalidated, not sniffed, framed only by the site. */
function nginxPageHeaders(indent: string, pagePolicy: string | undefined): string[] {
  return [
    `${indent}add_header Cache-Control "${CACHE_REVALIDATE}";`,
    `${indent}add_header X-Content-Type-Options "nosniff" always;`,
    ...nginxFraming(indent, pagePolicy),
  ];
}

/** Without pre-rendered pages every route is the single-page app's index.html. */
function nginxSpaRoutes(base: string, pagePolicy: string | undefined): string[] {
  return [
    '    # Everything else is a route of the single-page app (/episodes/14.5 included).',
    `    location ${base} {`,
    ...nginxPageHeaders('        ', pagePolicy),
    `        try_files $uri $uri/ ${base}index.html;`,
    '    }',
  ];
}

/**
 * With pre-rendered pages each route answers its own page: `/episodes/14.5` (or
 * `/episodes/14.5/`) is `episodes/14.5.html`; an episode without a page and any other path get
 * `404.html` with status 404 (error_page keeps the status).
 */
function nginxPageRoutes(base: string, pagePolicy: string | undefined): string[] {
  return [
    '    # Pre-rendered pages: /episodes/14.5 is episodes/14.5.html; no page: the 404 page.',
    `    location ~ ^${regexEscape(base)}episodes/([^/]+?)/?$ {`,
    ...nginxPageHeaders('        ', pagePolicy),
    `        error_page 404 ${base}404.html;`,
    `        try_files ${base}episodes/$1.html =404;`,
    '    }',
    '',
    "    # The list's pages: /page/3 is page/3.html (its links work without scripts).",
    `    location ~ ^${regexEscape(base)}page/([0-9]+)/?$ {`,
    ...nginxPageHeaders('        ', pagePolicy),
    `        error_page 404 ${base}404.html;`,
    `        try_files ${base}page/$1.html =404;`,
    '    }',
    '',
    '    # / is the pre-rendered first page; any other unknown path is the 404 page.',
    `    location ${base} {`,
    ...nginxPageHeaders('        ', pagePolicy),
    `        error_page 404 ${base}404.html;`,
    '        try_files $uri $uri/index.html =404;',
    '    }',
  ];
}

/**
 * An nginx `server { … }` block for a bundle. It is meant to be included inside the `http`
 * block of nginx.conf, which must include mime.types (Debian's does). nginx drops inherited
 * `add_header`s in any location that sets its own, so every location lists all of its headers.
 */
export function nginxServerBlock(options: NginxOptions): string {
  const base = normaliseBasePath(options.basePath);
  const listen = options.listen ?? ['80', '[::]:80'];
  const i1 = '    ';
  const i2 = '        ';
  const lines: string[] = [
    '# Trawl: generated by `trawl bundle` (see docs/deploy.md).',
    '# Include it inside the http {} block of nginx.conf, for example:',
    `#     include ${nginxPath(`${options.root.replace(/\/public$/, '')}/nginx/trawl.conf`)};`,
    '# It relies on mime.types being included there (Debian and most packages do).',
    'server {',
    ...listen.map((value) => `${i1}listen ${value};`),
    `${i1}server_name ${options.serverName ?? '_'};`,
    `${i1}root ${nginxPath(options.root)};`,
    `${i1}index index.html;`,
    `${i1}absolute_redirect off;`,
    `${i1}server_tokens off;`,
    '',
    '    # Text is compressed; the database folder turns compression off (below).',
    `${i1}gzip on;`,
    `${i1}gzip_vary on;`,
    `${i1}gzip_comp_level 6;`,
    `${i1}gzip_min_length 256;`,
    `${i1}gzip_types ${COMPRESSIBLE_TYPES.join(' ')};`,
    '    # With the ngx_brotli module loaded (Debian: libnginx-mod-http-brotli-filter), uncomment',
    '    # these two lines and the "brotli off;" lines below:',
    `${i1}# brotli on;`,
    `${i1}# brotli_types ${COMPRESSIBLE_TYPES.join(' ')};`,
    '',
  ];
  if (base !== '/') {
    lines.push(
      '    # Only the base path belongs to Trawl.',
      `${i1}location = ${base.slice(0, -1)} {`,
      `${i2}return 301 ${base};`,
      `${i1}}`,
      `${i1}location / {`,
      `${i2}return 404;`,
      `${i1}}`,
      '',
    );
  }
  lines.push(
    '    # latest.json names the current version: revalidate on every use.',
    `${i1}location = ${base}db/latest.json {`,
    `${i2}gzip off;`,
    `${i2}# brotli off;`,
    `${i2}add_header Cache-Control "${CACHE_REVALIDATE}" always;`,
    ...nginxCors(i2),
    `${i2}try_files $uri =404;`,
    `${i1}}`,
    '',
    '    # Version folders and chunks/ never change. SQLite reads them with byte ranges (206), which must reach',
    '    # the browser uncompressed: gzip here breaks ranges and corrupts the database.',
    `${i1}location ^~ ${base}db/ {`,
    `${i2}gzip off;`,
    `${i2}# brotli off;`,
    `${i2}add_header Cache-Control "${CACHE_IMMUTABLE}";`,
    ...nginxCors(i2),
    `${i2}try_files $uri =404;`,
    `${i1}}`,
    '',
    '    # Hashed build output: immutable; a missing file is a 404, never index.html.',
    `${i1}location ^~ ${base}assets/ {`,
    `${i2}add_header Cache-Control "${CACHE_IMMUTABLE}";`,
    `${i2}add_header X-Content-Type-Options "nosniff" always;`,
    `${i2}try_files $uri =404;`,
    `${i1}}`,
    '',
  );
  for (const folder of MEDIA_FOLDERS) {
    lines.push(
      `${i1}location ^~ ${base}${folder}/ {`,
      `${i2}add_header Cache-Control "${CACHE_MEDIA}";`,
      ...nginxCors(i2),
      `${i2}try_files $uri =404;`,
      `${i1}}`,
    );
  }
  lines.push(
    '',
    '    # The app shell names the current hashed assets: revalidate on every use.',
    `${i1}location = ${base}index.html {`,
    `${i2}add_header Cache-Control "${CACHE_REVALIDATE}";`,
    `${i2}add_header X-Content-Type-Options "nosniff" always;`,
    ...nginxFraming(i2, options.contentSecurityPolicy),
    `${i1}}`,
    '',
    "    # The static hosts' own files (_headers, _redirects) are not part of the site.",
    `${i1}location ~ ^${regexEscape(base)}_(?:headers|redirects)$ {`,
    `${i2}return 404;`,
    `${i1}}`,
    '',
    '    # Other files, by extension: a missing one is a real 404.',
    `${i1}location ~* ^${regexEscape(base)}.*\\.(?:${ASSET_EXTENSIONS.join('|')})$ {`,
    `${i2}add_header Cache-Control "${CACHE_MEDIA}";`,
    `${i2}add_header X-Content-Type-Options "nosniff" always;`,
    `${i2}try_files $uri =404;`,
    `${i1}}`,
    '',
    ...(options.pages === true
      ? nginxPageRoutes(base, options.contentSecurityPolicy)
      : nginxSpaRoutes(base, options.contentSecurityPolicy)),
    '}',
    '',
  );
  return lines.join('\n');
}

/**
 * `_headers` for Netlify and Cloudflare Pages. Both merge every rule that matches a path and
 * join repeated header names with commas, so no header name appears in two rules that can
 * match the same path (`db/:version/*` never matches `db/latest.json`).
 */
export function staticHostHeaders(basePath: string, pagePolicy?: string): string {
  const base = normaliseBasePath(basePath);
  const cors = [
    '  Access-Control-Allow-Origin: *',
    `  Access-Control-Expose-Headers: ${CORS_EXPOSED}`,
  ];
  const blocks: string[][] = [
    [
      '# Trawl: response headers for Netlify and Cloudflare Pages (generated by `trawl bundle`).',
      '# Database chunks must reach the browser uncompressed with byte ranges: run',
      '# `trawl check-host <url>` after every deploy.',
    ],
    [
      `${base}*`,
      '  X-Content-Type-Options: nosniff',
      `  Content-Security-Policy: ${headerPolicy(pagePolicy)}`,
      `  X-Frame-Options: ${X_FRAME_OPTIONS}`,
    ],
    [`${base}db/latest.json`, `  Cache-Control: ${CACHE_REVALIDATE}`, ...cors],
    [`${base}db/:version/*`, `  Cache-Control: ${CACHE_IMMUTABLE}`, ...cors],
    [`${base}assets/*`, `  Cache-Control: ${CACHE_IMMUTABLE}`],
    ...MEDIA_FOLDERS.map((folder) => [
      `${base}${folder}/*`,
      `  Cache-Control: ${CACHE_MEDIA}`,
      ...cors,
    ]),
    [base, `  Cache-Control: ${CACHE_REVALIDATE}`],
    [`${base}index.html`, `  Cache-Control: ${CACHE_REVALIDATE}`],
    [`${base}episodes/*`, `  Cache-Control: ${CACHE_REVALIDATE}`],
    [`${base}page/*`, `  Cache-Control: ${CACHE_REVALIDATE}`],
  ];
  return `${blocks.map((block) => block.join('\n')).join('\n\n')}\n`;
}

/**
 * `_redirects` for Netlify and Cloudflare Pages. With pre-rendered pages nothing is rewritten.
 * Without, only the app's routes are rewritten to index.html. A catch-all `/*` rule would answer missing assets and chunks with HTML (and on
 * Cloudflare, whose rules win over existing files, every asset). Other unknown paths get the
 * host's 404 page, which the bundle makes a copy of the app (`404.html`).
 */
export function staticHostRedirects(basePath: string, options: { pages?: boolean } = {}): string {
  const base = normaliseBasePath(basePath);
  // With pre-rendered pages the hosts serve /episodes/3 from episodes/3.html themselves (a
  // rewrite to the .html file loops on Cloudflare, which strips .html with a 308).
  const lines =
    options.pages === true
      ? [
          '# Trawl: pre-rendered pages; the hosts serve /episodes/<n> from episodes/<n>.html and /page/<n> from page/<n>.html.',
        ]
      : [
          '# Trawl: routes of the single-page app (generated by `trawl bundle`).',
          `${base}episodes/*  ${base}index.html  200`,
          `${base}page/*  ${base}index.html  200`,
        ];
  if (base !== '/') lines.push(`${base.slice(0, -1)}  ${base}  301`);
  return `${lines.join('\n')}\n`;
}
