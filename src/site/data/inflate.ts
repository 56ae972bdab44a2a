/**
 * Raw-DEFLATE blobs of the database (transcripts, the episode list) are inflated by the
 * browser's own `DecompressionStream`, so no inflate library ships with the site.
 */

/** Inflates raw-DEFLATE bytes and decodes them as UTF-8 text. */
export async function inflateRawText(data: Uint8Array): Promise<string> {
  // A copy, so the chunk is backed by a plain ArrayBuffer as the stream's type asks.
  const chunk = new Uint8Array(data);
  const input = new ReadableStream<BufferSource>({
    start(controller) {
      controller.enqueue(chunk);
      controller.close();
    },
  });
  const inflated = input.pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(inflated).text();
}

/**
 * The bytes of a BLOB column as the worker (a Uint8Array) or better-sqlite3 (a Buffer) returns
 * them, or null. `isView` works across realms, where `instanceof` does not (a Node Buffer in a
 * jsdom test is not an instance of the page's Uint8Array).
 */
export function blobBytes(value: unknown): Uint8Array | null {
  if (!ArrayBuffer.isView(value)) return null;
  return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
}
