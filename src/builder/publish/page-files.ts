/**
 * The page files of a version, written while the next pages render. Rendering is the main
 * thread's work and a file write is the thread pool's: awaiting each write before the next
 * render left the main thread idle for every page (16.7 s of a 3,000-episode build's 46 s,
 * decision 0030). Each folder is made once, not once per page.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The file system calls the writer makes (tests count them). */
export interface PageFileSystem {
  mkdir: (folder: string, options: { recursive: true }) => Promise<unknown>;
  writeFile: (file: string, data: string) => Promise<void>;
}

/** Files written at once: enough to keep the thread pool busy, few enough to bound memory. */
export const WRITES_IN_FLIGHT = 16;

/** Writes files in the background, at most `limit` at once; the first failure fails the rest. */
export class PageFiles {
  private readonly folders = new Map<string, Promise<unknown>>();
  private readonly inFlight = new Set<Promise<void>>();
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly fs: PageFileSystem = {
      mkdir,
      writeFile: (file, data) => writeFile(file, data),
    },
    private readonly limit = WRITES_IN_FLIGHT,
  ) {}

  /** Writes `data` to `file` (its folder made first); resolves once another write may start. */
  write(file: string, data: string): Promise<void> {
    return this.run(() => this.fs.writeFile(file, data), dirname(file));
  }

  /**
   * Runs `task` beside the other writes (once `folder` exists, when given); resolves once
   * another may start, and rejects with the first write that failed.
   */
  async run(task: () => Promise<unknown>, folder?: string): Promise<void> {
    this.throwIfFailed();
    const made = folder === undefined ? Promise.resolve() : this.folderMade(folder);
    const running: Promise<void> = made
      .then(task)
      .then(
        () => undefined,
        (error: unknown) => {
          this.failure ??= { error };
        },
      )
      .finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
    while (this.inFlight.size >= this.limit) await Promise.race(this.inFlight);
    this.throwIfFailed();
  }

  /** The folder's one `mkdir`. */
  private folderMade(folder: string): Promise<unknown> {
    const known = this.folders.get(folder);
    if (known !== undefined) return known;
    const made = this.fs.mkdir(folder, { recursive: true });
    this.folders.set(folder, made);
    return made;
  }

  /** Waits for every write; rejects with the first that failed. */
  async flush(): Promise<void> {
    await this.settle();
    this.throwIfFailed();
  }

  /** Waits for every write, failed or not (before the caller gives up on the folder). */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  private throwIfFailed(): void {
    if (this.failure === undefined) return;
    const { error } = this.failure;
    throw error instanceof Error ? error : new Error(String(error));
  }
}
