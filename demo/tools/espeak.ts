import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import type { Voice } from './cast.ts';

const run = promisify(execFile);

/** espeak-ng always speaks at this rate (16-bit mono). */
export const SAMPLE_RATE = 22050;

export const ESPEAK = '/usr/bin/espeak-ng';

/** Samples quieter than this count as silence when a word's clip is trimmed (about -42 dBFS). */
const SILENCE_LEVEL = 256;
/** Kept before the first and after the last audible sample, so consonants are not clipped. */
const KEEP_BEFORE = Math.round(SAMPLE_RATE * 0.005);
const KEEP_AFTER = Math.round(SAMPLE_RATE * 0.02);

/** Whether espeak-ng can be run here. */
export function hasEspeak(): boolean {
  try {
    execFileSync(ESPEAK, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Reads the 16-bit PCM samples of a WAV file, tolerating the unknown sizes of a piped WAV. */
export function parseWav(wav: Buffer): { sampleRate: number; samples: Int16Array } {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a WAV file');
  }
  let offset = 12;
  let sampleRate = 0;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      const format = wav.readUInt16LE(body);
      const channels = wav.readUInt16LE(body + 2);
      const bits = wav.readUInt16LE(body + 14);
      if (format !== 1 || channels !== 1 || bits !== 16) {
        throw new Error(
          `expected 16-bit mono PCM, got format ${format}, ${channels} ch, ${bits} bit`,
        );
      }
      sampleRate = wav.readUInt32LE(body + 4);
    } else if (id === 'data') {
      // espeak-ng writing to a pipe cannot seek back, so the size field may be bogus.
      const end = Math.min(wav.length, body + size);
      const bytes = wav.subarray(body, end - ((end - body) % 2));
      const samples = new Int16Array(bytes.length / 2);
      for (let i = 0; i < samples.length; i += 1) samples[i] = bytes.readInt16LE(i * 2);
      if (sampleRate === 0) throw new Error('WAV data before its fmt chunk');
      return { sampleRate, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV file has no data chunk');
}

/** Wraps 16-bit mono PCM in a WAV header. */
export function encodeWav(samples: Int16Array, sampleRate: number): Buffer {
  const wav = Buffer.alloc(44 + samples.length * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples.length * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples.length * 2, 40);
  for (let i = 0; i < samples.length; i += 1) wav.writeInt16LE(samples[i] ?? 0, 44 + i * 2);
  return wav;
}

/** Speaks one word with espeak-ng and returns its raw samples, trailing pause included. */
export async function synthesiseWord(voice: Voice, text: string): Promise<Int16Array> {
  const args = [
    '-v',
    voice.voice,
    '-s',
    String(voice.speed),
    '-p',
    String(voice.pitch),
    '--stdout',
    text,
  ];
  const { stdout } = await run(ESPEAK, args, { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 });
  const { sampleRate, samples } = parseWav(stdout);
  if (sampleRate !== SAMPLE_RATE) {
    throw new Error(`espeak-ng spoke at ${sampleRate} Hz, expected ${SAMPLE_RATE}`);
  }
  return samples;
}

/**
 * Cuts the silence espeak-ng puts around a lone word (it ends every utterance with a ~300 ms
 * pause), keeping a few milliseconds either side. The generator controls pauses itself.
 */
export function trimSilence(samples: Int16Array): Int16Array {
  let first = -1;
  let last = -1;
  for (let i = 0; i < samples.length; i += 1) {
    if (Math.abs(samples[i] ?? 0) >= SILENCE_LEVEL) {
      if (first < 0) first = i;
      last = i;
    }
  }
  if (first < 0) return samples.slice(0, 0);
  return samples.slice(
    Math.max(0, first - KEEP_BEFORE),
    Math.min(samples.length, last + 1 + KEEP_AFTER),
  );
}

/** The audio of one transcript word exactly as the demo episode contains it. */
export async function wordClip(voice: Voice, text: string): Promise<Int16Array> {
  return trimSilence(await synthesiseWord(voice, text));
}
