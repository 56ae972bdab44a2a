/**
 * Reads an MP3's frame headers and its Xing/Info + LAME tag, to learn how many samples a
 * gapless decoder (Chromium, ffmpeg, `lame --decode`) outputs: every frame's samples minus
 * the encoder delay and padding that the LAME tag records. The demo's word timings are only
 * right if that count equals the length of the PCM that was encoded.
 */

export interface Mp3Info {
  sampleRate: number;
  channels: number;
  samplesPerFrame: number;
  /** Audio frames, not counting the Xing/Info frame. */
  frames: number;
  /** From the LAME tag; 0 when there is none. */
  encoderDelay: number;
  encoderPadding: number;
  hasLameTag: boolean;
  /** Samples a gapless decoder outputs. */
  samples: number;
  durationSeconds: number;
}

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, readonly number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

interface FrameHeader {
  version: number;
  sampleRate: number;
  channels: number;
  samplesPerFrame: number;
  length: number;
  /** Bytes of side information after the 4-byte header (where a Xing tag would start). */
  sideInfo: number;
}

function readFrameHeader(mp3: Uint8Array, offset: number): FrameHeader | null {
  const b0 = mp3[offset];
  const b1 = mp3[offset + 1];
  const b2 = mp3[offset + 2];
  const b3 = mp3[offset + 3];
  if (b0 === undefined || b1 === undefined || b2 === undefined || b3 === undefined) return null;
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  if (version === 1 || layer !== 1) return null; // reserved version, or not Layer III
  const bitrate = (version === 3 ? BITRATES_V1 : BITRATES_V2)[(b2 >> 4) & 15];
  const sampleRate = SAMPLE_RATES[version]?.[(b2 >> 2) & 3];
  if (bitrate === undefined || bitrate === 0 || sampleRate === undefined) return null;
  const padding = (b2 >> 1) & 1;
  const channels = ((b3 >> 6) & 3) === 3 ? 1 : 2;
  const mpeg1 = version === 3;
  const length = Math.floor(((mpeg1 ? 144 : 72) * bitrate * 1000) / sampleRate) + padding;
  const sideInfo = mpeg1 ? (channels === 1 ? 17 : 32) : channels === 1 ? 9 : 17;
  return { version, sampleRate, channels, samplesPerFrame: mpeg1 ? 1152 : 576, length, sideInfo };
}

function skipId3v2(mp3: Uint8Array): number {
  if (mp3[0] !== 0x49 || mp3[1] !== 0x44 || mp3[2] !== 0x33) return 0; // 'ID3'
  const size = ((mp3[6] ?? 0) << 21) | ((mp3[7] ?? 0) << 14) | ((mp3[8] ?? 0) << 7) | (mp3[9] ?? 0);
  return 10 + size;
}

function ascii(mp3: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...mp3.subarray(start, start + length));
}

function uint32(mp3: Uint8Array, offset: number): number {
  return (
    ((mp3[offset] ?? 0) * 0x1000000 +
      ((mp3[offset + 1] ?? 0) << 16) +
      ((mp3[offset + 2] ?? 0) << 8) +
      (mp3[offset + 3] ?? 0)) >>>
    0
  );
}

/** Parses an MP3 file; throws if it holds no MPEG Layer III frames. */
export function readMp3Info(mp3: Uint8Array): Mp3Info {
  const start = skipId3v2(mp3);
  const first = readFrameHeader(mp3, start);
  if (first === null) throw new Error(`no MPEG audio frame at byte ${start}`);

  let frames = 0;
  let offset = start;
  for (;;) {
    const header = readFrameHeader(mp3, offset);
    if (header === null || offset + header.length > mp3.length) break;
    frames += 1;
    offset += header.length;
  }

  let encoderDelay = 0;
  let encoderPadding = 0;
  let hasLameTag = false;
  let audioFrames = frames;
  const tag = start + 4 + first.sideInfo;
  const tagName = ascii(mp3, tag, 4);
  if (tagName === 'Xing' || tagName === 'Info') {
    audioFrames = frames - 1;
    const flags = uint32(mp3, tag + 4);
    let cursor = tag + 8;
    if (flags & 1) {
      audioFrames = uint32(mp3, cursor);
      cursor += 4;
    }
    if (flags & 2) cursor += 4;
    if (flags & 4) cursor += 100;
    if (flags & 8) cursor += 4;
    if (ascii(mp3, cursor, 4) === 'LAME' || ascii(mp3, cursor, 4) === 'Lavc') {
      hasLameTag = true;
      const d0 = mp3[cursor + 21] ?? 0;
      const d1 = mp3[cursor + 22] ?? 0;
      const d2 = mp3[cursor + 23] ?? 0;
      encoderDelay = (d0 << 4) | (d1 >> 4);
      encoderPadding = ((d1 & 0x0f) << 8) | d2;
    }
  }

  const samples = Math.max(0, audioFrames * first.samplesPerFrame - encoderDelay - encoderPadding);
  return {
    sampleRate: first.sampleRate,
    channels: first.channels,
    samplesPerFrame: first.samplesPerFrame,
    frames: audioFrames,
    encoderDelay,
    encoderPadding,
    hasLameTag,
    samples,
    durationSeconds: samples / first.sampleRate,
  };
}
