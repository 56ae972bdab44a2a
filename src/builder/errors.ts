import { relative } from 'node:path';
import type { z } from 'zod';

/** Where in an input a problem is. */
export interface InputLocation {
  file: string;
  line?: number;
  column?: number;
  /** The episode number the problem belongs to, when known. */
  episode?: string;
}

/**
 * A problem with the user's inputs. The CLI prints its message (which names the file and, where
 * known, the line or episode) without a stack trace and exits non-zero.
 */
export class InputError extends Error {
  readonly location: InputLocation;

  constructor(location: InputLocation, problem: string) {
    super(`${describeLocation(location)}: ${problem}`);
    this.name = 'InputError';
    this.location = location;
  }
}

/** Type guard for input errors (they cross module and realm boundaries in tests). */
export function isInputError(error: unknown): error is InputError {
  return error instanceof InputError;
}

/**
 * A file path as the user knows it: relative to the working directory when that is shorter. A
 * URL (a feed downloaded from its host) is shown as it is.
 */
export function displayPath(file: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(file)) return file;
  const rel = relative(process.cwd(), file);
  return rel !== '' && !rel.startsWith('..') && rel.length < file.length ? rel : file;
}

function describeLocation(location: InputLocation): string {
  let text = displayPath(location.file);
  if (location.line !== undefined) {
    text += `:${location.line}`;
    if (location.column !== undefined) text += `:${location.column}`;
  }
  if (location.episode !== undefined) text += ` (episode ${location.episode})`;
  return text;
}

/** Formats zod issues as one readable line each, naming the path inside the file. */
export function formatZodIssues(error: z.core.$ZodError, limit = 5): string {
  const lines = error.issues.slice(0, limit).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '(top level)';
    if (issue.code === 'unrecognized_keys') {
      return `${where}: unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
    }
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length - limit;
  if (more > 0) lines.push(`…and ${more} more problem${more > 1 ? 's' : ''}`);
  return lines.join('; ');
}

/** Line and column (1-based) of character offsets in a text. */
export type LineLocator = (offset: number) => { line: number; column: number };

/**
 * A locator for many offsets in one text: it finds the line starts once and each offset's line
 * by binary search, so naming the line of every item of a feed costs the feed's length plus a
 * logarithm per item, not the feed's length per item (issue 26, defect 2).
 */
export function lineLocator(text: string): LineLocator {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    starts.push(index + 1);
  }
  return (offset) => {
    // The last line that starts at or before the offset (the first line for any offset before it).
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (starts[low] ?? 0) + 1 };
  };
}

/** Line and column (1-based) of one character offset in a text (`lineLocator` for many). */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (
    let index = text.indexOf('\n');
    index !== -1 && index < offset;
    index = text.indexOf('\n', index + 1)
  ) {
    line += 1;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** Parses JSON, turning a syntax error into an input error with the line and column. */
export function parseJsonFile(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const location: InputLocation =
      position?.[1] !== undefined
        ? { file, ...lineAndColumn(text, Number(position[1])) }
        : { file };
    throw new InputError(
      location,
      `not valid JSON (${message.replace(/ in JSON at position \d+.*$/, '')})`,
    );
  }
}

/** What the file system says when a command cannot read or write where it was told to. */
const FILE_SYSTEM_PROBLEMS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'is a folder, not a file',
  ENOENT: 'no such file or folder',
  EEXIST: 'already exists',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the name is too long',
};

/**
 * A one-line message for a Node file-system error (`EACCES: permission denied, mkdir '/x'`),
 * naming the path and the problem, or undefined for any other error: commands print it in
 * place of a stack trace.
 */
export function describeFileSystemError(error: unknown): string | undefined {
  if (!(error instanceof Error) || !('code' in error) || typeof error.code !== 'string') {
    return undefined;
  }
  // mkdir -p through a file fails with EEXIST naming that file.
  const inTheWay = error.code === 'EEXIST' && 'syscall' in error && error.syscall === 'mkdir';
  const problem = inTheWay
    ? 'is a file, where a folder is needed'
    : FILE_SYSTEM_PROBLEMS[error.code];
  if (problem === undefined) return undefined;
  const path = 'path' in error && typeof error.path === 'string' ? error.path : undefined;
  return path === undefined ? `${problem} (${error.code})` : `${path}: ${problem} (${error.code})`;
}

/** An error of `trawl bundle` whose message is meant for the person running the command. */
export class BundleError extends Error {
  override name = 'BundleError';
}

/**
 * Every input problem of a run, reported together so one build names them all (each message
 * names its file and its fix). The CLI prints one problem per line.
 */
export class InputProblems extends InputError {
  readonly problems: InputError[];

  constructor(problems: InputError[]) {
    const first = problems[0];
    super(first?.location ?? { file: '.' }, 'input problems');
    this.name = 'InputProblems';
    this.problems = problems;
    this.message =
      problems.length === 1
        ? (first?.message ?? '')
        : `${problems.length} problems:\n${problems.map((problem) => `  ${problem.message}`).join('\n')}`;
  }
}

/**
 * Collects input problems instead of stopping at the first. `attempt` runs a step and keeps
 * its InputError (several, if it threw InputProblems); other errors still throw.
 */
export class ProblemCollector {
  readonly problems: InputError[] = [];

  add(problem: InputError): void {
    if (problem instanceof InputProblems) this.problems.push(...problem.problems);
    else this.problems.push(problem);
  }

  attempt<T>(step: () => T): T | undefined {
    try {
      return step();
    } catch (error) {
      if (!isInputError(error)) throw error;
      this.add(error);
      return undefined;
    }
  }

  async attemptAsync<T>(step: () => Promise<T>): Promise<T | undefined> {
    try {
      return await step();
    } catch (error) {
      if (!isInputError(error)) throw error;
      this.add(error);
      return undefined;
    }
  }

  /** Throws every problem so far as one InputProblems, if there is any. */
  throwIfAny(): void {
    if (this.problems.length > 0) throw new InputProblems(this.problems);
  }
}
