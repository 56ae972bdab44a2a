/**
 * Load test of the static server `trawl serve` runs (src/builder/serve/serve.ts), on loopback only:
 * N concurrent clients make the requests a visitor's browser makes (latest.json with its
 * cache-busting query, config.json, and 16 KiB-aligned range reads of the chunk files, in the
 * sizes sql.js-httpvfs asks for) for a bounded time, checking every answer byte for byte.
 * Reports throughput and latency percentiles; exits non-zero on any error.
 *
 *   npm run loadtest -- [--seconds 30] [--clients 100] [--db <trawl build output>]
 *
 * Without --db it builds the demo podcast with 64 KiB chunks into .trawl/loadtest/db.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { join, resolve } from 'node:path';
import { defineCommand, runMain } from 'citty';
import { z } from 'zod';
import { createPrng, type Prng } from '../src/core/prng.ts';
import { PAGE_SIZE } from '../src/core/db-schema.ts';
import { dbConfigSchema, latestSchema, type DbConfig } from '../src/core/site-config.ts';
import { readChunks, readPublished } from '../src/builder/publish/chunk-files.ts';
import { startServer } from '../src/builder/serve/serve.ts';
import { siteMounts } from '../src/builder/serve/site-mounts.ts';
import { buildWithCli, DEMO_FOLDER, REPO_ROOT, SITE_DIR } from './demo-site.ts';

const optionsSchema = z.object({
  seconds: z.coerce
    .number()
    .int()
    .min(1, '--seconds is 1 to 300')
    .max(300, '--seconds is 1 to 300'),
  clients: z.coerce
    .number()
    .int()
    .min(1, '--clients is 1 to 1000')
    .max(1000, '--clients is 1 to 1000'),
  db: z.string().min(1).optional(),
});

export type LoadTestOptions = z.infer<typeof optionsSchema>;

/** What one request checks its answer against. */
interface Expectation {
  path: string;
  range?: { start: number; end: number };
  /** The exact body for a range; for JSON, a validator. */
  body?: Buffer;
  json?: (value: unknown) => boolean;
}

/** The result of a run. */
export interface LoadTestReport {
  seconds: number;
  clients: number;
  requests: number;
  bytes: number;
  errors: Map<string, number>;
  /** Latencies in milliseconds, sorted. */
  latencies: Float64Array;
}

interface Chunk {
  path: string;
  bytes: Buffer;
}

/** The chunk files of the version latest.json names, read into memory to check answers. */
async function loadVersion(
  dbDir: string,
): Promise<{ version: string; config: DbConfig; chunks: Chunk[] }> {
  const { version: latest, versionDir, config } = await readPublished(dbDir);
  const chunks = (await readChunks(versionDir, config)).map(({ name, bytes }) => ({
    // `../chunks/<hash>.bin` for chunks named by their bytes: resolved as the site resolves it.
    path: new URL(name, `http://host.test/db/${latest}/`).pathname,
    bytes,
  }));
  return { version: latest, config, chunks };
}

/** One request as a visitor's page makes it: mostly page-aligned range reads. */
function nextRequest(prng: Prng, version: string, chunks: Chunk[], sequence: number): Expectation {
  const roll = prng.next();
  if (roll < 0.05) {
    return {
      path: `/db/latest.json?t=${sequence}`,
      json: (value) =>
        latestSchema.safeParse(value).success && latestSchema.parse(value).latest === version,
    };
  }
  if (roll < 0.1) {
    return {
      path: `/db/${version}/config.json`,
      json: (value) => dbConfigSchema.safeParse(value).success,
    };
  }
  const chunk = prng.pick(chunks);
  const pages = Math.max(1, Math.floor(chunk.bytes.length / PAGE_SIZE));
  const first = prng.int(0, pages - 1);
  // Read-ahead doubles: 1, 2, 4, 8 pages, cut at the end of the chunk file.
  const length = Math.min(
    prng.pick([1, 1, 1, 2, 2, 4, 8]) * PAGE_SIZE,
    chunk.bytes.length - first * PAGE_SIZE,
  );
  const start = first * PAGE_SIZE;
  const end = start + length - 1;
  return { path: chunk.path, range: { start, end }, body: chunk.bytes.subarray(start, end + 1) };
}

/** Sends one request and returns an error text, or null when the answer is right. */
function send(
  agent: Agent,
  port: number,
  want: Expectation,
): Promise<{ error: string | null; bytes: number }> {
  return new Promise((done) => {
    const headers = want.range ? { Range: `bytes=${want.range.start}-${want.range.end}` } : {};
    const req = request({ host: '127.0.0.1', port, path: want.path, agent, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('error', (error) => done({ error: `response error: ${error.message}`, bytes: 0 }));
      res.on('end', () => {
        const body = Buffer.concat(parts);
        if (want.range) {
          const { start, end } = want.range;
          if (res.statusCode !== 206)
            return done({ error: `range: status ${res.statusCode}`, bytes: body.length });
          if (!res.headers['content-range']?.startsWith(`bytes ${start}-${end}/`)) {
            return done({ error: 'range: wrong Content-Range', bytes: body.length });
          }
          if (res.headers['content-encoding'] !== undefined)
            return done({ error: 'range: encoded', bytes: body.length });
          if (want.body && !body.equals(want.body))
            return done({ error: 'range: wrong bytes', bytes: body.length });
          return done({ error: null, bytes: body.length });
        }
        if (res.statusCode !== 200)
          return done({ error: `json: status ${res.statusCode}`, bytes: body.length });
        try {
          const value: unknown = JSON.parse(body.toString('utf8'));
          done({
            error: want.json?.(value) === false ? 'json: wrong content' : null,
            bytes: body.length,
          });
        } catch {
          done({ error: 'json: not JSON', bytes: body.length });
        }
      });
    });
    req.setTimeout(10_000, () => req.destroy(new Error('no answer in 10 s')));
    req.on('error', (error) => done({ error: `request error: ${error.message}`, bytes: 0 }));
    req.end();
  });
}

/** Runs the load test against a database folder and returns what it measured. */
export async function runLoadTest(
  options: LoadTestOptions & { dbDir: string },
): Promise<LoadTestReport> {
  const { version, chunks } = await loadVersion(options.dbDir);
  const siteDir = existsSync(join(SITE_DIR, 'index.html')) ? SITE_DIR : options.dbDir;
  const server = await startServer({
    host: '127.0.0.1',
    mounts: siteMounts({ dbDir: options.dbDir, siteDir }),
  });
  const agent = new Agent({ keepAlive: true, maxSockets: options.clients });
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  let bytes = 0;
  let sequence = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const client = async (id: number): Promise<void> => {
    const prng = createPrng(1_000 + id);
    while (performance.now() < deadline) {
      const want = nextRequest(prng, version, chunks, (sequence += 1));
      const started = performance.now();
      const result = await send(agent, server.port, want);
      latencies.push(performance.now() - started);
      bytes += result.bytes;
      if (result.error !== null) errors.set(result.error, (errors.get(result.error) ?? 0) + 1);
    }
  };
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: options.clients }, (_, id) => client(id)));
  } finally {
    agent.destroy();
    await server.close();
  }
  return {
    seconds: (performance.now() - started) / 1000,
    clients: options.clients,
    requests: latencies.length,
    bytes,
    errors,
    latencies: Float64Array.from(latencies).sort(),
  };
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

/** The report as printed. */
export function formatReport(report: LoadTestReport): string {
  const errorCount = [...report.errors.values()].reduce((sum, count) => sum + count, 0);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const lines = [
    `${report.clients} clients for ${report.seconds.toFixed(1)} s on 127.0.0.1: ${report.requests.toLocaleString('en')} requests`,
    `  throughput ${(report.requests / report.seconds).toFixed(0)} requests/s, ${(report.bytes / report.seconds / 1024 / 1024).toFixed(1)} MiB/s`,
    `  latency p50 ${ms(percentile(report.latencies, 0.5))}, p90 ${ms(percentile(report.latencies, 0.9))}, p99 ${ms(percentile(report.latencies, 0.99))}, max ${ms(report.latencies.at(-1) ?? Number.NaN)}`,
    `  errors ${errorCount}`,
  ];
  for (const [error, count] of report.errors) lines.push(`    ${count} × ${error}`);
  return lines.join('\n');
}

const main = defineCommand({
  meta: {
    name: 'loadtest',
    description: 'Load-test the static server on loopback with range requests',
  },
  args: {
    seconds: { type: 'string', default: '30', description: 'How long to run (1 to 300)' },
    clients: { type: 'string', default: '100', description: 'Concurrent clients (1 to 1000)' },
    db: {
      type: 'string',
      description: 'A trawl build output folder (default: the demo podcast, 64 KiB chunks)',
    },
  },
  async run({ args }) {
    const parsed = optionsSchema.safeParse(args);
    if (!parsed.success) {
      console.error(`loadtest: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
      process.exitCode = 2;
      return;
    }
    let dbDir = parsed.data.db === undefined ? undefined : resolve(parsed.data.db);
    let runDir: string | undefined;
    if (dbDir === undefined) {
      // A folder of this run's own, so two load tests in one tree never delete each other's.
      await mkdir(resolve(REPO_ROOT, '.trawl/loadtest'), { recursive: true });
      runDir = await mkdtemp(resolve(REPO_ROOT, '.trawl/loadtest/run-'));
      dbDir = join(runDir, 'db');
      await buildWithCli(DEMO_FOLDER, dbDir, ['--chunk-size', '65536']);
    }
    if (!existsSync(join(dbDir, 'latest.json'))) {
      console.error(
        `loadtest: ${dbDir} has no latest.json (give the output folder of trawl build)`,
      );
      process.exitCode = 2;
      return;
    }
    const report = await runLoadTest({ ...parsed.data, dbDir });
    if (runDir !== undefined) await rm(runDir, { recursive: true, force: true });
    console.log(formatReport(report));
    if (report.errors.size > 0) process.exitCode = 1;
  },
});

await runMain(main);
