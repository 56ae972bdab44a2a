/**
 * Checks, when the database opens, that the host serves the database the way range reads
 * need (docs/security.md, "Broken hosts"). A host that ignores Range or compresses the files
 * otherwise surfaces deep inside SQLite as 'database disk image is malformed'; here the visitor
 * is told what is wrong instead. One small range request, made while the worker starts.
 */
import { DatabaseError, errorMessage } from './database-errors.ts';
import { compressedMessage, fileName, noRangesMessage } from './host-messages.ts';

/** Every SQLite database file starts with these 16 bytes. */
const SQLITE_MAGIC = 'SQLite format 3\u0000';

/** Bytes asked of the first chunk: the header, enough to recognise a database. */
const PROBE_BYTES = 100;

function assertIdentityEncoding(encoding: string | null): void {
  if (encoding !== null && encoding.trim().toLowerCase() !== 'identity') {
    throw new DatabaseError('host', compressedMessage(encoding));
  }
}

/** One response header of a HEAD request, or null when there is none or the request fails. */
async function headerOf(
  fetchImpl: typeof fetch,
  url: string,
  header: string,
): Promise<string | null> {
  try {
    const response = await fetchImpl(url, { method: 'HEAD', cache: 'no-store' });
    return response.headers.get(header);
  } catch {
    return null;
  }
}

/**
 * Range-reads the start of the first chunk file and throws a 'host' DatabaseError that names
 * the problem if the answer is not a 206 with identity encoding and an SQLite header.
 */
export async function checkDatabaseHost(
  firstChunkUrl: string,
  options: { databaseLength: number; signal?: AbortSignal; fetchImpl?: typeof fetch },
): Promise<void> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const wanted = Math.min(PROBE_BYTES, options.databaseLength);
  const name = fileName(firstChunkUrl);
  let response: Response;
  try {
    response = await fetchImpl(firstChunkUrl, {
      headers: { Range: `bytes=0-${wanted - 1}` },
      cache: 'no-store',
      signal: options.signal ?? null,
    });
  } catch (error) {
    // A compressed answer to a range request fails to decode; the headers still say why.
    assertIdentityEncoding(await headerOf(fetchImpl, firstChunkUrl, 'Content-Encoding'));
    throw new DatabaseError('transport', `Couldn't load ${name}: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  if (response.status === 404 || response.status === 410) {
    throw new DatabaseError(
      'host',
      `This site's database files are missing from its host (${name}: ${response.status}).`,
    );
  }
  if (!response.ok) {
    throw new DatabaseError('transport', `Couldn't load ${name}. Status: ${response.status}`);
  }
  assertIdentityEncoding(response.headers.get('Content-Encoding'));
  if (response.status !== 206) {
    throw new DatabaseError('host', noRangesMessage(name));
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw new DatabaseError('transport', `Couldn't read ${name}: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  if (bytes.length < wanted) {
    throw new DatabaseError(
      'transport',
      `Couldn't read ${name}: the host sent ${bytes.length} of ${wanted} bytes`,
    );
  }
  const header = String.fromCharCode(...bytes.subarray(0, SQLITE_MAGIC.length));
  if (header !== SQLITE_MAGIC) {
    throw new DatabaseError(
      'host',
      `This site's host did not send the database (${name} does not start like an SQLite file; is it serving another page in its place?).`,
    );
  }
}
