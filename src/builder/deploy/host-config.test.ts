import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import {
  nginxPath,
  nginxServerBlock,
  normaliseBasePath,
  staticHostHeaders,
  staticHostRedirects,
} from './host-config.ts';

const run = promisify(execFile);
const NGINX = '/usr/sbin/nginx';

describe('normaliseBasePath', () => {
  test('accepts a base path with or without its slashes', () => {
    expect(normaliseBasePath('/')).toBe('/');
    expect(normaliseBasePath('')).toBe('/');
    expect(normaliseBasePath('sub')).toBe('/sub/');
    expect(normaliseBasePath('/sub')).toBe('/sub/');
    expect(normaliseBasePath(' /a/b-c_1/ ')).toBe('/a/b-c_1/');
  });

  test('rejects paths that would escape or need escaping', () => {
    expect(() => normaliseBasePath('/../etc/')).toThrow(/--base-path "\/\.\.\/etc\/"/);
    expect(() => normaliseBasePath('/a b/')).toThrow(/folder names of letters/);
    expect(() => normaliseBasePath('https://example.org/x/')).toThrow(/--base-path/);
  });
});

/** Folder names with what nginx's syntax gives meaning to; each must stay one path. */
const AWKWARD_ROOTS = [
  '/home/me/My Podcast/public',
  '/srv/a;b/public',
  '/srv/{x}/public',
  '/srv/#1/public',
  '/srv/"quoted"/public',
  '/srv/back\\slash/public',
  "/srv/it's/public",
];

describe('nginxPath', () => {
  test('quotes a path, escaping only quotes and backslashes', () => {
    expect(nginxPath('/srv/My Podcast; {x} #1/public')).toBe('"/srv/My Podcast; {x} #1/public"');
    expect(nginxPath('/srv/"q" \\ x')).toBe('"/srv/\\"q\\" \\\\ x"');
  });

  test('refuses a "$" (an nginx variable) and control characters (a new line ends a comment)', () => {
    expect(() => nginxPath('/srv/$host/public')).toThrow(
      /"\/srv\/\$host\/public" cannot be written into an nginx config: it holds a "\$", which nginx would read as a variable/,
    );
    expect(() => nginxPath('/srv/x\n    include /etc/passwd;\n/public')).toThrow(
      /it holds the control character U\+000A, which would end a line of the config/,
    );
    expect(() => nginxPath('/srv/tab\there')).toThrow(/U\+0009/);
  });

  test('writes the root and the include hint quoted', () => {
    const block = nginxServerBlock({ basePath: '/', root: '/srv/My Podcast/public' });
    expect(block).toContain('    root "/srv/My Podcast/public";\n');
    expect(block).toContain('#     include "/srv/My Podcast/nginx/trawl.conf";\n');
  });
});

describe('nginxServerBlock', () => {
  test('with pre-rendered pages, an episode is its own page and an unknown path the 404 page', () => {
    const pages = nginxServerBlock({ basePath: '/sub/', root: '/srv/trawl/public', pages: true });
    const episodes =
      /location ~ \^\/sub\/episodes\/\(\[\^\/\]\+\?\)\/\?\$ \{([\s\S]*?)\n {4}\}/.exec(pages)?.[1];
    expect(episodes).toContain('try_files /sub/episodes/$1.html =404;');
    expect(episodes).toContain('error_page 404 /sub/404.html;');
    const rest = /location \/sub\/ \{([\s\S]*?)\n {4}\}/.exec(pages)?.[1];
    expect(rest).toContain('try_files $uri $uri/index.html =404;');
    expect(rest).toContain('error_page 404 /sub/404.html;');
    expect(pages).not.toContain('/sub/index.html;\n');
  });

  const block = nginxServerBlock({ basePath: '/', root: '/srv/trawl/public' });

  test('turns compression off for the database and sets the cache policy per folder', () => {
    const db = /location \^~ \/db\/ \{([\s\S]*?)\n {4}\}/.exec(block)?.[1] ?? '';
    expect(db).toContain('gzip off;');
    expect(db).toContain('add_header Cache-Control "public, max-age=31536000, immutable";');
    expect(db).toContain(
      'add_header Access-Control-Expose-Headers "Accept-Ranges, Content-Length, Content-Range" always;',
    );
    expect(db).toContain('try_files $uri =404;');
    const latest = /location = \/db\/latest\.json \{([\s\S]*?)\n {4}\}/.exec(block)?.[1] ?? '';
    expect(latest).toContain('add_header Cache-Control "no-cache" always;');
    expect(block).toMatch(/location = \/index\.html \{\n\s+add_header Cache-Control "no-cache";/);
    expect(block).toMatch(
      /location \^~ \/assets\/ \{\n\s+add_header Cache-Control "public, max-age=31536000, immutable";/,
    );
  });

  test('lets only the site itself frame its pages', () => {
    for (const location of [
      /location = \/index\.html \{([\s\S]*?)\n {4}\}/,
      /location \/ \{([\s\S]*?)\n {4}\}/,
    ]) {
      const body = location.exec(block)?.[1] ?? '';
      expect(body).toContain(`add_header Content-Security-Policy "frame-ancestors 'self'" always;`);
      expect(body).toContain('add_header X-Frame-Options "SAMEORIGIN" always;');
    }
  });

  test('falls back to index.html for routes only, after the by-extension 404 rule', () => {
    expect(block).toContain('try_files $uri $uri/ /index.html;');
    expect(block).toMatch(/location ~\* \^\/\.\*\\\.\(\?:js\|mjs\|css\|/);
    expect(block).not.toContain('return 301');
  });

  test('puts every location under the base path and redirects the bare path', () => {
    const sub = nginxServerBlock({ basePath: '/sub/', root: '/srv/trawl/public' });
    expect(sub).toContain('location = /sub {\n        return 301 /sub/;');
    expect(sub).toContain('location ^~ /sub/db/ {');
    expect(sub).toContain('location = /sub/db/latest.json {');
    expect(sub).toContain('try_files $uri $uri/ /sub/index.html;');
    expect(sub).toContain('location ~* ^/sub/.*\\.(?:js|');
    expect(sub).not.toMatch(/location \^~ \/db\//);
  });

  test.skipIf(!existsSync(NGINX))(
    'is accepted by nginx -t inside a complete nginx.conf',
    async () => {
      const prefix = await mkdtemp(join(tmpdir(), 'trawl-nginx-t-'));
      try {
        for (const [basePath, pages, root] of [
          ['/', false, prefix],
          ['/sub/', false, prefix],
          ['/', true, prefix],
          ['/sub/', true, prefix],
          ...AWKWARD_ROOTS.map((awkward) => ['/', true, awkward] as const),
        ] as const) {
          const server = nginxServerBlock({
            basePath,
            root,
            listen: ['127.0.0.1:1'],
            pages,
          });
          const conf = join(prefix, 'nginx.conf');
          await writeFile(
            conf,
            [
              `pid ${prefix}/nginx.pid;`,
              `error_log ${prefix}/error.log;`,
              'events {}',
              `http { include /etc/nginx/mime.types; client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fastcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;`,
              server,
              '}',
            ].join('\n'),
          );
          const result = await run(NGINX, [
            '-t',
            '-p',
            prefix,
            '-e',
            `${prefix}/error.log`,
            '-c',
            conf,
          ]);
          expect(result.stderr, root).toContain('syntax is ok');
        }
      } finally {
        await rm(prefix, { recursive: true, force: true });
      }
    },
  );
});

describe('Netlify / Cloudflare Pages files', () => {
  test('_headers gives each header name one rule per path', () => {
    expect(staticHostHeaders('/')).toMatchInlineSnapshot(`
      "# Trawl: response headers for Netlify and Cloudflare Pages (generated by \`trawl bundle\`).
      # Database chunks must reach the browser uncompressed with byte ranges: run
      # \`trawl check-host <url>\` after every deploy.

      /*
        X-Content-Type-Options: nosniff
        Content-Security-Policy: frame-ancestors 'self'
        X-Frame-Options: SAMEORIGIN

      /db/latest.json
        Cache-Control: no-cache
        Access-Control-Allow-Origin: *
        Access-Control-Expose-Headers: Accept-Ranges, Content-Length, Content-Range

      /db/:version/*
        Cache-Control: public, max-age=31536000, immutable
        Access-Control-Allow-Origin: *
        Access-Control-Expose-Headers: Accept-Ranges, Content-Length, Content-Range

      /assets/*
        Cache-Control: public, max-age=31536000, immutable

      /audio/*
        Cache-Control: public, max-age=86400
        Access-Control-Allow-Origin: *
        Access-Control-Expose-Headers: Accept-Ranges, Content-Length, Content-Range

      /images/*
        Cache-Control: public, max-age=86400
        Access-Control-Allow-Origin: *
        Access-Control-Expose-Headers: Accept-Ranges, Content-Length, Content-Range

      /hosts/*
        Cache-Control: public, max-age=86400
        Access-Control-Allow-Origin: *
        Access-Control-Expose-Headers: Accept-Ranges, Content-Length, Content-Range

      /
        Cache-Control: no-cache

      /index.html
        Cache-Control: no-cache

      /episodes/*
        Cache-Control: no-cache

      /page/*
        Cache-Control: no-cache
      "
    `);
  });

  test('with pre-rendered pages, nothing is rewritten to index.html', () => {
    for (const base of ['/', '/sub/']) {
      const redirects = staticHostRedirects(base, { pages: true });
      expect(redirects).not.toContain('index.html');
      expect(redirects).not.toMatch(/^\/.*episodes/m);
    }
    expect(staticHostRedirects('/sub/', { pages: true })).toContain('\n/sub  /sub/  301\n');
  });

  test('_headers and _redirects follow the base path', () => {
    const headers = staticHostHeaders('/sub/');
    expect(headers).toContain('\n/sub/db/:version/*\n');
    // The rule's `:version` matches `chunks` too: chunk files named by their bytes are immutable.
    expect(headers).toMatch(
      /\n\/sub\/db\/:version\/\*\n {2}Cache-Control: public, max-age=31536000, immutable\n/,
    );
    expect(headers).toContain('\n/sub/\n  Cache-Control: no-cache');
    expect(headers).not.toMatch(/^\/db\//m);
    expect(staticHostRedirects('/')).toBe(
      '# Trawl: routes of the single-page app (generated by `trawl bundle`).\n/episodes/*  /index.html  200\n/page/*  /index.html  200\n',
    );
    expect(staticHostRedirects('/sub/')).toContain(
      '/sub/episodes/*  /sub/index.html  200\n/sub/page/*  /sub/index.html  200\n/sub  /sub/  301\n',
    );
  });
});
