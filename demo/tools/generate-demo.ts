/**
 * Regenerates the demo podcast folder (demo/podcast/) from the scripts in this folder:
 * speech with espeak-ng word by word (so every word's time is known to the sample), mono MP3s
 * with lame, whisper-style transcripts, images with ImageMagick, and the feed and JSON files.
 *
 *   npx tsx demo/tools/generate-demo.ts
 *
 * Deterministic: the same inputs give the same bytes. `npm start` never runs it; its outputs
 * are committed. Needs espeak-ng, lame and ImageMagick (Debian packages).
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { LAME, hasLame } from './alignment.ts';
import {
  CAST,
  EPISODE_TYPES,
  HOST_IDS,
  PODCAST_TITLE,
  SITE_SETTINGS,
  VENUES,
  castMember,
} from './cast.ts';
import { EPISODES, scriptWords, type EpisodeScript } from './episode-scripts.ts';
import { SAMPLE_RATE, encodeWav, hasEspeak, wordClip } from './espeak.ts';
import { hms, renderFeed, rfc2822, type FeedItem } from './feed-xml.ts';
import { IMAGEMAGICK, drawAvatar, drawCover, hasImageMagick } from './images.ts';
import { readMp3Info } from './mp3-info.ts';
import { createPrng, seedFromString } from '../../src/core/prng.ts';
import {
  chaptersOf,
  chaptersPath,
  diarisationLabels,
  FEED_CHAPTERS,
  speakerName,
  speakersFile,
  toWhisperX,
  WHISPERX_EPISODES,
} from './speech.ts';
import { toWhisperTranscript, type TimedWord } from './whisper-json.ts';

const run = promisify(execFile);

const TOOLS_DIR = import.meta.dirname;
export const DEMO_DIR = resolve(TOOLS_DIR, '../podcast');
export const SILENCE_MP3 = resolve(TOOLS_DIR, 'silence.mp3');

/** lame settings: ABR keeps a Xing/LAME tag (CBR 32 kbit/s at 22.05 kHz has no room for it). */
export const LAME_ARGS = [
  '--quiet',
  '-m',
  'm',
  '--abr',
  '24',
  '--resample',
  '22.05',
  '--noreplaygain',
];

/** Pauses the generator inserts, in seconds. Gapless timings make these the only silences. */
export const PAUSES = {
  leadIn: 0.3,
  word: 0.04,
  comma: 0.16,
  sentence: 0.32,
  turn: 0.5,
  tail: 0.7,
};

const samplesOf = (seconds: number): number => Math.round(seconds * SAMPLE_RATE);

function pauseAfter(word: string, nextStartsTurn: boolean): number {
  if (nextStartsTurn) return PAUSES.turn;
  if (/[.?!]$/.test(word)) return PAUSES.sentence;
  if (/[,;:]$/.test(word)) return PAUSES.comma;
  return PAUSES.word;
}

/** Runs tasks with at most `limit` at a time (the machine has two cores, shared). */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      const item = items[index];
      if (item !== undefined) results[index] = await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface SynthesisedEpisode {
  pcm: Int16Array;
  words: TimedWord[];
  /** Start (seconds) of each turn's first word. */
  turnStarts: number[];
}

const clipCache = new Map<string, Promise<Int16Array>>();

function cachedClip(speaker: number, text: string): Promise<Int16Array> {
  const { voice } = castMember(speaker);
  const key = `${voice.voice}|${voice.speed}|${voice.pitch}|${text}`;
  let clip = clipCache.get(key);
  if (clip === undefined) {
    clip = wordClip(voice, text);
    clipCache.set(key, clip);
  }
  return clip;
}

async function synthesiseEpisode(episode: EpisodeScript): Promise<SynthesisedEpisode> {
  const script = scriptWords(episode);
  const clips = await mapLimited(script, 2, (word) => cachedClip(word.speaker, word.text));
  const positions: { start: number; end: number }[] = [];
  let cursor = samplesOf(PAUSES.leadIn);
  script.forEach((word, index) => {
    const clip = clips[index];
    if (clip === undefined || clip.length === 0) {
      throw new Error(`episode ${episode.episode}: espeak-ng produced no audio for '${word.text}'`);
    }
    positions.push({ start: cursor, end: cursor + clip.length });
    cursor += clip.length;
    const next = script[index + 1];
    cursor += samplesOf(next === undefined ? PAUSES.tail : pauseAfter(word.text, next.turnStart));
  });
  const pcm = new Int16Array(cursor);
  positions.forEach((position, index) =>
    pcm.set(clips[index] ?? new Int16Array(0), position.start),
  );
  // Speakers by name, or by diarisation label in the WhisperX episodes (demo/tools/speech.ts).
  const labels = diarisationLabels(episode);
  const whisperX = WHISPERX_EPISODES.includes(episode.episode);
  const words = script.map((word, index): TimedWord => {
    const position = positions[index] ?? { start: 0, end: 0 };
    const previous = script[index - 1];
    return {
      text: word.text,
      start: position.start / SAMPLE_RATE,
      end: position.end / SAMPLE_RATE,
      segmentStart: word.turnStart || (previous !== undefined && /[.?!]$/.test(previous.text)),
      speaker: whisperX ? (labels.get(word.speaker) ?? '') : speakerName(word.speaker),
    };
  });
  const turnStarts = words.filter((_, index) => script[index]?.turnStart).map((w) => w.start);
  return { pcm, words, turnStarts };
}

/** Encodes PCM to MP3 and checks that a gapless decoder gives back exactly as many samples. */
export async function encodeMp3(pcm: Int16Array, out: string, scratch: string): Promise<void> {
  const wavPath = join(scratch, 'episode.wav');
  await writeFile(wavPath, encodeWav(pcm, SAMPLE_RATE));
  await run(LAME, [...LAME_ARGS, wavPath, out]);
  const info = readMp3Info(await readFile(out));
  if (!info.hasLameTag || info.samples !== pcm.length || info.sampleRate !== SAMPLE_RATE) {
    throw new Error(
      `${out}: decodes to ${info.samples} samples at ${info.sampleRate} Hz (LAME tag: ${info.hasLameTag}), ` +
        `expected ${pcm.length} at ${SAMPLE_RATE}: word timings would drift`,
    );
  }
}

function initials(id: number): string {
  const member = castMember(id);
  return `${member.firstName[0] ?? ''}${member.lastName?.[0] ?? ''}`;
}

function requireTools(): void {
  const missing: string[] = [];
  if (!hasEspeak()) missing.push('espeak-ng');
  if (!hasLame()) missing.push('lame');
  if (!hasImageMagick()) missing.push(`imagemagick (${IMAGEMAGICK})`);
  if (missing.length > 0) {
    throw new Error(
      `generate-demo needs ${missing.join(', ')}: apt-get install -y espeak-ng lame imagemagick`,
    );
  }
}

async function writeJson(path: string, value: unknown): Promise<void> {
  await writeFile(path, `${JSON.stringify(value, null, 2)}\n`);
}

async function folderBytes(dir: string): Promise<number> {
  const { stdout } = await run('du', ['-sb', dir]);
  return Number(stdout.split('\t')[0]);
}

async function main(): Promise<void> {
  requireTools();
  const started = Date.now();
  const media = join(DEMO_DIR, 'media');
  // Only generated folders are cleared, so renamed episodes leave no stale files behind.
  for (const dir of ['transcripts', 'media', 'chapters'])
    await rm(join(DEMO_DIR, dir), { recursive: true, force: true });
  for (const dir of [
    'transcripts',
    'chapters',
    'media/audio',
    'media/chapters',
    'media/images/episodes',
    'media/hosts',
  ]) {
    await mkdir(join(DEMO_DIR, dir), { recursive: true });
  }
  const scratch = await mkdtemp(join(tmpdir(), 'trawl-demo-'));
  try {
    const items: FeedItem[] = [];
    for (const episode of EPISODES) {
      const { pcm, words, turnStarts } = await synthesiseEpisode(episode);
      const audioPath = join(media, 'audio', `${episode.episode}.mp3`);
      await encodeMp3(pcm, audioPath, scratch);
      const transcript = toWhisperTranscript(
        words,
        createPrng(seedFromString(`demo ${episode.episode}`)),
      );
      const stored = WHISPERX_EPISODES.includes(episode.episode)
        ? toWhisperX(transcript)
        : transcript;
      await writeFile(
        join(DEMO_DIR, 'transcripts', `${episode.episode}.json`),
        `${JSON.stringify(stored)}\n`,
      );
      const chapters = chaptersOf(episode, turnStarts);
      if (chapters !== null)
        await writeJson(join(DEMO_DIR, chaptersPath(episode.episode)), chapters);
      const imageName = `${episode.episode}.${episode.image.ext}`;
      await drawCover(join(media, 'images', 'episodes', imageName), {
        number: episode.episode,
        ...episode.image,
      });
      const seconds = pcm.length / SAMPLE_RATE;
      items.push({
        episode: episode.episode,
        title: episode.title,
        pubDate: rfc2822(new Date(episode.published)),
        descriptionHtml: episode.descriptionHtml,
        // Both forms a feed may use: h:mm:ss for the long and the half episode, seconds otherwise.
        duration: ['7', '4.5'].includes(episode.episode)
          ? hms(seconds)
          : String(Math.round(seconds)),
        audioUrl: `audio/${episode.episode}.mp3`,
        audioBytes: (await stat(audioPath)).size,
        imageUrl: `images/episodes/${imageName}`,
        transcriptUrl: `transcripts/${episode.episode}.json`,
        ...(FEED_CHAPTERS.includes(episode.episode)
          ? { chaptersUrl: chaptersPath(episode.episode) }
          : {}),
        guid: `curious-haul-${episode.episode}`,
      });
      console.log(
        `episode ${episode.episode.padEnd(3)} ${String(words.length).padStart(4)} words ` +
          `${seconds.toFixed(1).padStart(6)} s ${String(items.at(-1)?.audioBytes).padStart(7)} bytes`,
      );
    }

    for (const id of HOST_IDS) {
      await drawAvatar(join(media, 'hosts', `${id}.png`), initials(id), castMember(id).colour);
    }
    await drawCover(join(media, 'images', 'cover.png'), {
      number: 'CH',
      label: 'Curious Haul',
      background: '#f4d35e',
      accent: '#1d3557',
    });

    // Newest first, as podcast feeds list them.
    const feedItems = [...items].reverse();
    await writeFile(
      join(DEMO_DIR, 'feed.xml'),
      renderFeed({
        title: PODCAST_TITLE,
        link: SITE_SETTINGS.sourceUrl,
        descriptionHtml:
          '<p>Four friends trade the best facts they found this week. An <em>original</em> demo podcast for ' +
          '<a href="https://github.com/trawl-podcast/trawl">Trawl</a>, spoken by espeak-ng.</p>',
        author: 'Dora Finch, Milo Quarrie, Priya Shah and Hamish MacLeod',
        imageUrl: 'images/cover.png',
        items: feedItems,
      }),
    );
    await writeJson(
      join(DEMO_DIR, 'presenters.json'),
      CAST.map(({ voice: _voice, colour: _colour, ...presenter }) => presenter),
    );
    await writeJson(join(DEMO_DIR, 'venues.json'), VENUES);
    await writeJson(join(DEMO_DIR, 'speakers.json'), speakersFile(EPISODES));
    await writeJson(
      join(DEMO_DIR, 'overrides.json'),
      EPISODES.map((episode) => {
        const override: Record<string, string | number | boolean> = { episode: episode.episode };
        episode.presenters.forEach((id, index) => (override[`presenter${index + 1}`] = id));
        override.venue = episode.venue;
        if (episode.live) override.live = true;
        if (episode.compilation) override.compilation = true;
        return override;
      }),
    );
    await writeJson(join(DEMO_DIR, 'trawl.config.json'), {
      site: SITE_SETTINGS,
      episodeTypes: EPISODE_TYPES,
    });

    // One second of silence for the scale corpus, encoded like the episodes.
    await encodeMp3(new Int16Array(SAMPLE_RATE), SILENCE_MP3, scratch);

    const bytes = await folderBytes(DEMO_DIR);
    console.log(
      `wrote ${relative(process.cwd(), DEMO_DIR) || DEMO_DIR} (${(bytes / 1024).toFixed(0)} KiB) and ` +
        `${relative(process.cwd(), SILENCE_MP3)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
