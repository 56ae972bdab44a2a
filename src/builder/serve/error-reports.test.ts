import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dbConfigSchema } from '../../core/site-config.ts';
import { MAX_REPORT_BYTES, servedReportPath, type ReceivedReport } from './error-reports.ts';
import { startServer, type RunningServer } from './serve.ts';

const REPORT: ReceivedReport = {
  kind: 'search',
  message: 'Problem while searching',
  page: '/?q=narwhal',
  time: '2026-11-24T10:00:00.000Z',
};

/** A database folder whose latest version names `errorReports` (in config.json only). */
async function dbWithReports(root: string, errorReports: string): Promise<string> {
  const db = join(root, `db-${errorReports.replace(/\W/g, '') || 'none'}`);
  await mkdir(join(db, 'v1-a'), { recursive: true });
  const config = dbConfigSchema.parse({
    version: 'v1-a',
    serverMode: 'chunked',
    requestChunkSize: 16384,
    databaseLengthBytes: 16384,
    serverChunkSize: 16384,
    urlPrefix: 'db.sqlite3.',
    suffixLength: 3,
    site: { errorReports },
  });
  await writeFile(join(db, 'v1-a', 'config.json'), JSON.stringify(config));
  await writeFile(join(db, 'latest.json'), JSON.stringify({ latest: 'v1-a' }));
  return db;
}

describe('error reports in trawl serve', () => {
  let root: string;
  let server: RunningServer;
  const received: ReceivedReport[] = [];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'trawl-reports-'));
    const db = await dbWithReports(root, '/reports');
    await mkdir(join(root, 'site'));
    await writeFile(join(root, 'site/index.html'), '<!doctype html><title>t</title>');
    server = await startServer({
      mounts: [{ prefix: '/', dir: join(root, 'site'), spaFallback: true }],
      errorReports: { path: servedReportPath(db), onReport: (report) => received.push(report) },
    });
  });

  afterAll(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });

  const post = (path: string, body: string): Promise<Response> =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
    });

  test('takes a report posted to the show’s report path', async () => {
    const response = await post('/reports', JSON.stringify(REPORT));
    expect(response.status).toBe(204);
    expect(received).toEqual([REPORT]);
  });

  test('refuses what is not a report, too much, and posts anywhere else', async () => {
    const before = received.length;
    expect((await post('/reports', 'not json')).status).toBe(400);
    expect((await post('/reports', JSON.stringify({ ...REPORT, message: 7 }))).status).toBe(400);
    expect(
      (await post('/reports', JSON.stringify({ ...REPORT, message: 'x'.repeat(3_000) }))).status,
    ).toBe(400);
    expect((await post('/reports', 'x'.repeat(MAX_REPORT_BYTES + 1))).status).toBe(413);
    expect((await post('/other', JSON.stringify(REPORT))).status).toBe(405);
    expect((await post('/reports/', JSON.stringify(REPORT))).status).toBe(405);
    expect(received.length).toBe(before);
  });

  test('reads the path from the latest version; none without one', async () => {
    await expect(servedReportPath(await dbWithReports(root, ''))()).resolves.toBe('');
    await expect(servedReportPath(join(root, 'no-such-db'))()).resolves.toBe('');
    await expect(servedReportPath(await dbWithReports(root, '/api/report'))()).resolves.toBe(
      '/api/report',
    );
  });
});
