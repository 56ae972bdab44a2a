/**
 * The few Web-platform globals that browsers and Node both have, declared for src/core's own
 * type check (tsconfig.core.json: no DOM lib, no Node types). Only what the core uses; add a
 * member here only if it is the same in both runtimes.
 */

/** The WHATWG URL (browsers; Node since 10, `canParse` since 19.9). */
declare class URL {
  constructor(url: string, base?: string | URL);
  static canParse(url: string, base?: string): boolean;
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
  readonly host: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
  pathname: string;
  search: string;
  hash: string;
}

/** UTF-8 encoding (browsers; Node since 11 as a global). */
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

/** UTF-8 decoding (browsers; Node since 11 as a global). */
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(input?: Uint8Array): string;
}
