/**
 * A raw-DEFLATE blob of JSON, inflated and parsed: by the database worker when a query asks
 * for it (`QueryOptions.inflateJson`), so the page's main thread never runs a long
 * transcript's `JSON.parse` (issue 26, defect 10), or by the page for a runner that cannot.
 * A failure is a value, not an error, so the reader names its own source in the message.
 */
import { absoluteTranscript } from '../../core/transcript-blob.ts';
import { blobBytes, inflateRawText } from './inflate.ts';
import { packJson } from './packed-json.ts';

/** A blob column's JSON value, or why there is none. */
export type DecodedJson =
  | { decoded: 'json'; value: unknown }
  /** The worker's answer: the value as `packJson` packs it (packed-json.ts). */
  | { decoded: 'packed-json'; value: unknown }
  | { decoded: 'inflate-failed'; reason: string }
  | { decoded: 'not-json' };

/** Inflates and parses raw-DEFLATE JSON bytes. */
export async function decodeJsonBlob(bytes: Uint8Array): Promise<DecodedJson> {
  let text: string;
  try {
    text = await inflateRawText(bytes);
  } catch (error) {
    return {
      decoded: 'inflate-failed',
      reason: error instanceof Error ? error.message : String(error),
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { decoded: 'not-json' };
  }
  // A transcript's coded columns are decoded, checked and summed into absolute times here
  // too: in the worker, that keeps a long transcript's loops off the page's main thread
  // (decisions 0056 and 0062).
  return { decoded: 'json', value: absoluteTranscript(value) };
}

/** A column value that is a `DecodedJson` (what the worker answers for `inflateJson`). */
export function isDecodedJson(value: unknown): value is DecodedJson {
  if (typeof value !== 'object' || value === null) return false;
  const decoded: unknown = Reflect.get(value, 'decoded');
  if (decoded === 'json' || decoded === 'packed-json') return 'value' in value;
  if (decoded === 'inflate-failed') return typeof Reflect.get(value, 'reason') === 'string';
  return decoded === 'not-json';
}

/**
 * The rows with one BLOB column inflated and parsed (`inflateJson`), in place: the worker does
 * it, since a long transcript's `JSON.parse` takes hundreds of milliseconds that would
 * otherwise block the page. The value is packed (packed-json.ts), its typed arrays' buffers
 * added to `transfer`.
 */
export async function withDecodedColumn<T>(
  rows: T[],
  column: string | undefined,
  transfer: ArrayBuffer[],
): Promise<T[]> {
  if (column === undefined) return rows;
  for (const row of rows) {
    if (typeof row !== 'object' || row === null) continue;
    const bytes = blobBytes(Reflect.get(row, column));
    if (bytes === null) continue;
    const value = await decodeJsonBlob(bytes);
    if (value.decoded !== 'json') {
      Reflect.set(row, column, value);
      continue;
    }
    const packed = packJson(value.value);
    transfer.push(...packed.transfer);
    Reflect.set(row, column, { decoded: 'packed-json', value: packed.value });
  }
  return rows;
}
