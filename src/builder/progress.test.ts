import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProgressLine } from './progress.ts';

function fakeStream(isTTY: boolean): { stream: NodeJS.WriteStream; written: string[] } {
  const written: string[] = [];
  const stream = Object.assign(Object.create(process.stdout) as NodeJS.WriteStream, {
    isTTY,
    write: (text: string) => {
      written.push(text);
      return true;
    },
  });
  return { stream, written };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createProgressLine', () => {
  it('shows a percentage only once a step has run for a second, redrawn in place', () => {
    vi.useFakeTimers();
    const { stream, written } = fakeStream(true);
    const progress = createProgressLine(stream);
    progress.update({ step: 'episodes', done: 1, total: 600 });
    expect(written).toEqual([]);
    vi.advanceTimersByTime(1500);
    progress.update({ step: 'episodes', done: 270, total: 600 });
    expect(written).toEqual(['\r\x1b[2KWriting episodes 45% (270/600)']);
    progress.done();
    expect(written.at(-1)).toBe('\r\x1b[2K');
  });

  it('counts the pages it renders, with thousands separators', () => {
    vi.useFakeTimers();
    const { stream, written } = fakeStream(true);
    const progress = createProgressLine(stream);
    progress.update({ step: 'pages', done: 1, total: 5_002 });
    vi.advanceTimersByTime(1500);
    progress.update({ step: 'pages', done: 1_200, total: 5_002 });
    expect(written).toEqual(['\r\x1b[2KRendering pages 23% (1,200/5,002)']);
  });

  it('labels an uncounted step at once when the build has already run for a second', () => {
    vi.useFakeTimers();
    const { stream, written } = fakeStream(true);
    const progress = createProgressLine(stream);
    progress.update({ step: 'episodes', done: 1, total: 2 });
    progress.update({ step: 'optimize', done: 0, total: 1 });
    expect(written).toEqual([]);
    vi.advanceTimersByTime(1200);
    progress.update({ step: 'vacuum', done: 0, total: 1 });
    expect(written).toEqual(['\r\x1b[2KCompacting the database…']);
  });

  it('prints a line per step with its time when the output is not a terminal', () => {
    vi.useFakeTimers();
    const { stream, written } = fakeStream(false);
    const progress = createProgressLine(stream);
    progress.update({ step: 'read', done: 0, total: 1 });
    vi.advanceTimersByTime(400);
    progress.update({ step: 'links', done: 1, total: 110 });
    vi.advanceTimersByTime(2300);
    progress.update({ step: 'links', done: 110, total: 110 });
    progress.update({ step: 'episodes', done: 1, total: 600 });
    vi.advanceTimersByTime(41_250);
    progress.update({ step: 'episodes', done: 600, total: 600 });
    expect(written).toEqual([
      'Reading the inputs and the feed: 0.4 s\n',
      'Downloading what the feed links (110): 2.3 s\n',
    ]);
    progress.update({ step: 'optimize', done: 0, total: 1 });
    vi.advanceTimersByTime(800);
    progress.done();
    expect(written.slice(2)).toEqual([
      'Writing episodes (600): 41.3 s\n',
      'Optimising the search index: 0.8 s\n',
    ]);
    progress.done();
    expect(written).toHaveLength(4);
  });
});
