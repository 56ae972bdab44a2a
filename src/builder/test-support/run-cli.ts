import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository's root folder. */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..');

/** The `trawl` command as a user runs it (`bin/trawl.js`). */
export const TRAWL_BIN = join(REPO_ROOT, 'bin', 'trawl.js');

/** How a `trawl` run ended: its exit code (-1 when it had none) and both outputs. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node bin/trawl.js …args` in `cwd` to its end, output uncoloured; never throws on a failed run. */
export async function runCli(args: readonly string[], cwd: string): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [TRAWL_BIN, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    // execFile's error carries the exit code and both outputs.
    const field = (name: string): unknown =>
      typeof error === 'object' && error !== null ? Reflect.get(error, name) : undefined;
    const [code, stdout, stderr] = [field('code'), field('stdout'), field('stderr')];
    if (typeof stdout !== 'string') throw error;
    return {
      code: typeof code === 'number' ? code : -1,
      stdout,
      stderr: typeof stderr === 'string' ? stderr : '',
    };
  }
}
