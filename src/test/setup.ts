import { afterEach, beforeEach, vi } from 'vitest';

// Any console.error or console.warn fails the test that caused it: React's warnings
// (act(), keys, hydration) and our own logged errors are bugs unless a test expects them,
// and a test that expects one spies on console itself.
const failures: string[] = [];

beforeEach(() => {
  failures.length = 0;
  for (const method of ['error', 'warn'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      failures.push(`console.${method}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  // Files share a worker (isolate: false): a test's fake clock never reaches the next file.
  vi.useRealTimers();
  const seen = failures.splice(0);
  if (seen.length > 0) {
    throw new Error(`Unexpected console output:\n${seen.join('\n')}`);
  }
});
