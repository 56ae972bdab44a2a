/**
 * A parsed JSON value made cheap to post from the worker to the page. Structured clone copies
 * an array item by item: a 100,000-word transcript's words and times took 256 ms of the page's
 * main thread to receive (Chromium's `SerializedScriptValueFactory::deserialize`, load average
 * about 10). Packed, an array of strings is one string and a typed array of where each ends,
 * and an array of numbers is a Float64Array: both are copied whole, and the typed arrays'
 * buffers are transferred, not copied (decision 0049).
 */

/** What `packJson` makes of an array of strings. */
interface PackedStrings {
  packed: 'strings';
  text: string;
  ends: Uint32Array;
}

/** What `packJson` makes of an array of numbers. */
interface PackedNumbers {
  packed: 'numbers';
  values: Float64Array;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Shorter arrays go as they are: packing them saves nothing. */
const PACK_FROM = 64;

function packArray(items: unknown[], buffers: ArrayBuffer[]): unknown {
  if (items.length >= PACK_FROM && items.every((item) => typeof item === 'number')) {
    const values = Float64Array.from(items);
    buffers.push(values.buffer);
    return { packed: 'numbers', values } satisfies PackedNumbers;
  }
  if (items.length >= PACK_FROM && items.every((item) => typeof item === 'string')) {
    const ends = new Uint32Array(items.length);
    let end = 0;
    items.forEach((item, index) => {
      end += item.length;
      ends[index] = end;
    });
    buffers.push(ends.buffer);
    return { packed: 'strings', text: items.join(''), ends } satisfies PackedStrings;
  }
  return items.map((item) => packValue(item, buffers));
}

function packValue(value: unknown, buffers: ArrayBuffer[]): unknown {
  if (Array.isArray(value)) return packArray(value, buffers);
  if (isRecord(value)) {
    const packed: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) packed[key] = packValue(item, buffers);
    // A record that looks like a packed array is wrapped, so unpacking never mistakes it.
    return 'packed' in value ? { packed: 'record', value: packed } : packed;
  }
  return value;
}

/** A JSON value packed for posting, and the buffers to transfer with it. */
export function packJson(value: unknown): { value: unknown; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  return { value: packValue(value, transfer), transfer };
}

/**
 * Items of a packed array unpacked in one task: 100,000 strings took 130–260 ms of the page at
 * load 12 (decision 0062), so half that.
 */
export const UNPACK_SLICE = 50_000;

/** Resolves in a later task: the page paints and answers input between slices. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

/**
 * The JSON value `packJson` packed, with plain arrays again: a packed array's items
 * `UNPACK_SLICE` at a time, awaiting `pause` between them (plain loops: `Array.from` on a typed
 * array goes through its iterator, many times slower). Unpacking a 1 M-word transcript at once (a million strings and three million
 * numbers) was the page's longest task after hydration (issue 26, defect 10; decision 0058).
 */
export async function unpackJsonInSlices(
  value: unknown,
  pause: () => Promise<void> = nextTask,
): Promise<unknown> {
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const item of value) items.push(await unpackJsonInSlices(item, pause));
    return items;
  }
  if (!isRecord(value)) return value;
  const { packed } = value;
  if (packed === 'numbers' && value.values instanceof Float64Array) {
    const { values } = value;
    const numbers: number[] = [];
    for (let index = 0; index < values.length; index += 1) {
      if (index > 0 && index % UNPACK_SLICE === 0) await pause();
      numbers.push(values[index] ?? 0);
    }
    return numbers;
  }
  if (packed === 'strings' && typeof value.text === 'string' && value.ends instanceof Uint32Array) {
    const { text, ends } = value;
    const items: string[] = [];
    let start = 0;
    for (let index = 0; index < ends.length; index += 1) {
      if (index > 0 && index % UNPACK_SLICE === 0) await pause();
      const end = ends[index] ?? start;
      items.push(text.slice(start, end));
      start = end;
    }
    return items;
  }
  const record = packed === 'record' && isRecord(value.value) ? value.value : value;
  const unpacked: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    unpacked[key] = await unpackJsonInSlices(item, pause);
  }
  return unpacked;
}
