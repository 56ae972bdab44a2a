import { parseCacheControl, revalidates, type RecordedResponse } from './responses.ts';

/** The findings `trawl check-host` prints, and the pieces every rule shares. */

export type Severity = 'ok' | 'warning' | 'problem';

export interface Finding {
  severity: Severity;
  /** Short name of the check: 'ranges', 'compression', 'cors', … */
  check: string;
  message: string;
  /** How to fix it; present on warnings and problems. */
  fix?: string;
}

export interface EvaluateOptions {
  /** The database or media are read from another origin, so CORS headers are required. */
  crossOrigin: boolean;
}

/** A day in seconds: a lifetime past it counts as "cached for long". */
export const ONE_DAY = 86_400;

/** Finding constructors by severity; warnings and problems carry their fix. */
export const ok = (check: string, message: string): Finding => ({ severity: 'ok', check, message });
export const warn = (check: string, message: string, fix: string): Finding => ({
  severity: 'warning',
  check,
  message,
  fix,
});
export const problem = (check: string, message: string, fix: string): Finding => ({
  severity: 'problem',
  check,
  message,
  fix,
});

export const FIX_RANGES =
  'serve the db folder as plain static files with byte ranges (nginx: no max_ranges 0, no proxy that drops Range; S3/CloudFront, Netlify and Cloudflare Pages do this by default)';
export const FIX_COMPRESSION =
  'turn compression off for the db folder (nginx: "gzip off;" and "brotli off;" in its location; CDNs: do not compress application/octet-stream), see docs/deploy.md';
export const FIX_CORS =
  'add "Access-Control-Allow-Origin: *" and "Access-Control-Expose-Headers: Accept-Ranges, Content-Length, Content-Range" to the db and media folders (the bundle\'s _headers and nginx/trawl.conf do)';

/** Files that never change should be cached for long; says whether they are. */
export function checkLongCache(check: string, what: string, response: RecordedResponse): Finding {
  const header = response.headers['cache-control'];
  const cache = parseCacheControl(header);
  if (cache && !revalidates(cache) && (cache.immutable || (cache.maxAge ?? 0) >= ONE_DAY)) {
    return ok(check, `${what} are cached for long (${header})`);
  }
  return warn(
    check,
    `${what} are not cached for long (${header ?? 'no Cache-Control'}): every visit downloads or revalidates them again`,
    `serve them with "Cache-Control: public, max-age=31536000, immutable"; they never change`,
  );
}

const LABELS: Record<Severity, string> = { ok: 'ok', warning: 'warning', problem: 'PROBLEM' };

/** One line per finding (`ok`, `warning`, `PROBLEM`), with the fix indented below. */
export function formatFindings(findings: Finding[]): string {
  const lines = findings.flatMap((finding) => {
    const head = `${LABELS[finding.severity].padEnd(8)} ${finding.check}: ${finding.message}`;
    return finding.fix && finding.severity !== 'ok'
      ? [head, `         fix: ${finding.fix}`]
      : [head];
  });
  const count = (severity: Severity): number =>
    findings.filter((finding) => finding.severity === severity).length;
  lines.push(`${count('ok')} ok, ${count('warning')} warning(s), ${count('problem')} problem(s)`);
  return `${lines.join('\n')}\n`;
}
