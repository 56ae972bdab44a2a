// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { QueryRunner } from './database-types.ts';
import { cachedByRow } from './row-cache.ts';

/** A read whose answer the test gives; it records each read and its signal. */
function reads() {
  const started: { id: number; signal: AbortSignal; answer: (value: string) => void }[] = [];
  const read = (_db: QueryRunner, id: number, signal: AbortSignal): Promise<string> =>
    new Promise((resolve, reject) => {
      started.push({ id, signal, answer: resolve });
      signal.addEventListener('abort', () => reject(new Error('given up')));
    });
  return { started, load: cachedByRow(read) };
}

const db: QueryRunner = { query: () => Promise.resolve([]) };
const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('cachedByRow', () => {
  it('shares a read, keeps what arrived, and cancels a read only when all its callers gave up', async () => {
    const { started, load } = reads();
    const first = new AbortController();
    const second = new AbortController();
    const a = load(db, 3, first.signal);
    const b = load(db, 3, second.signal);
    expect(started).toHaveLength(1);
    first.abort();
    await tick();
    expect(started[0]?.signal.aborted).toBe(false);
    second.abort();
    await tick();
    expect(started[0]?.signal.aborted).toBe(true);
    await expect(a).rejects.toThrow('given up');
    await expect(b).rejects.toThrow('given up');

    // Forgotten: the next caller reads again, and a row that arrived stays, whoever gives up.
    const later = new AbortController();
    const c = load(db, 3, later.signal);
    expect(started).toHaveLength(2);
    started[1]?.answer('row 3');
    expect(await c).toBe('row 3');
    later.abort();
    await tick();
    expect(await load(db, 3)).toBe('row 3');
    expect(started).toHaveLength(2);
  });

  it("a caller without a signal keeps the read; a new key asking at its old key's abort joins it", async () => {
    const { started, load } = reads();
    const withSignal = new AbortController();
    const kept = load(db, 5);
    load(db, 5, withSignal.signal).catch(() => undefined);
    withSignal.abort();
    await tick();
    expect(started[0]?.signal.aborted).toBe(false);
    started[0]?.answer('row 5');
    expect(await kept).toBe('row 5');

    // React ends the old effect, then starts the new one, in one go: the new one joins.
    const old = new AbortController();
    load(db, 7, old.signal).catch(() => undefined);
    old.abort();
    const next = load(db, 7, new AbortController().signal);
    await tick();
    expect(started).toHaveLength(2);
    expect(started[1]?.signal.aborted).toBe(false);
    started[1]?.answer('row 7');
    expect(await next).toBe('row 7');
  });
});
