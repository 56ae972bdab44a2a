import {
  checkChunkCache,
  checkCompression,
  checkConfig,
  checkHead,
  checkLatest,
  checkMissingChunk,
  checkRange,
} from './database-rules.ts';
import { checkPages } from './pages.ts';
import {
  checkLongCache,
  FIX_CORS,
  ok,
  ONE_DAY,
  problem,
  warn,
  type EvaluateOptions,
  type Finding,
} from './findings.ts';
import {
  describeOutcome,
  isHtml,
  isResponse,
  parseCacheControl,
  pathOf,
  PROBE_ORIGIN,
  readLatest,
  revalidates,
  type HostObservations,
  type Outcome,
  type RecordedResponse,
} from './responses.ts';

/**
 * The pure rules of `trawl check-host`: what a probe saw (recorded responses) in, findings
 * out. The site-wide rules live here; the database folder's are in database-rules.ts.
 */

function checkIndex(index: Outcome): Finding[] {
  if (!isResponse(index)) {
    return [
      problem(
        'site',
        `the site root did not answer: ${index.error}`,
        'check the URL, and that the host is up and serves the bundle’s public/ folder; then run check-host again',
      ),
    ];
  }
  if (index.status !== 200 || !isHtml(index)) {
    return [
      problem(
        'site',
        `the site root answered ${describeOutcome(index)} (${index.headers['content-type'] ?? 'no type'})`,
        'give the URL of the site root, base path included (for example https://example.org/podcast/)',
      ),
    ];
  }
  const cache = parseCacheControl(index.headers['cache-control']);
  if (cache && revalidates(cache)) {
    return [ok('site', `index.html loads and is revalidated (${index.headers['cache-control']})`)];
  }
  const fix =
    'serve index.html with "Cache-Control: no-cache" so a new deploy reaches visitors at once';
  if (cache?.maxAge !== undefined && (cache.maxAge > ONE_DAY || cache.immutable)) {
    return [
      problem(
        'site',
        `index.html may be cached for ${cache.maxAge} s: visitors keep an old app after a deploy`,
        fix,
      ),
    ];
  }
  return [
    warn(
      'site',
      `index.html loads but caches may keep it (${index.headers['cache-control'] ?? 'no Cache-Control'})`,
      fix,
    ),
  ];
}

function corsGaps(response: RecordedResponse): string[] {
  const gaps: string[] = [];
  const allow = response.headers['access-control-allow-origin'];
  if (allow !== '*' && allow !== PROBE_ORIGIN) gaps.push('Access-Control-Allow-Origin');
  const exposed = (response.headers['access-control-expose-headers'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  if (!exposed.includes('*')) {
    for (const name of ['Accept-Ranges', 'Content-Length', 'Content-Range']) {
      if (!exposed.includes(name.toLowerCase())) gaps.push(`exposed ${name}`);
    }
  }
  return gaps;
}

function checkCors(obs: HostObservations, options: EvaluateOptions): Finding[] {
  const chunks = obs.chunks;
  if (!chunks || !isResponse(chunks.first.response)) return [];
  const gaps = corsGaps(chunks.first.response);
  if (isResponse(obs.latestBusted) && !obs.latestBusted.headers['access-control-allow-origin']) {
    gaps.push('Access-Control-Allow-Origin on latest.json');
  }
  const findings: Finding[] = [];
  if (gaps.length === 0) {
    findings.push(ok('cors', 'the db folder answers other origins and exposes the range headers'));
  } else {
    const message = `the db folder lacks CORS headers (${gaps.join(', ')})`;
    findings.push(
      options.crossOrigin
        ? problem('cors', `${message}: a site on another origin cannot read it`, FIX_CORS)
        : warn(
            'cors',
            `${message}: fine while the site and the database share this origin`,
            `${FIX_CORS}; needed before the db or media move to another origin`,
          ),
    );
  }
  if (options.crossOrigin) {
    const preflight = chunks.preflight;
    const allowed = isResponse(preflight)
      ? (preflight.headers['access-control-allow-headers'] ?? '').toLowerCase()
      : '';
    const passes =
      isResponse(preflight) &&
      preflight.status >= 200 &&
      preflight.status < 300 &&
      (allowed.includes('range') || allowed.includes('*'));
    findings.push(
      passes
        ? ok('cors', 'the preflight for a Range request is allowed')
        : problem(
            'cors',
            `the preflight (OPTIONS with Access-Control-Request-Headers: range) answered ${describeOutcome(preflight)} without allowing Range`,
            'answer OPTIONS on the db folder with 204 and "Access-Control-Allow-Headers: Range"',
          ),
    );
  }
  return findings;
}

function checkAssets(obs: HostObservations): Finding[] {
  const findings: Finding[] = [];
  if (obs.asset && isResponse(obs.asset.response) && obs.asset.response.status === 200) {
    findings.push(checkLongCache('cache', 'hashed assets', obs.asset.response));
  } else if (obs.asset) {
    findings.push(
      problem(
        'site',
        `the app's script ${pathOf(obs.asset.url, obs.rootUrl)}: ${describeOutcome(obs.asset.response)}`,
        'upload the whole site folder (assets/ included), built with the same --base-path',
      ),
    );
  }
  if (obs.wasm && isResponse(obs.wasm.response)) {
    const type = obs.wasm.response.headers['content-type'] ?? '';
    findings.push(
      obs.wasm.response.status === 200 && type.startsWith('application/wasm')
        ? ok('wasm', 'SQLite’s wasm is served as application/wasm')
        : warn(
            'wasm',
            `${pathOf(obs.wasm.url, obs.rootUrl)}: ${describeOutcome(obs.wasm.response)} (${type || 'no Content-Type'}); browsers compile it slower or not at all`,
            'serve .wasm files as application/wasm',
          ),
    );
  }
  const missing = obs.missingAsset;
  if (isResponse(missing) && missing.status === 404) {
    findings.push(ok('404', 'a missing asset is a real 404'));
  } else {
    findings.push(
      warn(
        '404',
        `a missing asset answered ${describeOutcome(missing)}${isResponse(missing) && isHtml(missing) ? ' with HTML' : ''}: broken uploads show up as confusing script errors`,
        'rewrite only route paths (episodes/*) to index.html, not every missing file',
      ),
    );
  }
  return findings;
}

function checkSpa(obs: HostObservations): Finding[] {
  const routes = [
    { path: 'episodes/1', outcome: obs.spaRoute },
    { path: 'episodes/14.5', outcome: obs.spaDottedRoute },
  ];
  return routes.map(({ path, outcome }): Finding => {
    if (isResponse(outcome) && outcome.status === 200 && isHtml(outcome)) {
      return ok('spa', `${path} is answered with the app`);
    }
    if (isResponse(outcome) && outcome.status === 404 && isHtml(outcome)) {
      return warn(
        'spa',
        `${path} is answered with an HTML page and status 404: the app works if that page is the app (404.html), but crawlers skip it`,
        'rewrite episodes/* to index.html with status 200 (the bundle’s _redirects and nginx/trawl.conf do)',
      );
    }
    return problem(
      'spa',
      `${path} answered ${describeOutcome(outcome)}: shared links to episodes break`,
      'rewrite route paths (episodes/*, dots included) to index.html',
    );
  });
}

function checkTransport(rootUrl: string): Finding[] {
  const { protocol, hostname } = new URL(rootUrl);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
  return protocol === 'https:' || local
    ? []
    : [
        warn(
          'https',
          `${rootUrl} is plain HTTP`,
          'serve the public site over HTTPS (every host in docs/deploy.md can)',
        ),
      ];
}

/** Turns what a probe saw into findings, in the order they are printed. */
export function evaluateHost(obs: HostObservations, options: EvaluateOptions): Finding[] {
  const findings = [...checkTransport(obs.rootUrl), ...checkIndex(obs.index)];
  findings.push(...checkLatest(obs));
  findings.push(...checkConfig(obs, readLatest(obs.latestBusted)));
  const chunks = obs.chunks;
  if (chunks) {
    findings.push(...checkRange(chunks.first, 'first chunk', obs.rootUrl));
    if (chunks.other) findings.push(...checkRange(chunks.other, 'last chunk', obs.rootUrl));
    findings.push(...checkCompression(chunks), ...checkHead(chunks, obs.rootUrl));
  }
  findings.push(...checkCors(obs, options));
  if (chunks) findings.push(...checkChunkCache(chunks), ...checkMissingChunk(chunks, obs.rootUrl));
  // A root that does not answer at all says nothing of the site's assets or of how it routes
  // episodes (with or without pages): advice on them would be a guess.
  if (isResponse(obs.index)) {
    findings.push(...checkAssets(obs), ...(obs.pages ? checkPages(obs) : checkSpa(obs)));
  }
  return findings;
}
