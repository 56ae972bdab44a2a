/**
 * The way down a rowid table's B-tree to the leaf that holds a row, read from the pages a
 * reader already has (SQLite's file format, "B-tree pages"). SQLite reads that way one page
 * after another, each a round trip over HTTP; a search knows every row it will look up before
 * it runs (its term rows by their hashed ids), so the engine can fetch the pages of all of
 * them, level by level, in parallel instead (decision 0086).
 *
 * A hint and nothing more: a page that is not a table B-tree page, a pointer outside the file,
 * a cell that does not fit its page, all end the walk, and SQLite then reads as it always does.
 * Pure: no DOM or Node APIs.
 */

/** The pages a lookup of rows by rowid will read: a table's name and the ids. */
export interface RowLookup {
  table: string;
  ids: readonly number[];
}

/** Most ids one prefetch follows: a search looks up a few rows per word. */
export const MAX_ROW_LOOKUPS = 64;

/**
 * The first `MAX_ROW_LOOKUPS` ids of `rows`, in order: what one prefetch may ask for (the
 * worker ignores a longer request, engine-protocol.ts). The rows past them are read as SQLite
 * asks for them.
 */
export function capRowLookups(rows: readonly RowLookup[]): RowLookup[] {
  let left = MAX_ROW_LOOKUPS;
  const capped: RowLookup[] = [];
  for (const { table, ids } of rows) {
    if (left === 0) break;
    const kept = ids.slice(0, left);
    left -= kept.length;
    if (kept.length > 0) capped.push({ table, ids: kept });
  }
  return capped;
}

/** Deepest B-tree walked: a table of 2^53 rows in 16-byte cells is not 10 levels deep. */
const MAX_DEPTH = 10;

const INTERIOR_TABLE = 0x05;

/** A page's bytes by SQLite page number (1-based), or undefined when the reader lacks it. */
export type PageSource = (pageno: number) => Uint8Array | undefined;

/** A big-endian unsigned integer of `length` bytes at `at`, or -1 past the page's end. */
function uint(bytes: Uint8Array, at: number, length: number): number {
  if (at < 0 || at + length > bytes.length) return -1;
  let value = 0;
  for (let each = 0; each < length; each += 1) value = value * 256 + (bytes[at + each] ?? 0);
  return value;
}

/**
 * SQLite's varint at `at` (1 to 9 bytes, big-endian groups of 7 bits, the ninth byte whole), as
 * a number (exact up to 2^53, which every Trawl rowid is below); NaN past the page's end.
 */
export function readVarint(bytes: Uint8Array, at: number): number {
  let value = 0;
  for (let each = 0; each < 9; each += 1) {
    const byte = bytes[at + each];
    if (byte === undefined) return Number.NaN;
    if (each === 8) return value * 256 + byte;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return value;
  }
  return value;
}

/**
 * The child of an interior table page that holds `rowid`: the left child of the first cell whose
 * key is at least `rowid`, else the right-most pointer; null when the page cannot be read so.
 */
function childFor(bytes: Uint8Array, header: number, rowid: number): number | null {
  const cells = uint(bytes, header + 3, 2);
  const rightMost = uint(bytes, header + 8, 4);
  if (cells < 0 || rightMost < 0 || header + 12 + cells * 2 > bytes.length) return null;
  const cellAt = (index: number): { child: number; key: number } | null => {
    const pointer = uint(bytes, header + 12 + index * 2, 2);
    const child = uint(bytes, pointer, 4);
    const key = readVarint(bytes, pointer + 4);
    return child < 0 || Number.isNaN(key) ? null : { child, key };
  };
  // Keys ascend along the cells: the first at least `rowid`, by bisection.
  let low = 0;
  let high = cells;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const cell = cellAt(middle);
    if (cell === null) return null;
    if (cell.key < rowid) low = middle + 1;
    else high = middle;
  }
  if (low === cells) return rightMost;
  return cellAt(low)?.child ?? null;
}

/**
 * The first page on the way from `root` down to the leaf that holds `rowid` that `page` does
 * not have, or null when there is none to fetch: the leaf is there, or the way cannot be
 * followed (see the module's note).
 */
export function missingOnPath(
  root: number,
  rowid: number,
  page: PageSource,
  pageCount: number,
): number | null {
  let pageno = root;
  for (let depth = 0; depth < MAX_DEPTH; depth += 1) {
    if (!Number.isSafeInteger(pageno) || pageno < 1 || pageno > pageCount) return null;
    const bytes = page(pageno);
    if (bytes === undefined) return pageno;
    // Page 1 starts with the file's 100-byte header.
    const header = pageno === 1 ? 100 : 0;
    if (bytes[header] !== INTERIOR_TABLE) return null;
    const child = childFor(bytes, header, rowid);
    if (child === null) return null;
    pageno = child;
  }
  return null;
}
