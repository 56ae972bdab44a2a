#!/usr/bin/env bash
# Builds Trawl's own SQLite wasm (decision 0080) from the amalgamation better-sqlite3 ships
# (node_modules/better-sqlite3/deps/sqlite3, the builder's own SQLite) and engine/trawl-sqlite.c,
# into src/site/data/sqlite3-trawl.wasm, which is committed: CI has no wasm toolchain.
#
#   npm run build:engine            # writes the committed file
#   bash scripts/build-engine.sh OUT.wasm [-O2]   # another file, another optimisation level
#
# Needs Debian's clang (14), lld, wasi-libc and binaryen (wasm-opt). The same inputs give the
# same bytes (src/site/data/own-engine-build.test.ts checks the committed file).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${1:-src/site/data/sqlite3-trawl.wasm}"
OPT="${2:--Oz}"
AMALGAMATION=node_modules/better-sqlite3/deps/sqlite3
for tool in clang wasm-ld wasm-opt; do
  command -v "$tool" >/dev/null || {
    echo "build-engine: $tool is missing (apt-get install clang lld wasi-libc binaryen)" >&2
    exit 1
  }
done
[ -f "$AMALGAMATION/sqlite3.c" ] || {
  echo "build-engine: $AMALGAMATION/sqlite3.c is missing (npm ci)" >&2
  exit 1
}

# A read-only site's SQLite: FTS5, no OS layer but the VFS in engine/trawl-sqlite.c, one
# thread, and none of what the site never calls (extensions, shared cache, deprecated APIs,
# progress and trace hooks, the authorizer, JSON, UTF-16, window functions, local time).
DEFINES=(
  -DSQLITE_OS_OTHER=1
  -DSQLITE_THREADSAFE=0
  -DSQLITE_ENABLE_FTS5
  -DSQLITE_TEMP_STORE=3
  -DSQLITE_DEFAULT_MEMSTATUS=0
  -DSQLITE_DEFAULT_WAL_SYNCHRONOUS=1
  -DSQLITE_DQS=0
  -DSQLITE_LIKE_DOESNT_MATCH_BLOBS
  -DSQLITE_OMIT_AUTHORIZATION
  -DSQLITE_OMIT_AUTOINIT
  -DSQLITE_OMIT_COMPLETE
  -DSQLITE_OMIT_DECLTYPE
  -DSQLITE_OMIT_DEPRECATED
  -DSQLITE_OMIT_DESERIALIZE
  -DSQLITE_OMIT_GET_TABLE
  -DSQLITE_OMIT_JSON
  -DSQLITE_OMIT_LOAD_EXTENSION
  -DSQLITE_OMIT_LOCALTIME
  -DSQLITE_OMIT_PROGRESS_CALLBACK
  -DSQLITE_OMIT_SHARED_CACHE
  -DSQLITE_OMIT_TCL_VARIABLE
  -DSQLITE_OMIT_TRACE
  -DSQLITE_OMIT_UTF16
  -DSQLITE_OMIT_WAL
  -DSQLITE_UNTESTABLE
  -DSQLITE_USE_ALLOCA
)

EXPORTS=(
  trawl_open trawl_errmsg trawl_errcode trawl_prepare trawl_bind_text trawl_bind_blob
  trawl_column_number sqlite3_malloc sqlite3_free sqlite3_libversion sqlite3_bind_null
  sqlite3_bind_int sqlite3_bind_double sqlite3_bind_parameter_count sqlite3_step
  sqlite3_column_count sqlite3_column_int64 sqlite3_column_name sqlite3_column_type sqlite3_column_double
  sqlite3_column_text sqlite3_column_blob sqlite3_column_bytes sqlite3_finalize
)
LINK_EXPORTS=()
for name in "${EXPORTS[@]}"; do LINK_EXPORTS+=("-Wl,--export=$name"); done

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
# -ffile-prefix-map: the same bytes wherever the repository is checked out. --stack-first: the C
# stack below the data, so an overflow (deep recursion on a hostile database's schema) traps
# out of bounds instead of overwriting SQLite's memory; SQLite's expression depth limit stays.
clang --target=wasm32-wasi --sysroot=/usr "-isystem/usr/include/wasm32-wasi" \
  -L/usr/lib/wasm32-wasi "$OPT" -flto -ffunction-sections -fdata-sections \
  -ffile-prefix-map="$PWD"=. -fno-ident \
  -I"$AMALGAMATION" "${DEFINES[@]}" \
  -mexec-model=reactor -Wl,--gc-sections -Wl,--strip-all -Wl,--no-entry -Wl,--stack-first \
  -Wl,-z,stack-size=131072 -Wl,--initial-memory=4194304 -Wl,--max-memory=268435456 \
  "${LINK_EXPORTS[@]}" \
  engine/trawl-sqlite.c -o "$WORK/engine.wasm"
wasm-opt "$OPT" --enable-bulk-memory --strip-debug --strip-producers "$WORK/engine.wasm" -o "$OUT"
echo "build-engine: $OUT, $(wc -c <"$OUT") bytes"
