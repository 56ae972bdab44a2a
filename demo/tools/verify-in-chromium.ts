/**
 * Checks the demo MP3s the way a visitor hears them: Chromium decodes each episode (Web Audio,
 * which drops the encoder delay and padding recorded in the LAME tag), and the script compares
 * the decoded length with the PCM that was encoded and finds sample words where the
 * transcript says they start. Also reports the <audio> element's duration.
 *
 *   npm run build:site && npx tsx demo/tools/verify-in-chromium.ts
 *   (needs Debian's chromium and espeak-ng; serves the demo with `trawl build` and `trawl serve`)
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { z } from 'zod';
import { bestLag } from './alignment.ts';
import { castMember } from './cast.ts';
import { EPISODES, scriptWords } from './episode-scripts.ts';
import { SAMPLE_RATE, wordClip } from './espeak.ts';
import { readMp3Info } from './mp3-info.ts';
import { serveDemoWithCli } from './serve-with-cli.ts';

const MEDIA = resolve(import.meta.dirname, '../podcast/media');
const TRANSCRIPTS = resolve(import.meta.dirname, '../podcast/transcripts');
const CHROMIUM = process.env.TRAWL_CHROMIUM ?? '/usr/bin/chromium';

const decodedSchema = z.object({ length: z.number(), duration: z.number(), pcm: z.string() });
const wordsSchema = z.object({
  segments: z.array(z.object({ words: z.array(z.object({ start: z.number(), end: z.number() })) })),
});

async function main(): Promise<void> {
  const server = await serveDemoWithCli();
  const profile = await mkdtemp(join(tmpdir(), 'trawl-verify-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  let failures = 0;
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/images/cover.png`);
    for (const episode of EPISODES) {
      const url = `/audio/${episode.episode}.mp3`;
      const raw = await page.evaluate(
        async ({ url, rate }) => {
          const bytes = await (await fetch(url)).arrayBuffer();
          const buffer = await new OfflineAudioContext(1, rate, rate).decodeAudioData(bytes);
          const data = buffer.getChannelData(0);
          const pcm = new Int16Array(data.length);
          for (let i = 0; i < data.length; i += 1)
            pcm[i] = Math.round(Math.max(-1, Math.min(1, data[i] ?? 0)) * 32767);
          let binary = '';
          const view = new Uint8Array(pcm.buffer);
          for (let i = 0; i < view.length; i += 0x8000)
            binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
          const audio = new Audio(url);
          await new Promise((done) =>
            audio.addEventListener('loadedmetadata', done, { once: true }),
          );
          return { length: buffer.length, duration: audio.duration, pcm: btoa(binary) };
        },
        { url, rate: SAMPLE_RATE },
      );
      const decoded = decodedSchema.parse(raw);
      const pcmBytes = Buffer.from(decoded.pcm, 'base64');
      const pcm = new Int16Array(pcmBytes.buffer, pcmBytes.byteOffset, pcmBytes.length / 2);
      const expected = readMp3Info(
        readFileSync(join(MEDIA, 'audio', `${episode.episode}.mp3`)),
      ).samples;
      const words = wordsSchema
        .parse(JSON.parse(readFileSync(join(TRANSCRIPTS, `${episode.episode}.json`), 'utf8')))
        .segments.flatMap((segment) => segment.words);
      const script = scriptWords(episode);
      const lags: number[] = [];
      for (const index of [
        0,
        Math.floor(script.length / 3),
        Math.floor((2 * script.length) / 3),
        script.length - 1,
      ]) {
        const word = script[index];
        const timed = words[index];
        if (word === undefined || timed === undefined) continue;
        const clip = await wordClip(castMember(word.speaker).voice, word.text);
        lags.push(bestLag(pcm, clip, Math.round(timed.start * SAMPLE_RATE), 1100).lag);
      }
      const worstMs = Math.max(...lags.map((lag) => Math.abs(lag))) / (SAMPLE_RATE / 1000);
      const ok = decoded.length === expected && worstMs <= 10;
      if (!ok) failures += 1;
      console.log(
        `${ok ? 'ok  ' : 'FAIL'} episode ${episode.episode.padEnd(3)} decoded ${decoded.length} samples ` +
          `(expected ${expected}), <audio> ${decoded.duration.toFixed(3)} s, word offsets ${lags.join(', ')} samples`,
      );
    }
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await server.close();
  }
  if (failures > 0) {
    console.error(`${failures} episode(s) do not line up in Chromium`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
