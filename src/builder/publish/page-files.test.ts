import { describe, expect, it } from 'vitest';
import { PageFiles, type PageFileSystem } from './page-files.ts';

/** A file system that records its calls and finishes each write only when the test says. */
function heldFileSystem() {
  const folders: string[] = [];
  const written: string[] = [];
  const held: { file: string; finish: (error?: Error) => void }[] = [];
  const fs: PageFileSystem = {
    mkdir: (folder) => {
      folders.push(folder);
      return Promise.resolve();
    },
    writeFile: (file) =>
      new Promise<void>((resolve, reject) => {
        held.push({
          file,
          finish: (error) => {
            if (error) reject(error);
            else {
              written.push(file);
              resolve();
            }
          },
        });
      }),
  };
  const finishAll = (): void => {
    for (const write of held.splice(0)) write.finish();
  };
  return { fs, folders, written, held, finishAll };
}

/** Lets the writer's promise callbacks run. */
const settled = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('PageFiles', () => {
  it('makes each folder once, however many pages it holds', async () => {
    const disk = heldFileSystem();
    const files = new PageFiles(disk.fs, 4);
    const writing = (async () => {
      for (let page = 1; page <= 50; page += 1) {
        await files.write(`/out/pages/episodes/${page}.html`, 'x');
        await files.write(`/out/pages/page/${page}.html`, 'x');
      }
      await files.flush();
    })();
    while (disk.written.length < 100) {
      await settled();
      disk.finishAll();
    }
    await writing;
    // One mkdir a folder (it was one a page: 100 here).
    expect(disk.folders.sort()).toEqual(['/out/pages/episodes', '/out/pages/page']);
    expect(disk.written).toHaveLength(100);
  });

  it('lets the next page render while earlier ones are written, up to its limit', async () => {
    const disk = heldFileSystem();
    const files = new PageFiles(disk.fs, 3);
    // Two writes are accepted at once without waiting for either to finish…
    await files.write('/out/1.html', 'x');
    await files.write('/out/2.html', 'x');
    await settled();
    expect(disk.held.map((write) => write.file)).toEqual(['/out/1.html', '/out/2.html']);
    // …the third waits for room.
    let third = false;
    const writing = files.write('/out/3.html', 'x').then(() => {
      third = true;
    });
    await settled();
    expect(third).toBe(false);
    disk.held.shift()?.finish();
    await writing;
    expect(third).toBe(true);
    disk.finishAll();
    await files.flush();
    expect(disk.written.sort()).toEqual(['/out/1.html', '/out/2.html', '/out/3.html']);
  });

  it('fails the next write and the flush with the first write that failed', async () => {
    const disk = heldFileSystem();
    const files = new PageFiles(disk.fs, 8);
    await files.write('/out/1.html', 'x');
    await files.write('/out/2.html', 'x');
    await settled();
    disk.held[0]?.finish(new Error("ENOSPC: no space left on device, open '/out/1.html'"));
    disk.held[1]?.finish();
    await settled();
    await expect(files.write('/out/3.html', 'x')).rejects.toThrow(/\/out\/1\.html/);
    await expect(files.flush()).rejects.toThrow(/ENOSPC/);
    expect(disk.written).toEqual(['/out/2.html']);
  });
});
