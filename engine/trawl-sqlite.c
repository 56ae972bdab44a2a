/*
 * Trawl's own SQLite wasm (decision 0080): the amalgamation that better-sqlite3 ships, compiled
 * for a read-only site, with one VFS of its own and nothing else of an operating system.
 *
 * The VFS serves one read-only, immutable file: no journal, no locks, no writes, no temporary
 * files (SQLITE_TEMP_STORE=3 keeps them in memory). Its xRead calls `trawl_read`, a function the
 * JavaScript binding gives (src/site/data/own-engine.ts), which copies the pages from
 * `HttpPages` into the wasm memory and keeps the JavaScript error of a failed read for the
 * message. The clock and the random bytes come from JavaScript too.
 *
 * Built by scripts/build-engine.sh; the binding calls the functions exported there.
 */
#include "sqlite3.c"

#define TRAWL_IMPORT(name) __attribute__((import_module("env"), import_name(#name)))
#define TRAWL_EXPORT(name) __attribute__((export_name(#name)))

/* Copies `amount` bytes at `offset` into `target`: the count copied (less at the file's end),
 * or -1 when the read failed (the binding keeps why). */
extern int trawl_read(void *target, int amount, double offset) TRAWL_IMPORT(trawl_read);
/* The file's length in bytes. */
extern double trawl_file_size(void) TRAWL_IMPORT(trawl_file_size);
/* Milliseconds since 1970 (Date.now()). */
extern double trawl_now(void) TRAWL_IMPORT(trawl_now);
/* Fills `target` with `size` random bytes. */
extern void trawl_random(void *target, int size) TRAWL_IMPORT(trawl_random);

#define TRAWL_VFS "trawl-http"

static int trawlClose(sqlite3_file *file) {
  (void)file;
  return SQLITE_OK;
}

static int trawlRead(sqlite3_file *file, void *target, int amount, sqlite3_int64 offset) {
  (void)file;
  int read = trawl_read(target, amount, (double)offset);
  if (read < 0) return SQLITE_IOERR_READ;
  if (read < amount) {
    /* SQLite wants the rest zeroed on a short read (past the end of the file). */
    memset((char *)target + read, 0, (size_t)(amount - read));
    return SQLITE_IOERR_SHORT_READ;
  }
  return SQLITE_OK;
}

static int trawlWrite(sqlite3_file *file, const void *data, int amount, sqlite3_int64 offset) {
  (void)file, (void)data, (void)amount, (void)offset;
  return SQLITE_READONLY;
}

static int trawlTruncate(sqlite3_file *file, sqlite3_int64 size) {
  (void)file, (void)size;
  return SQLITE_READONLY;
}

static int trawlSync(sqlite3_file *file, int flags) {
  (void)file, (void)flags;
  return SQLITE_OK;
}

static int trawlFileSize(sqlite3_file *file, sqlite3_int64 *size) {
  (void)file;
  *size = (sqlite3_int64)trawl_file_size();
  return SQLITE_OK;
}

static int trawlLock(sqlite3_file *file, int level) {
  (void)file, (void)level;
  return SQLITE_OK;
}

static int trawlCheckReservedLock(sqlite3_file *file, int *out) {
  (void)file;
  *out = 0;
  return SQLITE_OK;
}

static int trawlFileControl(sqlite3_file *file, int op, void *arg) {
  (void)file, (void)op, (void)arg;
  return SQLITE_NOTFOUND;
}

static int trawlSectorSize(sqlite3_file *file) {
  (void)file;
  return 4096;
}

static int trawlDeviceCharacteristics(sqlite3_file *file) {
  (void)file;
  return SQLITE_IOCAP_IMMUTABLE;
}

static const sqlite3_io_methods trawlIo = {
    1,
    trawlClose,
    trawlRead,
    trawlWrite,
    trawlTruncate,
    trawlSync,
    trawlFileSize,
    trawlLock,
    trawlLock,
    trawlCheckReservedLock,
    trawlFileControl,
    trawlSectorSize,
    trawlDeviceCharacteristics,
};

static int trawlOpen(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags,
                     int *outFlags) {
  (void)vfs, (void)name;
  /* Only the database itself: there is no journal, WAL or temporary file to open. */
  if ((flags & SQLITE_OPEN_MAIN_DB) == 0 || (flags & SQLITE_OPEN_READWRITE) != 0) {
    file->pMethods = 0;
    return SQLITE_CANTOPEN;
  }
  file->pMethods = &trawlIo;
  if (outFlags) *outFlags = flags;
  return SQLITE_OK;
}

static int trawlDelete(sqlite3_vfs *vfs, const char *name, int syncDir) {
  (void)vfs, (void)name, (void)syncDir;
  return SQLITE_READONLY;
}

static int trawlAccess(sqlite3_vfs *vfs, const char *name, int flags, int *out) {
  (void)vfs, (void)name, (void)flags;
  /* Only the database exists: no journal or WAL file to look for. */
  *out = 0;
  return SQLITE_OK;
}

static int trawlFullPathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
  (void)vfs;
  int length = (int)strlen(name);
  if (length >= size) return SQLITE_CANTOPEN;
  memcpy(out, name, (size_t)length + 1);
  return SQLITE_OK;
}

static int trawlRandomness(sqlite3_vfs *vfs, int size, char *out) {
  (void)vfs;
  trawl_random(out, size);
  return size;
}

static int trawlSleep(sqlite3_vfs *vfs, int microseconds) {
  (void)vfs, (void)microseconds;
  return 0;
}

static int trawlCurrentTimeInt64(sqlite3_vfs *vfs, sqlite3_int64 *out) {
  (void)vfs;
  /* Julian day in milliseconds: 1970-01-01 is day 2440587.5. */
  *out = (sqlite3_int64)210866760000000LL + (sqlite3_int64)trawl_now();
  return SQLITE_OK;
}

static int trawlCurrentTime(sqlite3_vfs *vfs, double *out) {
  (void)vfs;
  *out = 2440587.5 + trawl_now() / 86400000.0;
  return SQLITE_OK;
}

static int trawlGetLastError(sqlite3_vfs *vfs, int size, char *out) {
  (void)vfs, (void)size, (void)out;
  return 0;
}

static sqlite3_vfs trawlVfs = {
    2,
    sizeof(sqlite3_file),
    512,
    0,
    TRAWL_VFS,
    0,
    trawlOpen,
    trawlDelete,
    trawlAccess,
    trawlFullPathname,
    0,
    0,
    0,
    0,
    trawlRandomness,
    trawlSleep,
    trawlCurrentTime,
    trawlGetLastError,
    trawlCurrentTimeInt64,
    0,
    0,
    0,
};

/* SQLITE_OS_OTHER: SQLite calls these instead of an operating system layer's. */
int sqlite3_os_init(void) { return sqlite3_vfs_register(&trawlVfs, 1); }

int sqlite3_os_end(void) { return SQLITE_OK; }

static sqlite3 *trawlDb = 0;

/* Opens the VFS's file as the one database, closing any earlier one: a result code. */
TRAWL_EXPORT(trawl_open) int trawl_open(void) {
  /* SQLITE_OMIT_AUTOINIT: nothing else starts the library (and registers the VFS). */
  int rc = sqlite3_initialize();
  if (rc != SQLITE_OK) return rc;
  if (trawlDb != 0) {
    sqlite3_close_v2(trawlDb);
    trawlDb = 0;
  }
  return sqlite3_open_v2("file:trawl.sqlite3?immutable=1", &trawlDb,
                         SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, TRAWL_VFS);
}

/* The open database's last error message. */
TRAWL_EXPORT(trawl_errmsg) const char *trawl_errmsg(void) { return sqlite3_errmsg(trawlDb); }

/* The open database's last result code. */
TRAWL_EXPORT(trawl_errcode) int trawl_errcode(void) { return sqlite3_extended_errcode(trawlDb); }

/*
 * Prepares the first statement of the `length` bytes of UTF-8 at `sql` into `*statement` (null
 * for only whitespace or comments) and stores where the rest begins in `*tail`: a result code.
 */
TRAWL_EXPORT(trawl_prepare)
int trawl_prepare(const char *sql, int length, sqlite3_stmt **statement, const char **tail) {
  return sqlite3_prepare_v2(trawlDb, sql, length, statement, tail);
}

/* Binds `length` bytes of UTF-8 text, copied. */
TRAWL_EXPORT(trawl_bind_text)
int trawl_bind_text(sqlite3_stmt *statement, int index, const char *text, int length) {
  return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

/* Binds `length` bytes as a blob, copied. */
TRAWL_EXPORT(trawl_bind_blob)
int trawl_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int length) {
  return sqlite3_bind_blob(statement, index, bytes, length, SQLITE_TRANSIENT);
}

/* An integer column as a double: exact up to 2^53, where the binding falls back to int64. */
TRAWL_EXPORT(trawl_column_number)
double trawl_column_number(sqlite3_stmt *statement, int column) {
  return (double)sqlite3_column_int64(statement, column);
}
