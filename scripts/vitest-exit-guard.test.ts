import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import ExitGuard, { EXIT_GRACE_MS } from './vitest-exit-guard.ts';

describe('ExitGuard', () => {
  let exit: ReturnType<typeof vi.spyOn>;
  let warn: ReturnType<typeof vi.spyOn>;
  const exitCodeBefore = process.exitCode;

  beforeEach(() => {
    vi.useFakeTimers();
    exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never);
    warn = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.useRealTimers();
    process.exitCode = exitCodeBefore;
  });

  test('ends a process still running after the grace period, naming what is open', () => {
    new ExitGuard().onTestRunEnd([], [], 'passed');
    vi.advanceTimersByTime(EXIT_GRACE_MS - 1);
    expect(exit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(exit).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/^Vitest had not exited 60 s after its tests ended \(still open: .*\)/),
    );
  });

  test('keeps a passed run passed, and makes a failed run exit with 1', () => {
    process.exitCode = undefined;
    new ExitGuard().onTestRunEnd([], [], 'passed');
    vi.advanceTimersByTime(EXIT_GRACE_MS);
    expect(process.exitCode).toBeUndefined();
    new ExitGuard().onTestRunEnd([], [], 'failed');
    vi.advanceTimersByTime(EXIT_GRACE_MS);
    expect(process.exitCode).toBe(1);
  });

  test('never holds a process open by itself: its timer is unref’d', () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    new ExitGuard().onTestRunEnd([], [], 'passed');
    const timer = setTimeoutSpy.mock.results[0]?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
  });
});
