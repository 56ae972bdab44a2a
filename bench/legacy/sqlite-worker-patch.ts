/**
 * Build-time patch of sql.js-httpvfs 0.8.12's worker (see
 * docs/decisions/0002-worker-chunk-boundary-patch.md). In chunked mode the library picks the
 * chunk file from a read's start byte only, so a read-ahead that runs past the end of one
 * chunk file comes back short and the page it wanted stays empty: 'doXHR failed (bug)!'.
 *
 * The patch goes right after the library has filled pages from its multi-page response: while
 * the wanted page is still missing, it fetches again from the first missing page of the same
 * read. That request starts in the next chunk file, so each pass fills at least one page, and a
 * page never spans two files (the chunk size is a multiple of the page size).
 *
 * Pure string work, for Vite's plugin (vite-sqlite-worker-plugin.ts). Since decision 0016 the
 * site runs the official SQLite wasm; this engine is kept for the benchmark's engine comparison
 * (`npm run bench -- --compare-engines`) only.
 */

/**
 * End of the loop in `LazyUint8Array.getChunk` that stores the pages of a response, and the
 * check that follows it. Minified names: `e` the wanted page, `r` the read head (`startChunk`),
 * `n` its page count, `this.chunks` the page cache.
 */
export const CHUNK_LOOP_END =
  'this.chunks[t]=new Uint8Array(s,e*this.chunkSize,n)}}if(void 0===this.chunks[e])throw new Error("doXHR failed (bug)!")';

/** Marks patched source, so patching twice is harmless and a test can see it. */
export const PATCH_MARKER = '/*trawl:chunk-boundary*/';

const REFILL =
  PATCH_MARKER +
  'for(let f=r.startChunk;void 0===this.chunks[e];){' +
  'for(;f<r.startChunk+n&&void 0!==this.chunks[f];)f++;' +
  'if(f>=r.startChunk+n)break;' +
  'const a=f*this.chunkSize,b=Math.min((r.startChunk+n)*this.chunkSize,this.length)-1;' +
  'if(a>b)break;' +
  'const g=this.doXHR(a,b);' +
  'if(!g||0===g.byteLength)break;' +
  'for(let k=0;k*this.chunkSize<g.byteLength;k++)' +
  'this.chunks[f+k]=new Uint8Array(g,k*this.chunkSize,Math.min(this.chunkSize,g.byteLength-k*this.chunkSize))' +
  '}';

/**
 * The end of `LazyUint8Array`'s constructor: it keeps the length the chunked config gives, but
 * still sends a HEAD request for the first chunk before the first read (`checkServer`), one
 * more round trip before anything shows. `src/site/data/host-check.ts` already checks that
 * host, in parallel with the worker's start, so the patch marks the server as checked when the
 * config gives the length.
 */
export const LENGTH_FROM_CONFIG = 'e.fileLength&&(this._length=e.fileLength)';

const SKIP_HEAD = 'e.fileLength&&(this._length=e.fileLength,this.serverChecked=!0)';

/**
 * The chunked range mapper: turns a read of the whole database into a URL and a range inside
 * one chunk file. Minified names: `e` the config, `n` the chunk index, `o`/`i` the range.
 */
export const CHUNK_RANGE_MAPPER =
  'return{url:e.urlPrefix+String(n).padStart(e.suffixLength,"0")+l,fromByte:o,toByte:i}';

/** The same, also giving the size of that chunk file, so each answer can be checked against it. */
const CHUNK_RANGE_MAPPER_WITH_SIZE =
  'return{url:e.urlPrefix+String(n).padStart(e.suffixLength,"0")+l,fromByte:o,toByte:i,' +
  'fileSize:Math.min(e.serverChunkSize,e.databaseLengthBytes-n*e.serverChunkSize)}';

/**
 * The end of `LazyUint8Array.doXHR`, after its status check (which lets any 2xx through,
 * including a 200 with the whole file for a range request). Minified names: `e`/`t` the range
 * in the whole database, `r`/`n` the range inside the file, `o` its URL, `i` the request.
 */
export const XHR_RETURN =
  'if(void 0!==i.response)return i.response;throw Error("xhr did not return uint8array")';

/** Starts the message of an error the response check throws: JSON follows. */
export const BAD_RESPONSE_MARKER = 'trawl-bad-response ';

/**
 * Checks every answer the worker gets against what it asked for: status 206 for a range,
 * Content-Range naming the same start, the end it should have (the file may be shorter than
 * asked) and the chunk file's size, a body of exactly that length, and no compression. A wrong
 * answer throws `BAD_RESPONSE_MARKER` + JSON `{url, problem, expected, got}`, which the page
 * turns into the host message (host-messages.ts); it never reaches SQLite as data.
 */
const RESPONSE_CHECK =
  '/*trawl:response-check*/{' +
  'const size=this.rangeMapper(e,t).fileSize??this.length,' +
  'ranged=this.length!==this.chunkSize,' +
  'start=ranged?r:0,' +
  'end=ranged?Math.min(n,size-1):size-1,' +
  'body=i.response&&"number"==typeof i.response.byteLength?i.response.byteLength:-1,' +
  'encoding=i.getResponseHeader("Content-Encoding"),' +
  'range=i.getResponseHeader("Content-Range"),' +
  `fail=(problem,expected,got)=>{throw new Error(${JSON.stringify(BAD_RESPONSE_MARKER)}+JSON.stringify({url:o,problem,expected,got}))};` +
  'if(encoding&&"identity"!==encoding.trim().toLowerCase())fail("compressed","identity",encoding);' +
  'if(ranged){' +
  'if(206!==i.status)fail(200===i.status?"whole-file":"status","206",String(i.status));' +
  'const want="bytes "+start+"-"+end+"/"+size;' +
  'if((range||"").trim().replace(/\\s+/g," ")!==want)fail("content-range",want,range||"none")' +
  '}' +
  'if(body!==end-start+1)fail("length",String(end-start+1),String(Math.max(body,0)))' +
  '}';

/**
 * The end of the worker's module: the object it exposes over Comlink. Its `sqljs` is the
 * SQLite wasm's start-up promise, made on the first `SplitFileHttpDatabase` call, which needs
 * the database config, which needs latest.json. The patch starts it as soon as the worker
 * loads when the worker's URL carries the wasm's URL in its hash (`#trawl-wasm=…`,
 * `workerUrlWithWasm`), so the wasm downloads and compiles while latest.json loads.
 */
export const WORKER_EXPOSE = 'Comlink.expose(mod)}';

const EARLY_WASM =
  '{const w=/[#&]trawl-wasm=([^&]+)/.exec(self.location.hash);' +
  'w&&(mod.sqljs=init(decodeURIComponent(w[1])),mod.sqljs.catch(()=>{}))}';

/** The worker URL that makes the patched worker start the wasm at once. */
export function workerUrlWithWasm(workerUrl: string, wasmUrl: string): string {
  return `${workerUrl}#trawl-wasm=${encodeURIComponent(wasmUrl)}`;
}

/** Silences the library's console.log of every request and of the database it opens. */
export const QUIET_PRELUDE = `${PATCH_MARKER}self.console.log=function(){};\n`;

/** Raised when the worker source is not the one the patch was written for. */
export class WorkerPatchError extends Error {
  override name = 'WorkerPatchError';
}

/** Where `code` is in `source`, or a WorkerPatchError when it is not there exactly once. */
function findOnce(source: string, code: string, what: string): number {
  const first = source.indexOf(code);
  if (first === -1 || source.indexOf(code, first + 1) !== -1) {
    throw new WorkerPatchError(
      `sql.js-httpvfs worker: ${what} was not found exactly once. ` +
        'The library changed; re-check the patches in bench/legacy/sqlite-worker-patch.ts ' +
        '(docs/decisions/0002-worker-chunk-boundary-patch.md).',
    );
  }
  return first;
}

/**
 * Returns the worker source with the chunk-boundary fix, without the HEAD request when the
 * config gives the length, starting the wasm early when asked, checking every response
 * (and, if `quiet`, without its request logging). Throws if the code it
 * patches is not found exactly once, so a library upgrade fails the build instead of shipping
 * the bug.
 */
export function patchSqliteWorker(source: string, options: { quiet?: boolean } = {}): string {
  if (source.includes(PATCH_MARKER)) return source;
  const first = findOnce(source, CHUNK_LOOP_END, 'the chunk loop of LazyUint8Array.getChunk');
  findOnce(source, LENGTH_FROM_CONFIG, "LazyUint8Array's length from the config");
  findOnce(source, WORKER_EXPOSE, "the worker's Comlink.expose(mod)");
  findOnce(source, CHUNK_RANGE_MAPPER, 'the chunked range mapper');
  findOnce(source, XHR_RETURN, 'the end of LazyUint8Array.doXHR');
  // Insert before the brace that closes `if(void 0===this.chunks[e]){…}`: r and n are in scope.
  const at = first + 'this.chunks[t]=new Uint8Array(s,e*this.chunkSize,n)}'.length;
  const patched = (source.slice(0, at) + ';' + REFILL + source.slice(at))
    .replace(LENGTH_FROM_CONFIG, () => SKIP_HEAD)
    .replace(WORKER_EXPOSE, () => EARLY_WASM + WORKER_EXPOSE)
    .replace(CHUNK_RANGE_MAPPER, () => CHUNK_RANGE_MAPPER_WITH_SIZE)
    .replace(XHR_RETURN, () => RESPONSE_CHECK + XHR_RETURN);
  return options.quiet ? QUIET_PRELUDE + patched : patched;
}
