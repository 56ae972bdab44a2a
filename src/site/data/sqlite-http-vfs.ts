/**
 * An SQLite VFS over `HttpPages`, for the official wasm build: one read-only, immutable file
 * (no journal, no locks, no writes), opened as `trawl-http`. SQLite calls these methods
 * synchronously from inside the wasm; a read copies the cached or fetched pages straight into
 * the wasm heap. A read that fails keeps its JavaScript error, so the page is told what the
 * network or the host did, not SQLite's 'disk I/O error'.
 */
import type sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import type { SqlValue } from './database-types.ts';
import type { HttpPages } from './http-pages.ts';

/** The library's API object, as its init resolves it. */
export type Sqlite3 = Awaited<ReturnType<typeof sqlite3InitModule>>;

/** An open database: one statement at a time, rows as objects. */
export interface OpenDatabase {
  /** `readAheadBytes`: the value the statement reads past its row (`QueryOptions`). */
  query(sql: string, params: readonly SqlValue[], readAheadBytes?: number): unknown[];
}

const VFS_NAME = 'trawl-http';
const FILE_NAME = 'trawl.sqlite3';

/** The VFS's state: the one file's pages and the last read's error. */
interface VfsState {
  pages: HttpPages | null;
  lastError: unknown;
}

const state: VfsState = { pages: null, lastError: undefined };
let installed = false;

/** A VFS or I/O method: wasm values in, a result code (or a count) out. */
type VfsMethod = (...args: never[]) => number;

/**
 * The library's `installVfs`, called with methods typed here: its declarations type every
 * method's result as a result code, where `xSectorSize` and `xRandomness` return sizes.
 */
function installVfs(
  sqlite3: Sqlite3,
  options: {
    io?: { struct: object; methods: Record<string, VfsMethod> };
    vfs?: { struct: object; name: string; methods: Record<string, VfsMethod> };
  },
): void {
  const install: unknown = Reflect.get(sqlite3.vfs, 'installVfs');
  if (typeof install !== 'function') throw new Error('This SQLite build cannot install a VFS');
  Reflect.apply(install, sqlite3.vfs, [options]);
}

/** `sizeof(sqlite3_file)` in this build, from the library's struct description. */
function fileStructSize(fileStruct: object): number {
  const info: unknown = Reflect.get(fileStruct, 'structInfo');
  const size: unknown = typeof info === 'object' && info !== null ? Reflect.get(info, 'sizeof') : 0;
  if (typeof size !== 'number' || size <= 0)
    throw new Error('This SQLite build has no sqlite3_file size');
  return size;
}

/** Registers the VFS once per worker; each open points it at a version's pages. */
function register(sqlite3: Sqlite3): void {
  if (installed) return;
  installed = true;
  const { capi, wasm } = sqlite3;
  const io = new capi.sqlite3_io_methods();
  io.iVersion = 1;
  const ok = capi.SQLITE_OK;
  installVfs(sqlite3, {
    io: {
      struct: io,
      methods: {
        xClose: () => ok,
        xRead: (_file: number, target: number, amount: number, offset: number | bigint) => {
          const pages = state.pages;
          if (pages === null) return capi.SQLITE_IOERR_READ;
          try {
            const at = Number(target);
            const buffer = new Uint8Array(amount);
            const read = pages.read(buffer, Number(offset), amount);
            wasm.heap8u().set(buffer, at);
            if (read < amount) {
              // SQLite wants the rest zeroed on a short read (past the end of the file).
              wasm.heap8u().fill(0, at + read, at + amount);
              return capi.SQLITE_IOERR_SHORT_READ;
            }
            return ok;
          } catch (error) {
            state.lastError = error;
            return capi.SQLITE_IOERR_READ;
          }
        },
        xWrite: () => capi.SQLITE_READONLY,
        xTruncate: () => capi.SQLITE_READONLY,
        xSync: () => ok,
        xFileSize: (_file: number, out: number) => {
          wasm.poke64(out, BigInt(state.pages?.length ?? 0));
          return ok;
        },
        xLock: () => ok,
        xUnlock: () => ok,
        xCheckReservedLock: (_file: number, out: number) => {
          wasm.poke32(out, 0);
          return ok;
        },
        xFileControl: () => capi.SQLITE_NOTFOUND,
        xSectorSize: () => 4096,
        xDeviceCharacteristics: () => capi.SQLITE_IOCAP_IMMUTABLE,
      },
    },
  });
  const vfs = new capi.sqlite3_vfs();
  vfs.$iVersion = 1;
  vfs.$szOsFile = fileStructSize(capi.sqlite3_file);
  vfs.$mxPathname = 512;
  installVfs(sqlite3, {
    vfs: {
      struct: vfs,
      name: VFS_NAME,
      methods: {
        xOpen: (_vfs: number, _name: number, file: number, flags: number, outFlags: number) => {
          const handle = new capi.sqlite3_file(file);
          handle.$pMethods = io.pointer;
          handle.dispose();
          if (outFlags) wasm.poke32(outFlags, flags);
          return ok;
        },
        xDelete: () => capi.SQLITE_READONLY,
        xAccess: (_vfs: number, _name: number, _flags: number, out: number) => {
          // Only the database exists: no journal or WAL file to look for.
          wasm.poke32(out, 0);
          return ok;
        },
        xFullPathname: (_vfs: number, name: number, size: number, out: number) =>
          wasm.cstrncpy(out, name, size) < size ? ok : capi.SQLITE_CANTOPEN,
        xRandomness: (_vfs: number, size: number, out: number) => {
          const heap = wasm.heap8u();
          for (let index = 0; index < size; index += 1) {
            heap[Number(out) + index] = Math.floor(Math.random() * 256);
          }
          return size;
        },
        xSleep: () => ok,
        xCurrentTime: (_vfs: number, out: number) => {
          wasm.poke64f(out, 2440587.5 + Date.now() / 86_400_000);
          return ok;
        },
        xGetLastError: () => ok,
      },
    },
  });
}

/** The error a failed statement should report: the read's own error when there was one. */
function readErrorOr(error: unknown): unknown {
  const read = state.lastError;
  state.lastError = undefined;
  return read ?? error;
}

/** Opens `pages` as a read-only, immutable database in the worker's SQLite. */
export function installHttpVfs(sqlite3: Sqlite3, pages: HttpPages): OpenDatabase {
  register(sqlite3);
  state.pages = pages;
  state.lastError = undefined;
  let db: InstanceType<Sqlite3['oo1']['DB']>;
  try {
    db = new sqlite3.oo1.DB({
      filename: `file:${FILE_NAME}?immutable=1`,
      flags: 'r',
      vfs: VFS_NAME,
    });
    // The schema is read now, so a wrong file fails the open, not the first query.
    db.exec('SELECT count(*) FROM sqlite_schema');
  } catch (error) {
    throw readErrorOr(error);
  }
  return {
    query(sql, params, readAheadBytes) {
      state.lastError = undefined;
      pages.expectRun(readAheadBytes ?? 0);
      try {
        return db.exec({
          sql,
          bind: params.length === 0 ? undefined : [...params],
          rowMode: 'object',
          returnValue: 'resultRows',
        });
      } catch (error) {
        throw readErrorOr(error);
      } finally {
        pages.expectRun(0);
      }
    },
  };
}
