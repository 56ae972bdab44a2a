/**
 * Trawl's own SQLite wasm (decision 0080, `engine/trawl-sqlite.c`, built by
 * `scripts/build-engine.sh` into `sqlite3-trawl.wasm`): the binding that gives it the pages and
 * runs statements on it, the same `OpenDatabase` as the official build's (sqlite-http-vfs.ts).
 *
 * The wasm imports four functions and nothing else: `trawl_read` copies pages from `HttpPages`
 * into its memory (a failed read returns -1 and keeps its JavaScript error, so the page is told
 * what the network or the host did, not SQLite's 'disk I/O error'), `trawl_file_size`,
 * `trawl_now` and `trawl_random`. Its memory grows, so every view of it is taken anew.
 */
import type { SqlValue } from './database-types.ts';
import type { HttpPages } from './http-pages.ts';
import type { OpenDatabase } from './sqlite-http-vfs.ts';

/** What the wasm exports (scripts/build-engine.sh's list); pointers are numbers. */
interface OwnExports {
  memory: WebAssembly.Memory;
  _initialize(): void;
  trawl_open(): number;
  trawl_errmsg(): number;
  trawl_errcode(): number;
  trawl_prepare(sql: number, length: number, statement: number, tail: number): number;
  trawl_bind_text(statement: number, index: number, text: number, length: number): number;
  trawl_bind_blob(statement: number, index: number, bytes: number, length: number): number;
  trawl_column_number(statement: number, column: number): number;
  sqlite3_column_int64(statement: number, column: number): bigint;
  sqlite3_malloc(size: number): number;
  sqlite3_free(pointer: number): void;
  sqlite3_libversion(): number;
  sqlite3_bind_null(statement: number, index: number): number;
  sqlite3_bind_int(statement: number, index: number, value: number): number;
  sqlite3_bind_double(statement: number, index: number, value: number): number;
  sqlite3_bind_parameter_count(statement: number): number;
  sqlite3_step(statement: number): number;
  sqlite3_column_count(statement: number): number;
  sqlite3_column_name(statement: number, column: number): number;
  sqlite3_column_type(statement: number, column: number): number;
  sqlite3_column_double(statement: number, column: number): number;
  sqlite3_column_text(statement: number, column: number): number;
  sqlite3_column_blob(statement: number, column: number): number;
  sqlite3_column_bytes(statement: number, column: number): number;
  sqlite3_finalize(statement: number): number;
}

const FUNCTIONS = [
  '_initialize',
  'trawl_open',
  'trawl_errmsg',
  'trawl_errcode',
  'trawl_prepare',
  'trawl_bind_text',
  'trawl_bind_blob',
  'trawl_column_number',
  'sqlite3_column_int64',
  'sqlite3_malloc',
  'sqlite3_free',
  'sqlite3_libversion',
  'sqlite3_bind_null',
  'sqlite3_bind_int',
  'sqlite3_bind_double',
  'sqlite3_bind_parameter_count',
  'sqlite3_step',
  'sqlite3_column_count',
  'sqlite3_column_name',
  'sqlite3_column_type',
  'sqlite3_column_double',
  'sqlite3_column_text',
  'sqlite3_column_blob',
  'sqlite3_column_bytes',
  'sqlite3_finalize',
] as const satisfies readonly (keyof OwnExports)[];

const SQLITE_OK = 0;
const SQLITE_ROW = 100;
const SQLITE_DONE = 101;
const SQLITE_INTEGER = 1;
const SQLITE_FLOAT = 2;
const SQLITE_TEXT = 3;
const SQLITE_BLOB = 4;

/** The name of SQLite's primary result codes, as the official build's messages give them. */
const CODE_NAMES: Record<number, string> = {
  1: 'SQLITE_ERROR',
  2: 'SQLITE_INTERNAL',
  3: 'SQLITE_PERM',
  4: 'SQLITE_ABORT',
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  7: 'SQLITE_NOMEM',
  8: 'SQLITE_READONLY',
  9: 'SQLITE_INTERRUPT',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  12: 'SQLITE_NOTFOUND',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  15: 'SQLITE_PROTOCOL',
  17: 'SQLITE_SCHEMA',
  18: 'SQLITE_TOOBIG',
  19: 'SQLITE_CONSTRAINT',
  20: 'SQLITE_MISMATCH',
  21: 'SQLITE_MISUSE',
  23: 'SQLITE_AUTH',
  25: 'SQLITE_RANGE',
  26: 'SQLITE_NOTADB',
};

/** A statement SQLite refused or failed, named and worded as the official build's error is. */
export class SQLite3Error extends Error {
  override name = 'SQLite3Error';
  readonly resultCode: number;

  constructor(resultCode: number, message: string) {
    const primary = resultCode & 0xff;
    super(
      `${CODE_NAMES[primary] ?? 'SQLITE_ERROR'}: sqlite3 result code ${resultCode}: ${message}`,
    );
    this.resultCode = resultCode;
  }
}

/** The state the imports share with the open database: its pages and the last read's error. */
interface ReadState {
  pages: HttpPages | null;
  lastError: unknown;
}

/** The engine, started: opens a version's pages as its one database. */
export interface OwnSqlite {
  /** SQLite's version, as `sqlite_version()` says it. */
  readonly version: string;
  /** Opens `pages` as a read-only, immutable database (closing the one open before). */
  open(pages: HttpPages): OpenDatabase;
}

/** The imports to instantiate the wasm with, and how to start it once instantiated. */
export interface OwnEngineLoader {
  imports: WebAssembly.Imports;
  start(instance: WebAssembly.Instance): OwnSqlite;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The loader of one instance: call `start` with the instance made from `imports`. */
export function ownEngineLoader(): OwnEngineLoader {
  const state: ReadState = { pages: null, lastError: undefined };
  let memory: WebAssembly.Memory | null = null;
  const heap = (): Uint8Array => {
    if (memory === null) throw new Error('The SQLite wasm is not started');
    return new Uint8Array(memory.buffer);
  };
  const imports: WebAssembly.Imports = {
    env: {
      trawl_read(target: number, amount: number, offset: number): number {
        const pages = state.pages;
        if (pages === null) return -1;
        try {
          // The pages straight into SQLite's buffer: the view is taken after the read, which
          // runs no wasm and so cannot grow the memory under it.
          const buffer = new Uint8Array(amount);
          const read = pages.read(buffer, offset, amount);
          heap().set(read < amount ? buffer.subarray(0, read) : buffer, target);
          return read;
        } catch (error) {
          state.lastError = error;
          return -1;
        }
      },
      trawl_file_size: (): number => state.pages?.length ?? 0,
      trawl_now: (): number => Date.now(),
      trawl_random(target: number, size: number): void {
        crypto.getRandomValues(heap().subarray(target, target + size));
      },
    },
  };
  return {
    imports,
    start(instance) {
      const engine = checkedExports(instance.exports);
      memory = engine.memory;
      engine._initialize();
      return startedEngine(engine, state, heap);
    },
  };
}

/** The exports, checked to be the ones this binding calls (a wrong wasm fails here, named). */
function checkedExports(exports: WebAssembly.Exports): OwnExports {
  const missing = FUNCTIONS.filter((name) => typeof exports[name] !== 'function');
  if (!(exports['memory'] instanceof WebAssembly.Memory)) missing.unshift('memory' as never);
  if (missing.length > 0) {
    throw new Error(`This is not Trawl's SQLite wasm: it lacks ${missing.join(', ')}`);
  }
  // Checked above: every function and the memory are there.
  return exports as unknown as OwnExports;
}

function startedEngine(engine: OwnExports, state: ReadState, heap: () => Uint8Array): OwnSqlite {
  const text = (pointer: number, length?: number): string => {
    const bytes = heap();
    const end = length === undefined ? bytes.indexOf(0, pointer) : pointer + length;
    return decoder.decode(bytes.subarray(pointer, end));
  };
  /** Copies `bytes` into memory SQLite allocated; the caller frees it. */
  const copyIn = (bytes: Uint8Array): number => {
    const pointer = engine.sqlite3_malloc(Math.max(bytes.length, 1));
    if (pointer === 0) throw new SQLite3Error(7, 'out of memory');
    heap().set(bytes, pointer);
    return pointer;
  };
  const fail = (code: number): never => {
    const error = new SQLite3Error(code, text(engine.trawl_errmsg()));
    const read = state.lastError;
    state.lastError = undefined;
    throw read ?? error;
  };
  const check = (code: number): void => {
    if (code !== SQLITE_OK) fail(code);
  };

  const bind = (statement: number, params: readonly SqlValue[]): void => {
    const count = engine.sqlite3_bind_parameter_count(statement);
    if (params.length !== count) {
      throw new SQLite3Error(25, `the statement has ${count} parameters, given ${params.length}`);
    }
    params.forEach((value: SqlValue | Uint8Array, at) => {
      const index = at + 1;
      if (value === null) check(engine.sqlite3_bind_null(statement, index));
      else if (typeof value === 'number') {
        check(
          Number.isInteger(value) && value >= -0x80000000 && value <= 0x7fffffff
            ? engine.sqlite3_bind_int(statement, index, value)
            : engine.sqlite3_bind_double(statement, index, value),
        );
      } else if (typeof value === 'string') {
        const bytes = encoder.encode(value);
        const pointer = copyIn(bytes);
        try {
          check(engine.trawl_bind_text(statement, index, pointer, bytes.length));
        } finally {
          engine.sqlite3_free(pointer);
        }
      } else {
        const pointer = copyIn(value);
        try {
          check(engine.trawl_bind_blob(statement, index, pointer, value.length));
        } finally {
          engine.sqlite3_free(pointer);
        }
      }
    });
  };

  const value = (statement: number, column: number): unknown => {
    switch (engine.sqlite3_column_type(statement, column)) {
      case SQLITE_INTEGER: {
        // A number where it is exact, a BigInt past 2^53, as the official build answers.
        const number = engine.trawl_column_number(statement, column);
        return Number.isSafeInteger(number)
          ? number
          : engine.sqlite3_column_int64(statement, column);
      }
      case SQLITE_FLOAT:
        return engine.sqlite3_column_double(statement, column);
      case SQLITE_TEXT: {
        const pointer = engine.sqlite3_column_text(statement, column);
        return text(pointer, engine.sqlite3_column_bytes(statement, column));
      }
      case SQLITE_BLOB: {
        const pointer = engine.sqlite3_column_blob(statement, column);
        const length = engine.sqlite3_column_bytes(statement, column);
        // A copy: SQLite reuses the memory at the next step.
        return heap().slice(pointer, pointer + length);
      }
      default:
        return null;
    }
  };

  /**
   * Runs every statement of `sql`, the parameters going to the first; the rows, as objects,
   * are the first statement's that has columns (as the official build's `exec` answers).
   */
  const run = (sql: string, params: readonly SqlValue[]): unknown[] => {
    const rows: unknown[] = [];
    const source = encoder.encode(sql);
    // The SQL and its NUL, then two aligned pointers' room for the statement and the tail.
    const block = engine.sqlite3_malloc(source.length + 1 + 3 + 8);
    if (block === 0) throw new SQLite3Error(7, 'out of memory');
    const out = (block + source.length + 1 + 3) & ~3;
    try {
      const bytes = heap();
      bytes.set(source, block);
      bytes[block + source.length] = 0;
      let at = block;
      let first = true;
      let answered = false;
      const end = block + source.length;
      while (at < end) {
        check(engine.trawl_prepare(at, end - at, out, out + 4));
        const view = new DataView(heap().buffer);
        const statement = view.getUint32(out, true);
        const tail = view.getUint32(out + 4, true);
        if (statement === 0) break;
        try {
          bind(statement, first ? params : []);
          first = false;
          const columns: number = answered ? 0 : engine.sqlite3_column_count(statement);
          answered ||= columns > 0;
          const names: string[] = [];
          for (let column = 0; column < columns; column += 1) {
            names.push(text(engine.sqlite3_column_name(statement, column)));
          }
          for (;;) {
            const code = engine.sqlite3_step(statement);
            if (code === SQLITE_DONE) break;
            if (code !== SQLITE_ROW) fail(code);
            if (columns === 0) continue;
            const row: Record<string, unknown> = {};
            for (let column = 0; column < columns; column += 1) {
              row[names[column] ?? ''] = value(statement, column);
            }
            rows.push(row);
          }
        } finally {
          engine.sqlite3_finalize(statement);
        }
        at = tail;
      }
    } finally {
      engine.sqlite3_free(block);
    }
    return rows;
  };

  return {
    version: text(engine.sqlite3_libversion()),
    open(pages) {
      state.pages = pages;
      state.lastError = undefined;
      try {
        check(engine.trawl_open());
        // The schema is read now, so a wrong file fails the open, not the first query.
        run('SELECT count(*) FROM sqlite_schema', []);
      } catch (error) {
        const read = state.lastError;
        state.lastError = undefined;
        throw read ?? error;
      }
      return {
        query(sql, params, readAheadBytes) {
          state.lastError = undefined;
          pages.expectRun(readAheadBytes ?? 0);
          try {
            return run(sql, params);
          } finally {
            pages.expectRun(0);
          }
        },
      };
    },
  };
}
