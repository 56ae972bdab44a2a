import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useResource, type Resource, type ResourceOptions } from './resource.ts';

/** A promise settled from outside the test's load function. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

interface Props {
  key: string | null;
  load: (signal: AbortSignal) => Promise<string>;
  options?: ResourceOptions<string>;
}

function renderResource(initial: Props) {
  return renderHook(
    ({ key, load, options }: Props): Resource<string> => useResource(key, load, options),
    { initialProps: initial },
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useResource', () => {
  it('is loading, then ready with the data', async () => {
    const answer = deferred<string>();
    const { result } = renderResource({ key: 'a', load: () => answer.promise });
    expect(result.current).toEqual({ status: 'loading' });
    await act(async () => answer.resolve('apple'));
    expect(result.current).toEqual({ status: 'ready', data: 'apple' });
  });

  it('loads nothing for a null key', () => {
    const load = vi.fn(() => Promise.resolve('never'));
    const { result } = renderResource({ key: null, load });
    expect(load).not.toHaveBeenCalled();
    expect(result.current).toEqual({ status: 'loading' });
  });

  it("aborts an older key's load and never shows its result, but gives it to onData", async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const signals: AbortSignal[] = [];
    const onData = vi.fn();
    const { result, rerender } = renderResource({
      key: 'a',
      load: (signal) => {
        signals.push(signal);
        return first.promise;
      },
      options: { onData },
    });
    rerender({
      key: 'b',
      load: (signal) => {
        signals.push(signal);
        return second.promise;
      },
      options: { onData },
    });
    expect(signals.at(0)?.aborted).toBe(true);
    expect(signals.at(-1)?.aborted).toBe(false);
    await act(async () => second.resolve('banana'));
    await act(async () => first.resolve('apple'));
    expect(result.current).toEqual({ status: 'ready', data: 'banana' });
    expect(onData.mock.calls.map(([data]: unknown[]) => data)).toEqual(['banana', 'apple']);
  });

  it('reports a failure once, as the error state, and drops a replaced load’s failure', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const onError = vi.fn();
    const { result, rerender } = renderResource({
      key: 'a',
      load: () => first.promise,
      options: { onError },
    });
    rerender({ key: 'b', load: () => second.promise, options: { onError } });
    await act(async () => first.reject(new Error('old')));
    await act(async () => second.reject('new'));
    expect(onError).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('error');
    expect(result.current.status === 'error' && result.current.error.message).toContain('new');
  });

  it('tries a failed key again after each wait, and stops when the waits run out', async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.reject(new Error('down')));
    const onError = vi.fn();
    renderResource({ key: 'a', load, options: { onError, retryAfterMs: [1_000, 4_000] } });
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(999));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => vi.advanceTimersByTimeAsync(4_000));
    expect(load).toHaveBeenCalledTimes(3);
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(load).toHaveBeenCalledTimes(3);
    expect(onError).toHaveBeenCalledTimes(3);
  });

  it('is ready after a retry succeeds, and a new key starts its waits over', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const load = vi.fn(() => {
      calls += 1;
      return calls === 2 ? Promise.resolve('late') : Promise.reject(new Error('down'));
    });
    const { result, rerender } = renderResource({
      key: 'a',
      load,
      options: { retryAfterMs: [1_000] },
    });
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(result.current).toEqual({ status: 'ready', data: 'late' });
    rerender({ key: 'b', load, options: { retryAfterMs: [1_000] } });
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(result.current.status).toBe('error');
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(load).toHaveBeenCalledTimes(4);
  });
});
