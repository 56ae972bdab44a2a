import { defineCommand } from 'citty';
import { z } from 'zod';
import { formatFindings } from '../deploy/check-host/findings.ts';
import { probeHost, siteRoot } from '../deploy/check-host/probe.ts';
import { evaluateHost } from '../deploy/check-host/rules.ts';

/**
 * `trawl check-host <url>`: probes a deployed Trawl site the way the browser will use it and
 * says what the host does wrong and how to fix it. The checking is pure (`evaluateHost` in
 * rules.ts works on recorded responses); `probeHost` in probe.ts only fetches.
 */

const checkHostArgsSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'give the http(s) URL of the deployed site' }),
  crossOrigin: z.boolean(),
  timeoutSeconds: z.coerce
    .number({ error: '--timeout is a number of seconds' })
    .positive('--timeout is a number of seconds above 0')
    .max(600),
});

export interface CheckHostOptions {
  url: string;
  crossOrigin?: boolean;
  timeoutSeconds?: number | string;
  /** Where the report goes; standard output by default. */
  write?: (text: string) => void;
}

/** Probes a site, prints one line per check and returns the exit code (1 on any problem). */
export async function runCheckHost(options: CheckHostOptions): Promise<number> {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  const parsed = checkHostArgsSchema.safeParse({
    url: options.url,
    crossOrigin: options.crossOrigin ?? false,
    timeoutSeconds: options.timeoutSeconds ?? 10,
  });
  if (!parsed.success) {
    write(`trawl check-host: ${parsed.error.issues.map((issue) => issue.message).join('; ')}\n`);
    return 2;
  }
  const { url, crossOrigin, timeoutSeconds } = parsed.data;
  write(`Checking ${siteRoot(url)}\n`);
  const observations = await probeHost(url, { timeoutMs: timeoutSeconds * 1000 });
  const findings = evaluateHost(observations, { crossOrigin });
  write(formatFindings(findings));
  return findings.some((finding) => finding.severity === 'problem') ? 1 : 0;
}

/** The `trawl check-host` command for the CLI's command table. */
export const checkHostCommand = defineCommand({
  meta: {
    name: 'check-host',
    description:
      'Check a deployed site: byte ranges, no compression on the database, CORS, cache headers, episode pages',
  },
  args: {
    url: {
      type: 'positional',
      required: true,
      description: 'URL of the site root, base path included (https://example.org/podcast/)',
    },
    'cross-origin': {
      type: 'boolean',
      default: false,
      description: 'the database or media are read from another origin: missing CORS is a problem',
    },
    timeout: {
      type: 'string',
      default: '10',
      description: 'seconds to wait for each request',
    },
  },
  async run({ args }) {
    process.exitCode = await runCheckHost({
      url: args.url,
      crossOrigin: args['cross-origin'],
      timeoutSeconds: args.timeout,
    });
  },
});
