/**
 * HTTP validators for the static server: an entity tag and a Last-Modified date per file, the
 * conditional GET (`If-None-Match`, `If-Modified-Since` → 304) and `If-Range`. Pure functions of
 * the request headers and the file's size and modification time.
 */

export interface Validators {
  /** A strong entity tag from the size and modification time, as nginx makes it. */
  etag: string;
  /** The modification time as an HTTP date (whole seconds). */
  lastModified: string;
  /** The modification time in whole seconds since the epoch. */
  modifiedSeconds: number;
}

/** The validators of a file of `size` bytes last modified at `mtimeMs`. */
export function validatorsFor(size: number, mtimeMs: number): Validators {
  const modifiedSeconds = Math.floor(mtimeMs / 1000);
  return {
    etag: `"${modifiedSeconds.toString(16)}-${size.toString(16)}"`,
    lastModified: new Date(modifiedSeconds * 1000).toUTCString(),
    modifiedSeconds,
  };
}

/** The entity tags of an `If-None-Match` header, or '*'; weak tags lose their `W/`. */
function entityTags(header: string): string[] | '*' {
  if (header.trim() === '*') return '*';
  return [...header.matchAll(/(?:W\/)?("[^"]*")/g)].flatMap((match) =>
    match[1] === undefined ? [] : [match[1]],
  );
}

/** Whole seconds of an HTTP date, or undefined for anything that is not one. */
function httpDateSeconds(value: string): number | undefined {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

/**
 * True when a GET or HEAD with these headers can be answered 304 Not Modified. `If-None-Match`
 * wins over `If-Modified-Since` (RFC 9110, 13.2.2) and compares tags weakly.
 */
export function isNotModified(
  ifNoneMatch: string | undefined,
  ifModifiedSince: string | undefined,
  validators: Validators,
): boolean {
  if (ifNoneMatch !== undefined) {
    const tags = entityTags(ifNoneMatch);
    return tags === '*' || tags.includes(validators.etag);
  }
  if (ifModifiedSince === undefined) return false;
  const since = httpDateSeconds(ifModifiedSince);
  return since !== undefined && validators.modifiedSeconds <= since;
}

/**
 * True when a Range header may be honoured: there is no `If-Range`, or it names the current
 * file by its strong entity tag or its exact Last-Modified date. Otherwise the whole file is
 * sent with 200, so a client never splices bytes of two versions.
 */
export function rangeApplies(ifRange: string | undefined, validators: Validators): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('W/')) return false;
  if (value.startsWith('"')) return value === validators.etag;
  return httpDateSeconds(value) === validators.modifiedSeconds;
}
