/**
 * An episode's transcript as a file to download: WebVTT (each cue with its speaker's `<v>`
 * voice), SRT, or plain text with a speaker line per paragraph. Made from the transcript model
 * the page shows, so the files say what the page says (docs/decisions/0028-quotes-and-transcript-files.md).
 */
import type { ModelWord, TranscriptModel } from './transcript-model.ts';
import { joinWords } from './unspaced-scripts.ts';

/** The formats offered, with the file extension and MIME type of each. */
export const TRANSCRIPT_FORMATS = {
  vtt: { extension: 'vtt', mime: 'text/vtt', label: 'WebVTT' },
  srt: { extension: 'srt', mime: 'application/x-subrip', label: 'SRT' },
  txt: { extension: 'txt', mime: 'text/plain', label: 'Text' },
} as const;

export type TranscriptFormat = keyof typeof TRANSCRIPT_FORMATS;

/** A cue: words of one sentence and one speaker, at most `MAX_CUE_WORDS` long. */
export interface TranscriptCue {
  start: number;
  end: number;
  speaker: string | null;
  text: string;
}

// Players show a cue as one or two lines; a longer one is split.
const MAX_CUE_WORDS = 16;

/** The transcript as cues, in order, never overlapping. */
export function transcriptCues(model: TranscriptModel): TranscriptCue[] {
  const cues: TranscriptCue[] = [];
  for (const paragraph of model.paragraphs) {
    let run: ModelWord[] = [];
    const flush = (): void => {
      const first = run[0];
      const last = run.at(-1);
      if (first && last) {
        cues.push({
          start: first.start,
          end: Math.max(last.end, first.start),
          speaker: paragraph.speaker,
          text: joinWords(run.map((word) => word.text)),
        });
      }
      run = [];
    };
    for (let i = paragraph.start; i < paragraph.end; i += 1) {
      const word = model.words[i];
      if (!word) continue;
      const previous = run.at(-1);
      if (previous && (previous.sentence !== word.sentence || run.length >= MAX_CUE_WORDS)) flush();
      run.push(word);
    }
    flush();
  }
  // A recogniser's word may end after the next one starts; cues must not overlap.
  for (let i = 0; i + 1 < cues.length; i += 1) {
    const cue = cues[i];
    const next = cues[i + 1];
    if (cue && next && cue.end > next.start) cue.end = Math.max(cue.start, next.start);
  }
  return cues;
}

function cueTime(seconds: number, separator: '.' | ','): string {
  const millis = Math.max(0, Math.round(seconds * 1000));
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor((millis % 3_600_000) / 60_000);
  const secs = Math.floor((millis % 60_000) / 1000);
  const rest = millis % 1000;
  const two = (value: number): string => String(value).padStart(2, '0');
  return `${two(hours)}:${two(minutes)}:${two(secs)}${separator}${String(rest).padStart(3, '0')}`;
}

// Cue text is markup in WebVTT: '&', '<' and '>' are escaped; a line break or '-->' inside a
// word could end the cue, so every run of whitespace is one space.
function vttText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function plainLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** WebVTT with a `<v Speaker>` voice on each cue whose speaker is known. */
export function transcriptToWebVtt(model: TranscriptModel): string {
  const blocks = transcriptCues(model).map((cue) => {
    const voice = cue.speaker === null ? '' : `<v ${vttText(cue.speaker)}>`;
    return `${cueTime(cue.start, '.')} --> ${cueTime(cue.end, '.')}\n${voice}${vttText(cue.text)}`;
  });
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

/** SRT, numbered from 1; the speaker leads the cue's text ('Anna: …'). */
export function transcriptToSrt(model: TranscriptModel): string {
  const blocks = transcriptCues(model).map((cue, index) => {
    // SRT has no escapes and players read '<…>' as a tag: angle brackets become '‹ ›'.
    const text = plainLine(cue.text).replace(/</g, '‹').replace(/>/g, '›');
    const line = cue.speaker === null ? text : `${plainLine(cue.speaker)}: ${text}`;
    return `${index + 1}\n${cueTime(cue.start, ',')} --> ${cueTime(cue.end, ',')}\n${line}`;
  });
  return `${blocks.join('\n\n')}\n`;
}

/** Plain text: one paragraph per change of speaker, the speaker's name before it. */
export function transcriptToText(model: TranscriptModel): string {
  const paragraphs: string[] = [];
  for (const paragraph of model.paragraphs) {
    const text = plainLine(
      joinWords(model.words.slice(paragraph.start, paragraph.end).map((word) => word.text)),
    );
    if (text === '') continue;
    const last = paragraphs.length - 1;
    if (paragraph.continues && last >= 0) {
      paragraphs[last] = `${paragraphs[last] ?? ''} ${text}`;
    } else {
      paragraphs.push(
        paragraph.speaker === null ? text : `${plainLine(paragraph.speaker)}: ${text}`,
      );
    }
  }
  return `${paragraphs.join('\n\n')}\n`;
}

/** The file's text in `format`. */
export function transcriptFile(model: TranscriptModel, format: TranscriptFormat): string {
  if (format === 'vtt') return transcriptToWebVtt(model);
  if (format === 'srt') return transcriptToSrt(model);
  return transcriptToText(model);
}
