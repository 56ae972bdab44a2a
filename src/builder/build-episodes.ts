/**
 * The build's episode step: every episode is read (transcript, corrections, chapters, speakers,
 * description) and written, unless the previous build's database already holds it as it is
 * (decision 0051). Then the previous database is copied and only the episodes after its last
 * one are added; any other change (an episode edited, removed or inserted before the last one)
 * writes every episode into a new database, as a first build does.
 */
import { rm } from 'node:fs/promises';
import type { Analyzer } from '../core/analyzer.ts';
import { ProblemCollector } from './errors.ts';
import {
  episodeFingerprint,
  readBaseDatabase,
  type BaseDatabase,
  type EpisodeFingerprint,
} from './index/episode-fingerprint.ts';
import type { EpisodeSpeech } from './index/transcript-blob.ts';
import type { DatabaseWriter, EpisodeRecord } from './index/write-db.ts';
import { joinChunks, readPublished } from './publish/chunk-files.ts';
import { isRecordedDatabase } from './resume-record.ts';
import type { EpisodeCast } from './read/cast.ts';
import { readEpisodeChapters, type ChapterSources } from './read/chapters.ts';
import { applyCorrections, type EpisodeCorrections } from './read/corrections.ts';
import { episodeDescription } from './read/episode-description.ts';
import type { FeedEpisode } from './read/feed.ts';
import type { LinkedFiles } from './read/linked-files.ts';
import type { MediaFolder } from './read/media-folder.ts';
import { readAhead } from './read/safe-files.ts';
import type { HtmlSanitizer } from './read/sanitize-html.ts';
import type { SpeakerResolver } from './read/speakers.ts';
import { readTranscriptSource, type TranscriptSource } from './read/transcripts/episode-source.ts';
import type { ParsedTranscript } from './read/transcripts/word-collector.ts';
import { plural, WarningCollector } from './warnings.ts';

/** What `addEpisode` writes for one episode. */
export interface PreparedEpisode {
  record: EpisodeRecord;
  transcript: ParsedTranscript | null;
  speech: EpisodeSpeech;
}

export interface WriteEpisodesInput<Episode> {
  episodes: readonly Episode[];
  analyzer: Analyzer;
  /**
   * Reads one episode. `again`: it was read once already in this build (its warnings and
   * counts were taken then), and is read again to be written into a new database.
   */
  prepare: (episode: Episode, again: boolean) => Promise<PreparedEpisode>;
  /**
   * Starts reading an episode's files ahead of `prepare` (`readAhead`), so the disk works while
   * this thread writes the episodes before it.
   */
  readAhead?: (episode: Episode) => void;
  /** The previous build's database, when it was copied to be resumed. */
  base: BaseDatabase | undefined;
  /** Opens the writer: on the copied database (`resume`), or on a new one in its place. */
  openWriter: (resume: boolean) => DatabaseWriter;
  onProgress?: (done: number, total: number) => void;
}

export interface WrittenEpisodes {
  writer: DatabaseWriter;
  /** Whether the previous build's database was resumed. */
  resumed: boolean;
  /** Episodes written by this build (the others came with the previous database). */
  written: number;
}

/** How many episodes ahead of the one being written their files are read (`readAhead`). */
const READ_AHEAD_EPISODES = 3;

/** Reads every episode and writes those the previous database does not already hold. */
export async function writeEpisodes<Episode>(
  input: WriteEpisodesInput<Episode>,
): Promise<WrittenEpisodes> {
  const { episodes, analyzer } = input;
  const base = input.base?.fingerprints;
  let writer: DatabaseWriter | undefined = base ? undefined : input.openWriter(false);
  let resumed = false;
  let written = 0;
  const write = (prepared: PreparedEpisode, fingerprint: EpisodeFingerprint): void => {
    if (!writer) throw new Error('unreachable: the writer opens before the first write');
    writer.addEpisode(prepared.record, prepared.transcript, prepared.speech, fingerprint);
    written += 1;
  };
  const fingerprintOf = (prepared: PreparedEpisode): EpisodeFingerprint =>
    episodeFingerprint(analyzer, [prepared.record, prepared.transcript, prepared.speech]);
  // Writes episodes before `end` into a new database: the previous one cannot be resumed.
  const startOver = async (end: number): Promise<DatabaseWriter> => {
    writer = input.openWriter(false);
    for (const episode of episodes.slice(0, end)) {
      const prepared = await input.prepare(episode, true);
      write(prepared, fingerprintOf(prepared));
    }
    return writer;
  };

  // The files of the next episodes are read ahead while one is written (about a quarter of a
  // second at 30,000 words, against 20 ms to read its transcript from a disk).
  const readNextAhead = (index: number): void => {
    const next = episodes[index + READ_AHEAD_EPISODES];
    if (next !== undefined) input.readAhead?.(next);
  };
  for (const episode of episodes.slice(0, READ_AHEAD_EPISODES)) input.readAhead?.(episode);
  try {
    for (const [index, episode] of episodes.entries()) {
      readNextAhead(index);
      const prepared = await input.prepare(episode, false);
      const fingerprint = fingerprintOf(prepared);
      if (base && !writer) {
        if (index < base.length && base[index] === fingerprint) {
          input.onProgress?.(index + 1, episodes.length);
          continue;
        }
        if (index >= base.length) {
          writer = input.openWriter(true);
          resumed = true;
        } else writer = await startOver(index);
      }
      write(prepared, fingerprint);
      input.onProgress?.(index + 1, episodes.length);
    }
    if (!writer) {
      // Every episode matched: the same episodes (resume, to rewrite the small tables) or fewer.
      resumed = base !== undefined && episodes.length === base.length;
      writer = resumed ? input.openWriter(true) : await startOver(episodes.length);
    }
  } catch (error) {
    writer?.abort();
    throw error;
  }
  return { writer, resumed, written };
}

/**
 * Copies the database of the version `outDir`'s latest.json names to `target` (its chunks
 * joined) and returns what resuming it needs; undefined, with nothing left at `target`, when
 * there is none or it cannot be resumed: not the database this machine's last build from
 * `cacheDir`'s folder published (resume-record.ts), an older Trawl's, damaged, chunks missing.
 */
export async function copyPreviousDatabase(
  outDir: string,
  target: string,
  cacheDir: string,
): Promise<BaseDatabase | undefined> {
  try {
    const { versionDir } = await readPublished(outDir);
    await joinChunks(versionDir, target);
  } catch {
    // No published version (a first build) or one that cannot be read: built from nothing.
    await rm(target, { force: true });
    return undefined;
  }
  const base = (await isRecordedDatabase(cacheDir, target)) ? readBaseDatabase(target) : undefined;
  if (!base) await rm(target, { force: true });
  return base;
}

/** What reading an episode needs: the build's inputs, read once for all episodes. */
export interface EpisodeReaderContext {
  transcriptFiles: ReadonlyMap<string, string>;
  linked: Pick<LinkedFiles, 'transcripts'>;
  corrections: ReadonlyMap<string, EpisodeCorrections>;
  chapterSources: ChapterSources;
  chapterFiles: ReadonlyMap<string, string>;
  speakers: SpeakerResolver;
  sanitizer: HtmlSanitizer;
  feedName: string;
  casts: ReadonlyMap<string, EpisodeCast>;
  typeIds: ReadonlyMap<string, string[]>;
  media: MediaFolder;
  warnings: WarningCollector;
  problems: ProblemCollector;
}

/** Reads episodes for `writeEpisodes` and counts what the first reading of each found. */
export function episodeReader(context: EpisodeReaderContext): {
  prepare: (episode: FeedEpisode, again: boolean) => Promise<PreparedEpisode>;
  readAhead: (episode: FeedEpisode) => void;
  counts: { words: number; transcripts: number; chaptersFromFeed: number };
} {
  const counts = { words: 0, transcripts: 0, chaptersFromFeed: 0 };
  const sourceOf = (episode: FeedEpisode): TranscriptSource | undefined => {
    const local = context.transcriptFiles.get(episode.episode);
    const fromFeed = context.linked.transcripts.get(episode.episode);
    return local !== undefined
      ? { file: local, from: 'file' }
      : fromFeed && { file: fromFeed.file, from: 'feed', url: fromFeed.url };
  };
  const readAheadOf = (episode: FeedEpisode): void => {
    const source = sourceOf(episode);
    if (source) void readAhead(source.file);
  };
  const prepare = async (episode: FeedEpisode, again: boolean): Promise<PreparedEpisode> => {
    // Read a second time only to be written: its warnings and counts were taken the first time.
    const warnings = again ? new WarningCollector() : context.warnings;
    const problems = again ? new ProblemCollector() : context.problems;
    const source = sourceOf(episode);
    let transcript = null;
    if (source === undefined) {
      warnings.add(
        'no-transcript',
        (n) => `${plural(n, 'episode')} had no transcript`,
        `episode ${episode.episode}`,
      );
    } else {
      transcript = await readTranscriptSource(source, episode, warnings, problems);
      const fixes = context.corrections.get(episode.episode);
      if (transcript !== null && fixes) transcript = applyCorrections(transcript, fixes, warnings);
      if (transcript !== null && !again) {
        counts.transcripts += 1;
        counts.words += transcript.words.length;
      }
    }
    const chapters = await readEpisodeChapters(
      context.chapterSources,
      episode.episode,
      episode.chaptersUrl,
      warnings,
    );
    if (chapters.length > 0 && !context.chapterFiles.has(episode.episode) && !again)
      counts.chaptersFromFeed += 1;
    const resolved = transcript
      ? context.speakers.resolve(episode.episode, transcript.speakerNames, transcript.speaker)
      : null;
    const description = episodeDescription(context.sanitizer, context.feedName, episode, warnings);
    const cast = context.casts.get(episode.episode);
    const record: EpisodeRecord = {
      episode: episode.episode,
      title: episode.title,
      pubDate: episode.pubDate,
      image: episode.image,
      duration: episode.duration,
      audioUrl: episode.audioUrl,
      presenters: cast?.presenters ?? [],
      venue: cast?.venue ?? null,
      live: cast?.live ?? false,
      compilation: cast?.compilation ?? false,
      typeIds: context.typeIds.get(episode.episode) ?? [],
      audioLocal: context.media.hasAudio(episode.episode),
      imageLocal: context.media.imageOf(episode.episode),
      descriptionHtml: description.html,
      descriptionText: description.text,
    };
    return { record, transcript, speech: { speakers: resolved, chapters } };
  };
  return { prepare, readAhead: readAheadOf, counts };
}
