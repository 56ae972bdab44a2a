/**
 * Which database a build may resume (decision 0051): its SHA-256, signed with this machine's
 * key (the render cache's, outside the podcast folder), in the state folder's `database.json`.
 * A resumed database's old rows are published as they are, so one that came from anywhere
 * else (an output folder restored from a host or a shared cache, edited by hand) must never be
 * resumed: it would carry rows no build of these inputs wrote.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { defaultSigningKeyFile, signingKey } from './publish/render-cache.ts';

/** The record's file in the state folder (`.trawl-cache/`). */
export const RESUME_RECORD_FILE = 'database.json';

const recordSchema = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  mac: z.string().regex(/^[0-9a-f]{64}$/),
});

/** The SHA-256 of a file, streamed. */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) {
    if (Buffer.isBuffer(chunk)) hash.update(chunk);
  }
  return hash.digest('hex');
}

function mac(key: Buffer, sha256: string): string {
  return createHmac('sha256', key).update(`trawl-database:${sha256}`).digest('hex');
}

/** Records `sha256` as the database this machine last published from `cacheDir`'s folder. */
export async function writeResumeRecord(
  cacheDir: string,
  sha256: string,
  keyFile = defaultSigningKeyFile(),
): Promise<void> {
  const key = await signingKey(keyFile);
  await mkdir(cacheDir, { recursive: true });
  const file = join(cacheDir, RESUME_RECORD_FILE);
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, `${JSON.stringify({ sha256, mac: mac(key, sha256) })}\n`, {
    flag: 'wx',
  });
  await rename(temporary, file);
}

/** Whether the database at `path` is the one the record names, signed by this machine. */
export async function isRecordedDatabase(
  cacheDir: string,
  path: string,
  keyFile = defaultSigningKeyFile(),
): Promise<boolean> {
  try {
    const parsed = recordSchema.safeParse(
      JSON.parse(await readFile(join(cacheDir, RESUME_RECORD_FILE), 'utf8')),
    );
    if (!parsed.success) return false;
    const key = await signingKey(keyFile);
    const signed = timingSafeEqual(
      Buffer.from(mac(key, parsed.data.sha256), 'hex'),
      Buffer.from(parsed.data.mac, 'hex'),
    );
    return signed && (await fileSha256(path)) === parsed.data.sha256;
  } catch {
    // No record, a torn one or no key: nothing is resumed.
    return false;
  }
}
