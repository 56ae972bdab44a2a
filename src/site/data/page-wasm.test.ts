// @vitest-environment node
import { describe, expect, test, vi } from 'vitest';
import {
  compileWasm,
  fetchScript,
  instantiateWithPageModule,
  isWasmModuleMessage,
  PageWasm,
  type InstantiatedWasm,
} from './page-wasm.ts';

// The wasm compiled by the page for the engine's worker (decision 0073): anything but a whole
// wasm sent as application/wasm gives no module, and the worker then fetches its own.

/** A module importing one function, `env.f`: instantiated only with that import. */
const WITH_IMPORT = new Uint8Array([
  0x00,
  0x61,
  0x73,
  0x6d,
  0x01,
  0x00,
  0x00,
  0x00, // magic, version
  0x01,
  0x04,
  0x01,
  0x60,
  0x00,
  0x00, // one type: () -> ()
  0x02,
  0x09,
  0x01,
  0x03,
  0x65,
  0x6e,
  0x76,
  0x01,
  0x66,
  0x00,
  0x00, // import env.f
]);
const IMPORTS = { env: { f: () => undefined } };
/** A module of nothing: the header alone. */
const EMPTY = WITH_IMPORT.slice(0, 8);

const WASM_URL = 'https://site.test/assets/sqlite3-abc.wasm';

/** A fetch that answers every request with `response` and records what was asked. */
function answering(response: () => Response | Promise<Response>) {
  const asked: { url: string; init: RequestInit | undefined }[] = [];
  const fetchImpl = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    asked.push({ url: String(input), init });
    return Promise.resolve(response());
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, asked };
}

const wasmAnswer =
  (body: BodyInit, type = 'application/wasm', status = 200) =>
  () =>
    new Response(body, { status, headers: { 'Content-Type': type } });

describe('compileWasm', () => {
  test('a wasm sent as application/wasm is compiled, asked for with the page’s credentials', async () => {
    const { fetchImpl, asked } = answering(wasmAnswer(WITH_IMPORT));
    const module = await compileWasm(WASM_URL, new AbortController().signal, fetchImpl);
    expect(module).toBeInstanceOf(WebAssembly.Module);
    expect(module === null ? [] : WebAssembly.Module.imports(module)).toEqual([
      { module: 'env', name: 'f', kind: 'function' },
    ]);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.url).toBe(WASM_URL);
    expect(asked[0]?.init?.credentials).toBe('same-origin');
  });

  test.each([
    ['a 404', wasmAnswer('Not found', 'text/plain', 404)],
    ['an HTML page in its place', wasmAnswer('<!doctype html><p>Hello</p>', 'text/html')],
    ['garbled bytes as application/wasm', wasmAnswer(new Uint8Array([0, 0x61, 0x73, 0x6d, 9, 9]))],
    [
      'a wasm sent as application/octet-stream',
      wasmAnswer(WITH_IMPORT, 'application/octet-stream'),
    ],
    ['a body cut off', wasmAnswer(WITH_IMPORT.slice(0, 12))],
  ])('%s gives no module', async (_name, response) => {
    const { fetchImpl } = answering(response);
    await expect(compileWasm(WASM_URL, new AbortController().signal, fetchImpl)).resolves.toBe(
      null,
    );
  });

  test('a network error or an abort gives no module', async () => {
    const failing = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(
      compileWasm(WASM_URL, new AbortController().signal, failing as unknown as typeof fetch),
    ).resolves.toBe(null);
    const stopped = new AbortController();
    stopped.abort();
    await expect(compileWasm(WASM_URL, stopped.signal)).resolves.toBe(null);
  });
});

describe('fetchScript', () => {
  test('settles once the body is in, and when the request fails', async () => {
    let bodyRead = false;
    const { fetchImpl, asked } = answering(() => {
      const response = new Response('export {};', {
        headers: { 'Content-Type': 'text/javascript' },
      });
      const read = response.arrayBuffer.bind(response);
      response.arrayBuffer = async () => {
        const bytes = await read();
        bodyRead = true;
        return bytes;
      };
      return response;
    });
    await fetchScript(
      'https://site.test/assets/worker.js',
      new AbortController().signal,
      fetchImpl,
    );
    expect(bodyRead).toBe(true);
    expect(asked[0]?.init?.priority).toBe('high');
    const failing = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(
      fetchScript('https://site.test/a.js', new AbortController().signal, failing as never),
    ).resolves.toBeUndefined();
  });
});

describe('the worker’s side', () => {
  test('PageWasm keeps the first wasm-module message and nothing else', async () => {
    const module = new WebAssembly.Module(WITH_IMPORT);
    const page = new PageWasm();
    expect(page.receive({ type: 'query', id: 1 })).toBe(false);
    expect(page.receive({ type: 'wasm-module', module: 'not a module' })).toBe(false);
    expect(page.receive({ type: 'wasm-module', module })).toBe(true);
    expect(page.receive({ type: 'wasm-module', module: null })).toBe(true);
    await expect(page.module).resolves.toBe(module);
    expect(isWasmModuleMessage({ type: 'wasm-module', module: null })).toBe(true);
    expect(isWasmModuleMessage(null)).toBe(false);
  });

  /** The worker's own download, standing in: an empty module of its own, counted. */
  const own = () => {
    const state = {
      calls: 0,
      fetchOwn: async (): Promise<InstantiatedWasm> => {
        state.calls += 1;
        const module = new WebAssembly.Module(EMPTY);
        return { module, instance: await WebAssembly.instantiate(module) };
      },
    };
    return state;
  };

  test('the page’s module is instantiated, and nothing is fetched', async () => {
    const module = new WebAssembly.Module(WITH_IMPORT);
    const worker = own();
    const got = await instantiateWithPageModule(Promise.resolve(module), IMPORTS, worker.fetchOwn);
    expect(got.module).toBe(module);
    expect(got.instance).toBeInstanceOf(WebAssembly.Instance);
    expect(worker.calls).toBe(0);
  });

  test.each([
    ['the page sent none', () => Promise.resolve(null), IMPORTS],
    ['no page module expected (a worker on its own)', () => null, IMPORTS],
    // Its imports are not the ones given: it fails to link.
    [
      'one that cannot be instantiated',
      () => Promise.resolve(new WebAssembly.Module(WITH_IMPORT)),
      {},
    ],
  ])('%s: the worker fetches its own', async (_name, pageModule, imports) => {
    const worker = own();
    const got = await instantiateWithPageModule(pageModule(), imports, worker.fetchOwn);
    expect(worker.calls).toBe(1);
    expect(WebAssembly.Module.imports(got.module)).toEqual([]);
  });
});
