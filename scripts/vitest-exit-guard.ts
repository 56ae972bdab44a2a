import type { Reporter, TestRunEndReason } from 'vitest/node';

/** How long Vitest may take to close after its last test before the guard ends it. */
export const EXIT_GRACE_MS = 60_000;

/**
 * A Vitest reporter that makes sure a finished run ends its process. Vitest closes its pools,
 * servers and global setups after the reports are written, and only bounds that close when it
 * finishes; a close that never finishes (a connection, child or promise that never settles)
 * would leave `npm test` waiting for ever. The guard's timer is unref'd, so it never delays a
 * process that ends by itself. When it fires it names what is still open and exits with the
 * run's own status.
 */
export default class ExitGuard implements Reporter {
  onTestRunEnd(_modules: unknown, _errors: unknown, reason: TestRunEndReason): void {
    const timer = setTimeout(() => {
      const open = process.getActiveResourcesInfo();
      console.error(
        `Vitest had not exited ${EXIT_GRACE_MS / 1000} s after its tests ended ` +
          `(still open: ${open.join(', ') || 'nothing listed'}); ending it.`,
      );
      if (reason !== 'passed') process.exitCode = 1;
      process.exit();
    }, EXIT_GRACE_MS);
    timer.unref();
  }
}
