import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { EARLY_SEARCH_SCRIPT } from './src/core/early-search.ts';

/**
 * The site's Content-Security-Policy, and the Vite plugin that puts it in index.html as a meta
 * tag (see docs/security.md). It allows exactly what the site does:
 * - scripts and the database worker from the site itself; WebAssembly compilation for SQLite
 *   ('wasm-unsafe-eval', which allows no JavaScript eval); one inline script, by its hash: the
 *   search form's handler before the app takes over (src/core/early-search.ts);
 * - fetches (latest.json, config.json) from the site itself; the worker's range requests run
 *   under the worker's own policy, which is the host's header, if any;
 * - images and audio from the site and the media host; `data:` images for inlined icons;
 * - inline styles, because react-select (emotion) writes <style> elements at run time;
 * - nothing else: no plugins, no <base> elsewhere, forms submit only to the site.
 * The media host is known only when the site is deployed, so `trawl bundle` rewrites the
 * meta tag with `withContentSecurityPolicy` for its `--media-base`.
 */

export interface CspOptions {
  /** Origins other than the site's own that serve media (audio, images, avatars). */
  mediaOrigins?: readonly string[];
  /**
   * Audio comes from the feed's enclosure URLs (site setting `audio: 'enclosure'`): those are
   * on any host and redirect through trackers, so media-src must allow any https origin.
   */
  anyHttpsAudio?: boolean;
}

/** The origin (`https://host:port`) of a media base URL, or undefined for a relative one. */
export function mediaOriginOf(mediaBase: string): string | undefined {
  if (!/^https?:\/\//i.test(mediaBase.trim())) return undefined;
  return new URL(mediaBase.trim()).origin;
}

/** The CSP source that allows the one inline script, `'sha256-…'` of its exact text. */
export const EARLY_SEARCH_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(EARLY_SEARCH_SCRIPT).digest('base64')}'`;

/** The policy text for the meta tag. */
export function contentSecurityPolicy(options: CspOptions = {}): string {
  const origins = [...new Set(options.mediaOrigins ?? [])];
  const directives: string[][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", EARLY_SEARCH_SCRIPT_SOURCE, "'wasm-unsafe-eval'"],
    ['worker-src', "'self'"],
    ['connect-src', "'self'"],
    ['img-src', "'self'", 'data:', ...origins],
    ['media-src', "'self'", ...origins, ...(options.anyHttpsAudio ? ['https:'] : [])],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['font-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

const META = /<meta http-equiv="Content-Security-Policy" content="[^"]*"\s*\/?>/i;

/** The meta tag for a policy. The policy has no characters that need escaping in an attribute. */
export function cspMetaTag(policy: string): string {
  if (/["<>&]/.test(policy)) throw new Error(`CSP has characters that need escaping: ${policy}`);
  return `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
}

/**
 * Replaces the policy in a built index.html (for a media host known only at deploy time). The
 * tag must already be there, first in <head>, where the plugin puts it.
 */
export function withContentSecurityPolicy(html: string, options: CspOptions): string {
  if (!META.test(html))
    throw new Error('index.html has no Content-Security-Policy meta tag to rewrite');
  return html.replace(META, cspMetaTag(contentSecurityPolicy(options)));
}

/** The policy index.html carries in a document, or undefined. */
export function readContentSecurityPolicy(html: string): string | undefined {
  return /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/i.exec(html)?.[1];
}

/**
 * Vite plugin: index.html gets the policy as the first element of <head>, before any script, so
 * it applies to everything the page loads, and right after it the early search script. Only
 * production builds get them: the dev server's hot reload needs inline scripts and a websocket.
 */
export function cspMetaPlugin(options: CspOptions = {}): Plugin {
  return {
    name: 'trawl:csp-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        // Right after <meta charset> (which must come first), before any script or style.
        const anchor = [/<meta charset="[^"]*"\s*\/?>/i, /<head>/i].find((tag) => tag.test(html));
        if (!anchor) throw new Error('index.html has no <head> for the CSP meta tag');
        return html.replace(
          anchor,
          (tag) =>
            `${tag}\n    ${cspMetaTag(contentSecurityPolicy(options))}\n    <script>${EARLY_SEARCH_SCRIPT}</script>`,
        );
      },
    },
  };
}
