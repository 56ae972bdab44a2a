/**
 * `trawl serve` as the place a site's error reports go: a show whose settings name a report
 * path (`errorReports`) gets each report the pages send there printed, so the message "A
 * report has been filed" is true while previewing. A report is outside input: it is read up to
 * a size, parsed with a schema, and anything else is refused with a status, never thrown.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { dbConfigSchema } from '../../core/site-config.ts';
import { readLatest } from '../publish/publish.ts';

/** The largest report body read; a report is a few hundred bytes. */
export const MAX_REPORT_BYTES = 16 * 1024;

/** A report as the site sends it (src/site/shared/error-report.ts). */
export const receivedReportSchema = z.object({
  kind: z.string().max(40),
  message: z.string().max(2_000),
  page: z.string().max(4_000),
  time: z.string().max(40),
});

export type ReceivedReport = z.infer<typeof receivedReportSchema>;

export interface ErrorReportReceiver {
  /** The path reports are posted to ('' for none), read on every POST (a rebuild may change it). */
  path: () => Promise<string>;
  onReport: (report: ReceivedReport) => void;
}

/** The report path of the version a database folder's latest.json names ('' for none). */
export function servedReportPath(dbDir: string): () => Promise<string> {
  return async () => {
    const latest = await readLatest(dbDir);
    if (latest === undefined) return '';
    if (latest.config) return latest.config.site.errorReports;
    const text = await readFile(join(dbDir, latest.latest, 'config.json'), 'utf8').catch(() => '');
    try {
      const config = dbConfigSchema.safeParse(JSON.parse(text));
      return config.success ? config.data.site.errorReports : '';
    } catch {
      return '';
    }
  };
}

/** Prints a report as one line on standard error, its text kept on that line. */
export function printReport(report: ReceivedReport): void {
  const line = (text: string): string => text.replace(/\p{Cc}+/gu, ' ');
  console.error(
    `error report: ${line(report.kind)} on ${line(report.page)} at ${line(report.time)}: ${line(report.message)}`,
  );
}

async function readBody(req: IncomingMessage): Promise<Buffer | 'too large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_REPORT_BYTES) return 'too large';
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function parseReport(body: Buffer): ReceivedReport | null {
  try {
    const parsed = receivedReportSchema.safeParse(JSON.parse(body.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Answers a POST to the report path: 204 for a report, 400 for anything else, 413 for too
 * much. Null when `urlPath` is not the report path (the server answers as for any POST).
 */
export async function receiveErrorReport(
  receiver: ErrorReportReceiver,
  urlPath: string | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<{ status: number; bytes: number } | null> {
  const path = await receiver.path();
  if (path === '' || urlPath !== path) return null;
  const body = await readBody(req);
  if (body === 'too large') {
    res.writeHead(413, { Connection: 'close' }).end();
    return { status: 413, bytes: 0 };
  }
  const report = parseReport(body);
  if (report === null) {
    res.writeHead(400).end();
    return { status: 400, bytes: 0 };
  }
  receiver.onReport(report);
  res.writeHead(204).end();
  return { status: 204, bytes: 0 };
}
