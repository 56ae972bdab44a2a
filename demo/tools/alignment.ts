import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseWav } from './espeak.ts';

const run = promisify(execFile);

export const LAME = '/usr/bin/lame';

/** Whether lame can be run here. */
export function hasLame(): boolean {
  try {
    execFileSync(LAME, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Decodes an MP3 with `lame --decode`, which drops encoder delay and padding like Chromium. */
export async function decodeMp3(
  path: string,
): Promise<{ sampleRate: number; samples: Int16Array }> {
  const scratch = await mkdtemp(join(tmpdir(), 'trawl-decode-'));
  try {
    const wav = join(scratch, 'decoded.wav');
    await run(LAME, ['--quiet', '--decode', path, wav]);
    return parseWav(await readFile(wav));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Where a word's clip sits in decoded audio relative to where the transcript says it starts:
 * the lag (in samples, within ±maxLag) with the highest normalised cross-correlation.
 */
export function bestLag(
  decoded: ArrayLike<number>,
  clip: ArrayLike<number>,
  expectedStart: number,
  maxLag: number,
): { lag: number; correlation: number } {
  let clipEnergy = 0;
  for (let i = 0; i < clip.length; i += 1) clipEnergy += (clip[i] ?? 0) ** 2;
  let best = { lag: 0, correlation: -Infinity };
  for (let lag = -maxLag; lag <= maxLag; lag += 1) {
    let dot = 0;
    let energy = 0;
    for (let i = 0; i < clip.length; i += 1) {
      const sample = decoded[expectedStart + lag + i] ?? 0;
      dot += sample * (clip[i] ?? 0);
      energy += sample * sample;
    }
    const correlation = energy > 0 && clipEnergy > 0 ? dot / Math.sqrt(energy * clipEnergy) : 0;
    if (correlation > best.correlation) best = { lag, correlation };
  }
  return best;
}
