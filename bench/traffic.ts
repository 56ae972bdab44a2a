/**
 * Counts what the benchmark's servers sent: every answered request with the time it finished,
 * so an operation's traffic is what finished between its start and the moment the page saw
 * its result. Database traffic is the requests to the chunk files (`chunks/<hash>.bin`, or an older
 * version's `db.sqlite3.NNN`).
 */
import type { ServedRequest } from '../src/builder/serve/serve.ts';
import { isBuiltChunk } from '../src/core/chunk-layout.ts';
import { toKb } from './stats.ts';

/** One answered request, stamped when the server finished sending it (epoch ms). */
export interface TrafficEntry extends ServedRequest {
  at: number;
}

/** Sums of a slice of traffic. */
export interface TrafficSummary {
  /** Requests to database chunk files (HEAD included) and their body kilobytes. */
  dbRequests: number;
  dbKb: number;
  /** Every request and its body kilobytes as sent (uncompressed). */
  requests: number;
  kb: number;
  /** Every request as a host would send it: text assets gzipped, database chunks as they are. */
  compressedKb: number;
}

/** The path of a request URL without its query string. */
export function pathOf(url: string): string {
  const at = url.search(/[?#]/);
  return at === -1 ? url : url.slice(0, at);
}

/** Whether a request was for a database chunk file. */
export function isDatabaseChunk(url: string): boolean {
  return isBuiltChunk(pathOf(url));
}

/** Sums traffic; `compressedBytes` says what a request would weigh served compressed. */
export function summarise(
  entries: readonly TrafficEntry[],
  compressedBytes: (entry: TrafficEntry) => number = (entry) => entry.bytes,
): TrafficSummary {
  let dbRequests = 0;
  let dbBytes = 0;
  let bytes = 0;
  let compressed = 0;
  for (const entry of entries) {
    bytes += entry.bytes;
    compressed += compressedBytes(entry);
    if (isDatabaseChunk(entry.path)) {
      dbRequests += 1;
      dbBytes += entry.bytes;
    }
  }
  return {
    dbRequests,
    dbKb: toKb(dbBytes),
    requests: entries.length,
    kb: toKb(bytes),
    compressedKb: toKb(compressed),
  };
}

/** The log one server fills; `record` is its `onResponse`. */
export class TrafficLog {
  readonly entries: TrafficEntry[] = [];

  record = (request: ServedRequest): void => {
    this.entries.push({ ...request, at: Date.now() });
  };

  /** A position to slice from later. */
  mark(): number {
    return this.entries.length;
  }

  /** Entries recorded after `mark` that finished no later than `until` (epoch ms). */
  since(mark: number, until = Number.POSITIVE_INFINITY): TrafficEntry[] {
    return this.entries.slice(mark).filter((entry) => entry.at <= until);
  }

  /** Resolves once nothing has been answered for `quietMs` (and at least `quietMs` from now). */
  async settle(quietMs = 300, timeoutMs = 30_000): Promise<void> {
    const started = Date.now();
    for (;;) {
      const last = this.entries.at(-1)?.at ?? 0;
      const now = Date.now();
      if (now - Math.max(last, started) >= quietMs) return;
      if (now - started > timeoutMs) throw new Error(`the page kept loading for ${timeoutMs} ms`);
      await new Promise((done) => setTimeout(done, 50));
    }
  }
}
