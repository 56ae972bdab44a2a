/**
 * Who speaks and where each part starts, in the demo's transcripts: speakers in two formats
 * and chapters for three episodes (issue 15).
 *
 * - Most episodes stay openai-whisper JSON, with each segment's `speaker` the presenter's
 *   name ('Dora Finch'): the build links a name to its presenter without any map.
 * - Episodes 8 and 9 are WhisperX JSON, every word labelled `SPEAKER_00`, `SPEAKER_01`… in
 *   order of first appearance, as diarisation writes them; `speakers.json` maps them.
 * - Episodes 1, 7 and 9 have Podcasting 2.0 chapters: 1 and 9 in `chapters/<episode>.json`,
 *   7 through its feed item's `podcast:chapters` (`media/chapters/7.json`, a path in the folder).
 */
import { castMember } from './cast.ts';
import type { EpisodeScript } from './episode-scripts.ts';
import type { WhisperTranscript } from './whisper-json.ts';

/** Episodes written as WhisperX with diarisation labels. */
export const WHISPERX_EPISODES: readonly string[] = ['8', '9'];

/** Chapters by episode: a title and the turn (index into `turns`) it starts with. */
export const CHAPTER_TURNS: Readonly<Record<string, readonly [string, number][]>> = {
  '1': [
    ['Welcome', 0],
    ['Clouds', 1],
    ['Honey', 4],
    ['Bananas and ice cream', 7],
  ],
  '7': [
    ['Good evening, Chicago', 0],
    ['Rivers and wind', 3],
    ['The Ferris wheel', 9],
    ['Lightning round', 13],
    ['The Twinkie', 21],
  ],
  '9': [
    ['Welcome back', 0],
    ['Vanilla and orchids', 1],
    ['Napoleon', 8],
    ['Robots', 11],
  ],
};

/** Episodes whose chapters the feed links instead of `chapters/<episode>.json`. */
export const FEED_CHAPTERS: readonly string[] = ['7'];

/** Where an episode's chapters file goes, relative to the podcast folder. */
export function chaptersPath(episode: string): string {
  return FEED_CHAPTERS.includes(episode)
    ? `media/chapters/${episode}.json`
    : `chapters/${episode}.json`;
}

/** The name a presenter speaks under in the whisper transcripts. */
export function speakerName(id: number): string {
  const member = castMember(id);
  return [member.firstName, member.middleName, member.lastName].filter(Boolean).join(' ');
}

/** Diarisation labels of an episode's speakers, by presenter id, in order of first appearance. */
export function diarisationLabels(episode: EpisodeScript): Map<number, string> {
  const labels = new Map<number, string>();
  for (const [speaker] of episode.turns) {
    if (!labels.has(speaker))
      labels.set(speaker, `SPEAKER_${String(labels.size).padStart(2, '0')}`);
  }
  return labels;
}

/** The WhisperX form of a whisper transcript whose segments carry labels as `speaker`. */
export function toWhisperX(transcript: WhisperTranscript): unknown {
  const segments = transcript.segments.map((segment) => {
    const speaker = segment.speaker ?? null;
    return {
      start: segment.start,
      end: segment.end,
      text: segment.text.trim(),
      speaker,
      words: segment.words.map((word) => ({
        word: word.word.trim(),
        start: word.start,
        end: word.end,
        score: word.probability,
        speaker,
      })),
    };
  });
  return { segments, language: transcript.language };
}

/** `speakers.json`: the WhisperX episodes' labels mapped to presenter ids. */
export function speakersFile(episodes: readonly EpisodeScript[]): unknown {
  const mapped: Record<string, Record<string, number>> = {};
  for (const episode of episodes) {
    if (!WHISPERX_EPISODES.includes(episode.episode)) continue;
    mapped[episode.episode] = Object.fromEntries(
      [...diarisationLabels(episode)].map(([id, label]) => [label, id]),
    );
  }
  return { default: {}, episodes: mapped };
}

/** The Podcasting 2.0 chapters of an episode, from the start times of its turns (seconds). */
export function chaptersOf(episode: EpisodeScript, turnStarts: readonly number[]): unknown {
  const turns = CHAPTER_TURNS[episode.episode];
  if (!turns) return null;
  return {
    version: '1.2.0',
    chapters: turns.map(([title, turn]) => ({
      startTime: turn === 0 ? 0 : Math.round((turnStarts[turn] ?? 0) * 1000) / 1000,
      title,
    })),
  };
}
