import { displayPath, isInputError, type ProblemCollector } from '../../errors.ts';
import { plural, type WarningCollector } from '../../warnings.ts';
import { shownUrl } from '../remote/remote-url.ts';
import { readEpisodeTranscript } from './episode-transcript.ts';
import type { ParsedTranscript } from './word-collector.ts';

/** Where an episode's transcript comes from: a file in `transcripts/`, or the feed's link. */
export interface TranscriptSource {
  file: string;
  from: 'file' | 'feed';
  /** The link's URL, for a transcript from the feed. */
  url?: string;
}

/**
 * Reads an episode's transcript and counts what the build should say about it. A broken local
 * file is a problem (the person building can fix it); a feed's transcript that does not read is
 * a warning naming its URL, and the episode goes without.
 */
export async function readTranscriptSource(
  source: TranscriptSource,
  episode: { episode: string; title: string; duration: number | null },
  warnings: WarningCollector,
  problems: ProblemCollector,
): Promise<ParsedTranscript | null> {
  const where =
    source.from === 'feed' ? shownUrl(source.url ?? source.file) : displayPath(source.file);
  const read = () => readEpisodeTranscript(source.file, episode, warnings);
  const reading =
    source.from === 'file'
      ? await problems.attemptAsync(read)
      : await read().catch((error: unknown) => {
          if (!isInputError(error)) throw error;
          warnings.add(
            'transcript-link-failed',
            (n) =>
              `${plural(n, 'podcast:transcript link')} gave no transcript; ${n === 1 ? 'that episode has' : 'those episodes have'} none`,
            `episode ${episode.episode} "${episode.title}": ${where}: ${error.message.replace(/^.*?: /, '')}`,
          );
          return undefined;
        });
  if (reading === undefined) return null;
  if (reading.kind === 'no-words') {
    warnings.add(
      'transcript-without-words',
      (n) => `${plural(n, 'transcript')} held no timed words; stored without a transcript`,
      `${where}: ${reading.reason}`,
    );
    return null;
  }
  const { transcript } = reading;
  warnings.add(
    'interpolated',
    (n) => `${plural(n, 'word')} had no timing; interpolated from their neighbours`,
    where,
    transcript.interpolated,
  );
  warnings.add(
    'dropped-words',
    (n) => `${plural(n, 'empty word')} dropped`,
    where,
    transcript.dropped,
  );
  if (transcript.timing === 'approximate') {
    warnings.add(
      'approximate',
      (n) => `${plural(n, 'transcript')} had only cue-level timing; word times are approximate`,
      where,
    );
  }
  return transcript;
}
