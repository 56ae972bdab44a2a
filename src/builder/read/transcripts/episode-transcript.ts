import { formatClockTime } from '../../../core/time-format.ts';
import { InputError, isInputError } from '../../errors.ts';
import type { WarningCollector } from '../../warnings.ts';
import {
  decodeTranscript,
  parseTranscript,
  readTranscriptFile,
  type TranscriptReading,
} from './detect.ts';

/**
 * How far past the feed's itunes:duration a transcript may run: a tenth of the episode plus
 * ten minutes (durations are often rounded, or leave out an ad read the audio has).
 */
export function durationLimit(duration: number): number {
  return duration * 1.1 + 600;
}

/**
 * Reads an episode's transcript file (src/builder/read/transcripts/detect.ts) and checks its times
 * against the episode's duration from the feed: a word past `durationLimit` is an error naming
 * the file and the word (a corrupt time the site could not play or show).
 */
export async function readEpisodeTranscript(
  file: string,
  episode: { episode: string; duration: number | null },
  warnings: WarningCollector,
): Promise<TranscriptReading> {
  return checkDuration(file, await readTranscriptFile(file, warnings), episode);
}

/**
 * Why a downloaded transcript is no use (it does not parse, holds no timed words, or runs past
 * the episode), or undefined when it reads: the check before it replaces the last good copy.
 */
export function checkTranscriptText(
  name: string,
  body: Buffer,
  episode: { episode: string; duration: number | null },
): string | undefined {
  try {
    const reading = checkDuration(
      name,
      parseTranscript(name, decodeTranscript(name, body, undefined)),
      episode,
    );
    return reading.kind === 'no-words' ? reading.reason : undefined;
  } catch (error) {
    if (!isInputError(error)) throw error;
    // The message's location is the name given here; the problem follows its first ': '.
    return error.message.replace(/^.*?: /, '');
  }
}

function checkDuration(
  file: string,
  reading: TranscriptReading,
  episode: { episode: string; duration: number | null },
): TranscriptReading {
  if (reading.kind !== 'words' || episode.duration === null) return reading;
  const limit = durationLimit(episode.duration);
  const { words, end } = reading.transcript;
  const index = end.findIndex((time) => time > limit);
  if (index !== -1) {
    throw new InputError(
      { file, episode: episode.episode },
      `word ${index + 1}, "${words[index] ?? ''}", ends at ${formatClockTime(end[index] ?? 0)}, well past the episode's itunes:duration (${formatClockTime(episode.duration)}); fix the transcript's times or the feed's duration`,
    );
  }
  return reading;
}
